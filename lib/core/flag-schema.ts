/** The wire shape of one raised flag (tools, prompts, resources, templates, instructions). */
import { z } from 'zod';
import { FLAG_IDS, SEVERITIES } from './flags';

export const flagSchema = z.object({ id: z.enum(FLAG_IDS), severity: z.enum(SEVERITIES), message: z.string() });
