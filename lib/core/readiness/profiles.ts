/** The readiness profiles (one file per directory), the one registry --profile and the dashboard read. */
import { CLAUDE_DIRECTORY } from './claude-directory';
import { OPENAI_DIRECTORY } from './openai-directory';
import type { ReadinessProfile } from './profile';

export const PROFILES = [CLAUDE_DIRECTORY, OPENAI_DIRECTORY] as const satisfies readonly ReadinessProfile[];
export { PROFILE_IDS, type ProfileId } from './profile-ids';

export function profileById(id: string): ReadinessProfile | null {
  return PROFILES.find((profile) => profile.id === id) ?? null;
}
