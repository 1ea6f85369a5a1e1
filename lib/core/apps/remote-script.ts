/** A UI page that loads script from another origin: the code that runs is not the code the server served. */
import { raised, type Finding, type FlagDefinition } from '../finding';
import { some, type AppResourceFacts } from './facts';
import { externalUrl } from './origins';

export const REMOTE_SCRIPT_DEFINITION: FlagDefinition<'app-remote-script'> = {
  id: 'app-remote-script',
  severity: 'medium',
  title: 'MCP App: remote script',
  meaning:
    'The UI page has a <script src> on another origin (absolute or protocol-relative). What runs in the frame beside the conversation, with the tools the page may call, is whatever that origin serves at the time, not the HTML this audit read; a change there changes the app with no change to the server.',
  default: null,
  doesNotTell:
    "What the script does, or whether the host's CSP (resourceDomains) lets it load. A pinned CDN file with subresource integrity is safer than the finding's severity suggests.",
  reference: 'MCP Apps extension (SEP-1865): UI resources, McpUiResourceCsp.resourceDomains',
};

export function remoteScriptFindings(facts: AppResourceFacts): Finding<'app-remote-script'>[] {
  const remote = (facts.scan?.scripts ?? []).filter((src) => externalUrl(src) !== null);
  if (remote.length === 0) return [];
  return [raised(REMOTE_SCRIPT_DEFINITION, `Loads script from ${some(remote)}.`)];
}
