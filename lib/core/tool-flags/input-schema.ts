/**
 * An inputSchema that is not a JSON Schema object of type "object".
 */
import { describeValue } from '../annotations';
import { type ToolRule } from './rule';

export const inputSchemaShape: ToolRule<'invalid-input-schema'> = {
  definitions: {
    'invalid-input-schema': {
      id: 'invalid-input-schema',
      severity: 'medium',
      title: 'Input schema is not an object schema',
      meaning: 'inputSchema must be a JSON Schema object describing the arguments (type "object").',
      default: null,
      doesNotTell: 'What arguments the tool really accepts.',
      reference: 'MCP specification, Tools: Tool.inputSchema',
    },
  },
  check({ inputSchema: schema }, raise) {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      raise('invalid-input-schema', `inputSchema is ${describeValue(schema)}, not a JSON Schema object.`);
    } else if ('type' in schema && schema.type !== 'object') {
      raise('invalid-input-schema', `inputSchema has type ${JSON.stringify(schema.type)}, not "object".`);
    }
  },
};
