/** The wire shapes of one raised flag (tools, prompts, resources, templates, instructions) and of its definition. */
import { z } from 'zod';
import type { FlagDefinition } from '../finding';
import { FLAG_IDS, type Flag, type FlagId } from './catalogue';
import { SEVERITIES } from '../severity';

export const flagSchema = z.object({ id: z.enum(FLAG_IDS), severity: z.enum(SEVERITIES), message: z.string() });

export const flagDefinitionSchema = z.object({
  id: z.enum(FLAG_IDS),
  severity: z.enum(SEVERITIES),
  title: z.string(),
  meaning: z.string(),
  default: z.string().nullable(),
  doesNotTell: z.string(),
  reference: z.string(),
});

// The schemas describe the model's types exactly (lib/core/finding.ts): a change to one fails to compile here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const FLAG_SCHEMAS_MATCH_MODEL: [
  Same<z.infer<typeof flagSchema>, Flag>,
  Same<z.infer<typeof flagDefinitionSchema>, FlagDefinition<FlagId>>,
] = [true, true];
