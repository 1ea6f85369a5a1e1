/**
 * The Report's `declared` section: every declaration read (a server.json file, the card a hosted
 * server serves), the versions each side reports (facts, never a finding: published servers report
 * another version at connect time than their package), the installed package's claim, and the
 * findings, each with the declaration it is about.
 */
import { z } from 'zod';
import { FLAG_IDS } from '../flags/catalogue';
import { SEVERITIES } from '../severity';
import { readDeclared } from '../server-json/declared';
import { compareDeclaration } from '../server-json/definitions';
import { DECLARATION_KINDS, subjectOf, type Audited, type Declaration } from '../server-json/input';
import { SERVER_JSON_SCHEMA_ID, validateServerJson } from '../server-json/schema';
import { isRecord } from '../is-record';
import { declarationTextFindings } from './card-texts';
import { DECLARED_FINDING_IDS } from './definitions';
import { skillFindings } from '../skills/definitions';
import { invalidEntryFindings } from '../skills/invalid-entry';
import { readOf, type SkillObservation } from '../skills/observed';
import { cacheFieldFindings, type SkillsEnvelope } from '../skills/cache-fields';
import { resolutionFindings, type Resolution } from '../resolve/definitions';
import { resolvedAnnotations } from '../resolve/resolvable';
import { widenedHints } from '../resolve/widens-hints';

export const declaredFindingSchema = z.object({
  id: z.enum([...DECLARED_FINDING_IDS, ...FLAG_IDS]),
  severity: z.enum(SEVERITIES),
  message: z.string(),
  /** What it is about: "server.json PATH", "server card URL", "skill NAME", "tool NAME". */
  subject: z.string(),
});

export const declaredSectionSchema = z.object({
  declarations: z.array(
    z.object({
      kind: z.enum(DECLARATION_KINDS),
      location: z.string(),
      /** The document's own $schema, or null. */
      schema: z.string().nullable(),
      /** Against the vendored registry schema; null for a card (not a server.json). */
      valid: z.boolean().nullable(),
      name: z.string().nullable(),
      version: z.string().nullable(),
    }),
  ),
  /** The schema documents are checked against. */
  checkedAgainst: z.string(),
  package: z.object({ name: z.string(), version: z.string().nullable(), mcpName: z.string().nullable() }).nullable(),
  /** The server's own version (initialize / server/discover). */
  liveVersion: z.string().nullable(),
  findings: z.array(declaredFindingSchema),
  /** The skills the server serves (SEP-2640), when it declares the extension; each file with its check. */
  skills: z
    .array(
      z.object({
        uri: z.string(),
        name: z.string(),
        description: z.string(),
        files: z.union([
          z.literal('dynamic'),
          z.array(
            z.object({
              uri: z.string(),
              digest: z.string(),
              size: z.number(),
              read: z.enum(['match', 'mismatch', 'unreadable']),
            }),
          ),
        ]),
      }),
    )
    .optional(),
  /** Each resolvable tool resolved once with the generated arguments (tool-resolution extension). */
  resolutions: z
    .array(
      z.object({
        tool: z.string(),
        arguments: z.record(z.string(), z.unknown()),
        /** The annotations the answer gave, or null when it gave none (see the findings). */
        resolved: z.record(z.string(), z.unknown()).nullable(),
        widened: z.array(z.string()),
        /** Whether the sandbox watched the resolution (local servers); hosted: false, nothing observable. */
        observed: z.boolean(),
      }),
    )
    .optional(),
});
export type DeclaredSection = z.infer<typeof declaredSectionSchema>;

/** A declaration from a parsed document. */
export function declarationOf(kind: Declaration['kind'], location: string, document: unknown): Declaration {
  return { kind, location, document, declared: readDeclared(document) };
}

/** What the audit read of the server's skills (lib/server/declared/skills.ts). */
export interface SkillsRead {
  skills: SkillObservation[];
  invalid: { index: number; reason: string }[];
  /** Each skills/list page and skills/get result as received, and whether the connection spoke 2026-07-28. */
  envelopes?: SkillsEnvelope[];
  modern?: boolean;
}

function skillsPart(read: SkillsRead, toolNames: readonly string[]): Pick<DeclaredSection, 'skills' | 'findings'> {
  return {
    skills: read.skills.map((skill) => ({
      uri: skill.uri,
      name: skill.name,
      description: skill.description,
      files:
        skill.files === 'dynamic'
          ? 'dynamic'
          : skill.files.map((file) => {
              const got = readOf(skill, file.uri);
              const read =
                got === undefined || 'error' in got
                  ? ('unreadable' as const)
                  : got.digest === file.digest && got.size === file.size
                    ? ('match' as const)
                    : ('mismatch' as const);
              return { ...file, read };
            }),
    })),
    findings: [
      ...invalidEntryFindings(read.invalid).map((finding) => ({ ...finding, subject: 'skills/list' })),
      ...(read.envelopes ?? []).flatMap((envelope) =>
        cacheFieldFindings([envelope], read.modern === true).map((finding) => ({
          ...finding,
          subject: envelope.method,
        })),
      ),
      ...read.skills.flatMap((skill) =>
        skillFindings(skill, toolNames).map((finding) => ({ ...finding, subject: `skill ${skill.name}` })),
      ),
    ],
  };
}

export function resolutionsPart(resolutions: readonly Resolution[]): Pick<DeclaredSection, 'resolutions' | 'findings'> {
  return {
    resolutions: resolutions.map((resolution) => {
      const read = 'error' in resolution.answer ? null : resolvedAnnotations(resolution.answer.result, resolution.tool);
      const resolved = read === null || 'problem' in read ? null : read.annotations;
      return {
        tool: resolution.tool,
        arguments: resolution.argumentsSent,
        resolved,
        widened: resolved === null ? [] : widenedHints(resolution.staticAnnotations, resolved),
        observed: resolution.evidence !== null,
      };
    }),
    findings: resolutions.flatMap((resolution) =>
      resolutionFindings(resolution).map((finding) => ({ ...finding, subject: `tool ${resolution.tool}` })),
    ),
  };
}

/** What was read beside the declarations: the skills and the resolutions (null: not read). */
export interface DeclaredReads {
  skills?: SkillsRead | null;
  resolutions?: readonly Resolution[] | null;
}

/** The section for these declarations (and the skills and resolutions read) against what the audit saw. */
export function declaredSection(
  declarations: readonly Declaration[],
  audited: Audited,
  reads: DeclaredReads = {},
): DeclaredSection {
  const skills = reads.skills ?? null;
  const skillPart = skills === null ? null : skillsPart(skills, audited.listedTools ?? []);
  const resolvePart = reads.resolutions == null ? null : resolutionsPart(reads.resolutions);
  return {
    declarations: declarations.map((declaration) => ({
      kind: declaration.kind,
      location: declaration.location,
      schema:
        isRecord(declaration.document) && typeof declaration.document.$schema === 'string'
          ? declaration.document.$schema
          : null,
      valid: declaration.kind === 'card' ? null : validateServerJson(declaration.document).valid,
      name: declaration.declared.name,
      version: declaration.declared.version,
    })),
    checkedAgainst: SERVER_JSON_SCHEMA_ID,
    package: audited.package,
    liveVersion: audited.serverVersion,
    findings: [
      ...declarations.flatMap((declaration) =>
        [...compareDeclaration(declaration, audited), ...declarationTextFindings(declaration)].map((finding) => ({
          ...finding,
          subject: subjectOf(declaration),
        })),
      ),
      ...(skillPart?.findings ?? []),
      ...(resolvePart?.findings ?? []),
    ],
    ...(skillPart === null ? {} : { skills: skillPart.skills }),
    ...(resolvePart === null ? {} : { resolutions: resolvePart.resolutions }),
  };
}
