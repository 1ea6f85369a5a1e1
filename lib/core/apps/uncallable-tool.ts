/**
 * The UI page calls a tool (`callServerTool`) that the app may not call: its visibility leaves out
 * "app", or the listing has no such tool. Hosts reject the call, or, if they do not check, let the page
 * run a tool the server reserved for the model.
 */
import { raised, type Finding, type FlagDefinition } from '../finding';
import { some, type AppResourceFacts } from './facts';

export const UNCALLABLE_TOOL_DEFINITION: FlagDefinition<'app-calls-model-only-tool'> = {
  id: 'app-calls-model-only-tool',
  severity: 'medium',
  title: 'MCP App: the page calls a tool reserved for the model',
  meaning:
    'The UI page\'s script calls a tool by name whose _meta.ui.visibility leaves out "app" (the extension: only tools with "app" are callable by the app), or a tool the listing does not have. A host that checks rejects the call; one that does not lets the page run a tool the server reserved for the model.',
  default: 'visibility ["model", "app"] when a tool declares none.',
  doesNotTell: 'Calls made with a name built at run time, which the scan does not see.',
  reference: 'MCP Apps extension (SEP-1865), McpUiToolMeta.visibility',
};

export function uncallableToolFindings(facts: AppResourceFacts): Finding<'app-calls-model-only-tool'>[] {
  const calls = facts.scan?.toolCalls ?? [];
  const bad = calls.flatMap((name) => {
    const visibility = facts.visibilityByTool.get(name);
    if (visibility === undefined) return [`${name} (not listed)`];
    return visibility.includes('app') ? [] : [`${name} (visibility ${JSON.stringify(visibility)})`];
  });
  if (bad.length === 0) return [];
  return [raised(UNCALLABLE_TOOL_DEFINITION, `The page calls ${some(bad)}.`)];
}
