/** variable-not-expanded: ${...} in the entry of a client that passes it literally (Claude Desktop). */
import { CLIENTS } from '../clients';
import { at, located, type ConfigRule } from './rule';

export const variableNotExpanded: ConfigRule<'variable-not-expanded'> = {
  definition: {
    id: 'variable-not-expanded',
    severity: 'low',
    title: 'A variable reference the client passes literally',
    meaning:
      'The text contains ${...} but this client does not expand variables in its file (Claude Desktop): the server receives the characters "${...}" as the value.',
    doesNotTell: 'Whether the server expands it itself: most do not.',
    reference: 'modelcontextprotocol.io, Connect to local MCP servers (claude_desktop_config.json)',
  },
  looks: 'entry',
  check: ({ entry }) => {
    if (CLIENTS[entry.client].variables !== 'none') return [];
    const texts = [entry.command ?? '', ...entry.args, ...Object.values(entry.env), entry.url ?? ''];
    return texts.some((text) => /\$\{[^}]+\}/.test(text))
      ? [
          located(
            variableNotExpanded.definition,
            `contains \${...}, which ${CLIENTS[entry.client].label} passes literally.`,
            at(entry),
          ),
        ]
      : [];
  },
};
