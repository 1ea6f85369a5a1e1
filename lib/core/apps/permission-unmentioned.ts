/**
 * A browser permission the UI resource asks for (camera, microphone, geolocation, clipboard write)
 * that no text of the tools showing it mentions: a person approving the tool is not told the page
 * will ask to listen, watch, locate or write to the clipboard.
 */
import { raised, type Finding, type FlagDefinition } from '../finding';
import { some, type AppResourceFacts } from './facts';
import type { Permission } from './vocabulary';

export const PERMISSION_UNMENTIONED_DEFINITION: FlagDefinition<'app-permission-unmentioned'> = {
  id: 'app-permission-unmentioned',
  severity: 'medium',
  title: 'MCP App: permission its tool never mentions',
  meaning:
    "The UI resource's _meta.ui.permissions asks the host for a browser capability (camera, microphone, geolocation, clipboard write; the iframe's Permission Policy) that neither the title nor the description of any tool showing it mentions. Hosts may grant it; the person who approved the tool was not told.",
  default: 'No permissions: the page gets none of these features.',
  doesNotTell:
    'Whether the page uses the permission or the host grants it (hosts MAY honour it); a description can mention it in words this check does not know.',
  reference: 'MCP Apps extension (SEP-1865), McpUiResourcePermissions (@modelcontextprotocol/ext-apps 2.x)',
};

/** Words that tell a reader the permission is used (lower-case text). */
export const PERMISSION_WORDS: Record<Permission, RegExp> = {
  camera: /camera|webcam|\bvideo|\bphoto|selfie|\bscan/,
  microphone: /microphone|\bmic\b|audio|voice|recording|dictat|speech|\blisten/,
  geolocation: /geolocat|location|\bgps\b|nearby|where you are/,
  clipboardWrite: /clipboard|\bcopy|\bcopies/,
};

export function permissionFindings(facts: AppResourceFacts): Finding<'app-permission-unmentioned'>[] {
  const texts = facts.tools.length > 0 ? facts.tools.flatMap((tool) => tool.texts) : [facts.description ?? ''];
  const words = texts.join('\n').toLowerCase();
  const unmentioned = facts.ui.permissions.filter((permission) => !PERMISSION_WORDS[permission].test(words));
  if (unmentioned.length === 0) return [];
  const who =
    facts.tools.length > 0
      ? `the tool${facts.tools.length === 1 ? '' : 's'} ${some(facts.tools.map((tool) => tool.name))}`
      : 'the resource';
  return [
    raised(
      PERMISSION_UNMENTIONED_DEFINITION,
      `Asks for ${unmentioned.join(', ')}; ${who} never mention${facts.tools.length === 1 ? 's' : ''} it.`,
    ),
  ];
}
