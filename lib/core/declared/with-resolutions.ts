/**
 * A local server's tools resolved in the exercise sandbox (issues 33 and 38), folded into the Report's
 * declared section: the resolutions and their findings replace any earlier ones (a hosted audit's, or
 * an earlier exercise's); a Report with no declared section gets one that holds only them.
 */
import type { Resolution } from '../resolve/definitions';
import { SERVER_JSON_SCHEMA_ID } from '../server-json/schema';
import { resolutionsPart, type DeclaredSection } from './section';

const isResolutionFinding = (finding: DeclaredSection['findings'][number]): boolean =>
  finding.id.startsWith('resolve-');

export function withResolutions(
  section: DeclaredSection | undefined,
  resolutions: readonly Resolution[],
  liveVersion: string | null,
): DeclaredSection | undefined {
  if (resolutions.length === 0) return section;
  const part = resolutionsPart(resolutions);
  const base: DeclaredSection = section ?? {
    declarations: [],
    checkedAgainst: SERVER_JSON_SCHEMA_ID,
    package: null,
    liveVersion,
    findings: [],
  };
  return {
    ...base,
    findings: [...base.findings.filter((finding) => !isResolutionFinding(finding)), ...part.findings],
    resolutions: part.resolutions,
  };
}
