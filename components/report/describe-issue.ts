/** The first problem zod found in a saved file, in words a person reads ("the name of tool 1"), never a schema path. */
import type { z } from 'zod';

const COLLECTIONS: Record<string, string> = {
  tools: 'tool',
  reports: 'report',
  servers: 'server',
  overview: 'overview row',
  flags: 'flag',
  probes: 'probe',
  findings: 'finding',
  configFindings: 'configuration finding',
  sessionFindings: 'session finding',
};

/** The first thing wrong, in words: "the name of tool 1", "the summary". */
export function describeFirstIssue(error: z.ZodError): string {
  const path = error.issues[0]?.path ?? [];
  const parts: string[] = [];
  for (let i = 0; i < path.length; i += 1) {
    const key = path[i];
    const next = path[i + 1];
    if (typeof key === 'string' && typeof next === 'number') {
      parts.push(`${COLLECTIONS[key] ?? key} ${next + 1}`);
      i += 1;
    } else if (typeof key === 'string') {
      parts.push(key);
    }
  }
  if (parts.length === 0) return 'its overall shape';
  return `the ${parts.reverse().join(' of ')}`;
}
