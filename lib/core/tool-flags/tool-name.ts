/**
 * A tool's name: shared with another tool of the listing, or outside the spec's guidance.
 */
import { toolNameProblem } from './tool-shape';
import { type ToolRule } from './rule';

export const toolName: ToolRule<'duplicate-tool-name' | 'invalid-tool-name'> = {
  definitions: {
    'duplicate-tool-name': {
      id: 'duplicate-tool-name',
      severity: 'high',
      title: 'Duplicate tool name',
      meaning:
        'Several tools share this name. Tool names must be unique within a server; a client calls tools by name, so which one runs is up to the server.',
      default: null,
      doesNotTell: 'Which of the listed definitions the server will actually execute.',
      reference: 'MCP specification 2025-11-25, Tools: tool names',
    },
    'invalid-tool-name': {
      id: 'invalid-tool-name',
      severity: 'medium',
      title: 'Tool name outside the spec',
      meaning:
        'Tool names should be 1 to 128 characters of A-Z, a-z, 0-9, underscore, hyphen and dot. Other names may break clients or hide look-alike characters.',
      default: null,
      doesNotTell: 'Whether the tool is malicious: only that its name does not follow the guidance.',
      reference: 'MCP specification 2025-11-25, Tools: tool names',
    },
  },
  check({ name, nameCount }, raise) {
    if (nameCount > 1) raise('duplicate-tool-name', `${nameCount} tools in this list share this name.`);
    const problem = toolNameProblem(name);
    if (problem !== null) raise('invalid-tool-name', `The ${problem}.`);
  },
};
