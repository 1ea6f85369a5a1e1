/**
 * Configuration findings: what a client configuration says before anything is launched, one file
 * each in checks/ (checks/rule.ts says what one is), registered here once, in the order they run.
 * Each has a stable id, a severity, and an explanation in the style of lib/core/flags/catalogue.ts (what it
 * means, what it does not tell you, the reference). Messages name variables and headers, never values.
 */
import { z } from 'zod';
import { ruleCatalogue } from '../finding';
import { SEVERITIES } from '../severity';
import { callerSecretPassed } from './checks/caller-secret-passed';
import { configUnreadable } from './checks/config-unreadable';
import { duplicateServer } from './checks/duplicate-server';
import { entryRejected } from './checks/entry-rejected';
import { envFileOutsideProject } from './checks/env-file-outside-project';
import { insecureUrl } from './checks/insecure-url';
import { launchOverride } from './checks/launch-override';
import { needsValue } from './checks/needs-value';
import { plaintextSecret } from './checks/plaintext-secret';
import { located, type EntryFacts, type SourceFacts } from './checks/rule';
import { shellLaunch } from './checks/shell-launch';
import { unpinnedPackage } from './checks/unpinned-package';
import { variableNotExpanded } from './checks/variable-not-expanded';
import { CLIENT_IDS, CLIENTS } from './clients';
import type { ConfigEntry, EnvFileListing } from './entry';
import { hasVariable, type Need } from './variables';

const CONFIG_RULES = [
  configUnreadable,
  entryRejected,
  plaintextSecret,
  insecureUrl,
  unpinnedPackage,
  shellLaunch,
  launchOverride,
  variableNotExpanded,
  needsValue,
  envFileOutsideProject,
  callerSecretPassed,
  duplicateServer,
] as const;

const CONFIG_FINDINGS = ruleCatalogue(CONFIG_RULES);

export const CONFIG_FINDING_IDS = CONFIG_FINDINGS.ids;
export type ConfigFindingId = (typeof CONFIG_FINDING_IDS)[number];
export const CONFIG_FINDING_DEFINITIONS = CONFIG_FINDINGS.byId;

export const configFindingSchema = z.object({
  id: z.enum(CONFIG_FINDING_IDS),
  severity: z.enum(SEVERITIES),
  message: z.string(),
  client: z.enum(CLIENT_IDS),
  file: z.string(),
  line: z.number().int(),
  /** The server entry's name, or null for a finding about the whole file. */
  server: z.string().nullable(),
  entryId: z.string().nullable(),
});
export type ConfigFinding = z.infer<typeof configFindingSchema>;

type Rule = (typeof CONFIG_RULES)[number];
type Looking<Looks extends string> = Extract<Rule, { looks: Looks }>;
const looking = <Looks extends Rule['looks']>(looks: Looks): Looking<Looks>[] =>
  CONFIG_RULES.filter((rule): rule is Looking<Looks> => rule.looks === looks);

/** Findings about one entry, from its text alone (needs are computed by the caller's expansion). */
export function entryFindings(entry: ConfigEntry, needs: readonly Need[]): ConfigFinding[] {
  const syntax = CLIENTS[entry.client].variables;
  const facts: EntryFacts = { entry, needs, literal: (text) => !hasVariable(text, syntax) || syntax === 'none' };
  return looking('entry').flatMap((rule): ConfigFinding[] => rule.check(facts));
}

/**
 * Where an entry sends what it does not list by name: an envFile outside its project (project-level
 * files), and every secret-named variable of the caller it references, with where the value lands.
 */
export function sourceFindings(
  entry: ConfigEntry,
  envFile: EnvFileListing | null,
  realProject: string | null = null,
): ConfigFinding[] {
  const facts: SourceFacts = { entry, envFile, realProject };
  return looking('sources').flatMap((rule): ConfigFinding[] => rule.check(facts));
}

/** One finding per entry that shares its name with a differently configured entry elsewhere. */
export function duplicateFindings(entries: readonly ConfigEntry[]): ConfigFinding[] {
  return looking('entries').flatMap((rule): ConfigFinding[] => rule.check(entries));
}

/** A finding its reader raises about the file, or an entry it could not take (parse.ts). */
export function fileFinding(
  id: Looking<'file'>['definition']['id'],
  message: string,
  where: Pick<ConfigFinding, 'client' | 'file' | 'line'> & Partial<Pick<ConfigFinding, 'server' | 'entryId'>>,
): ConfigFinding {
  return located(CONFIG_FINDING_DEFINITIONS[id], message, { server: null, entryId: null, ...where });
}
