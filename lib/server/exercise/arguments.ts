/**
 * Arguments for an exercised call: given ones (--calls FILE, the dashboard) as they are, otherwise
 * a sample of the tool's inputSchema from @stoplight/json-schema-sampler (required fields only,
 * deterministic, so a repeat sends the same arguments) steered to safe values (core/exercise/steer.ts).
 */
import { sample } from '@stoplight/json-schema-sampler';
import { steerArguments } from '../../core/exercise/steer';
import { NEW_FILE, SAMPLE_FILE } from './folders';
import { SANDBOX_WORK } from './sandbox';

const TARGETS = {
  work: SANDBOX_WORK,
  sampleFile: `${SANDBOX_WORK}/${SAMPLE_FILE}`,
  newFile: `${SANDBOX_WORK}/${NEW_FILE}`,
  url: 'http://127.0.0.1:9/hintcheck',
};

/** The generated arguments for a tool, or {} when its schema cannot be sampled. */
export function generatedArguments(tool: {
  name: string;
  description: string | null;
  inputSchema?: unknown;
}): Record<string, unknown> {
  let sampled: unknown = {};
  try {
    if (typeof tool.inputSchema === 'object' && tool.inputSchema !== null)
      sampled = sample(tool.inputSchema, {
        skipNonRequired: true,
        maxSampleDepth: 5,
        quiet: true,
      });
  } catch {
    sampled = {};
  }
  return steerArguments(sampled, tool.inputSchema, TARGETS, tool.name);
}
