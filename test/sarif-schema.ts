// SARIF 2.1.0 checks shared by the CLI tests: the official JSON Schema (test/sarif-validator.ts),
// plus what GitHub code scanning demands beyond it.
import type { Log } from 'sarif';
import { expect } from 'vitest';
import { validateSarif } from './sarif-validator';

/** The types of @types/sarif with every field present, for reading a log the tests check first. */
type Present<T> = T extends readonly (infer U)[]
  ? Present<U>[]
  : T extends object
    ? { [K in keyof T]-?: Present<T[K]> }
    : T;

/** A parsed SARIF log as the tests read it (expectGithubReady and the schema check what is really there). */
export type Sarif = Present<Log>;

/** What GitHub code scanning demands beyond the schema (docs: SARIF support for code scanning). */
export function expectGithubReady(sarif: Sarif): void {
  expect(validateSarif(sarif), JSON.stringify(validateSarif.errors?.slice(0, 3))).toBe(true);
  for (const run of sarif.runs) {
    expect(run.automationDetails.id).toMatch(/^[^/]+(\/[^/]+)+$/);
    for (const rule of run.tool.driver.rules) {
      expect(Number(rule.properties['security-severity'])).toBeGreaterThan(0);
      expect(rule.help.text.length).toBeGreaterThan(10);
    }
    const ruleIds = new Set(run.tool.driver.rules.map((rule) => rule.id));
    const fingerprints = new Set<string>();
    for (const result of run.results) {
      expect(ruleIds.has(result.ruleId)).toBe(true);
      const uri = result.locations[0]?.physicalLocation.artifactLocation.uri ?? '';
      expect(uri).not.toMatch(/^[a-z]+:|^\//i);
      expect(result.locations[0]?.physicalLocation.region.startLine).toBeGreaterThanOrEqual(1);
      const print = Object.values(result.partialFingerprints).join();
      expect(fingerprints.has(print)).toBe(false);
      fingerprints.add(print);
    }
  }
}
