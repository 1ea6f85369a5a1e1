/**
 * The OAuth findings: their ids, the wire shape of a raised one (with its explanation, from the
 * catalogue in definitions.ts) and how a check adds one.
 */
import { z } from 'zod';
import { SEVERITIES, type Severity } from '../severity';
import { FINDING_IDS, OAUTH_FINDING_DEFINITIONS, type FindingId } from './definitions';

export { FINDING_IDS, type FindingId };

export const findingSchema = z.object({
  id: z.enum(FINDING_IDS),
  severity: z.enum(SEVERITIES),
  message: z.string(),
  explanation: z.string(),
});
export type Finding = z.infer<typeof findingSchema>;

/** Adds a finding (once per id and message), with the catalogue's severity unless given. */
export type AddFinding = (id: FindingId, message: string, severity?: Severity) => void;

/** The explanation a finding carries on the wire: what it means, then what it does not tell you. */
export function oauthExplanation(id: FindingId): string {
  const { meaning, doesNotTell } = OAUTH_FINDING_DEFINITIONS[id];
  return `${meaning} It does not tell you ${doesNotTell.charAt(0).toLowerCase()}${doesNotTell.slice(1)}`;
}

/** A raised finding of the catalogue, with its definition's severity unless given. */
export function oauthFinding(id: FindingId, message: string, severity?: Severity): Finding {
  return {
    id,
    severity: severity ?? OAUTH_FINDING_DEFINITIONS[id].severity,
    message,
    explanation: oauthExplanation(id),
  };
}
