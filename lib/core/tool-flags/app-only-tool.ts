/**
 * A tool the MCP Apps extension reserves for its UI (`_meta.ui.visibility: ["app"]`) is still in
 * tools/list: a host that implements the extension hides it from the model, any other host (and this
 * audit, as one) hands it to the model like every other tool.
 */
import { declaredVisibility } from '../apps/vocabulary';
import { type ToolRule } from './rule';

export const appOnlyTool: ToolRule<'app-only-tool'> = {
  definitions: {
    'app-only-tool': {
      id: 'app-only-tool',
      severity: 'medium',
      title: 'MCP App: a UI-only tool the model can call',
      meaning:
        'The tool\'s _meta.ui.visibility is ["app"]: the server means it for its UI only, and hosts that implement MCP Apps leave it out of the model\'s tool list. It is still listed, so a host without the extension (or one that ignores visibility) gives it to the model, which may call it directly, without the page that was meant to frame it. Medium when its effective hints make it a write, low for a read.',
      default: 'visibility ["model", "app"] when a tool declares none.',
      doesNotTell: 'Whether the host you use honours visibility, or what the tool does when the model calls it.',
      reference: 'MCP Apps extension (SEP-1865), McpUiToolMeta.visibility',
    },
  },
  check({ raw, analysis }, raise) {
    const visibility = declaredVisibility(raw?._meta);
    if (visibility === null || visibility.includes('model')) return;
    const writes = !analysis.effective.readOnlyHint.value;
    const scope = visibility.length === 0 ? 'an empty visibility (no one may call it)' : 'visibility ["app"]';
    raise(
      'app-only-tool',
      `Declares ${scope}, but tools/list carries it: a host without MCP Apps hands it to the model${writes ? ', and its hints make it a write' : ''}.`,
      writes ? 'medium' : 'low',
    );
  },
};
