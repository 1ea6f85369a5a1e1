/**
 * Protocol eras and the user's choice of one. MCP has two eras: the 2025 one (an `initialize`
 * handshake, revisions 2024-11-05 to 2025-11-25) and the current stateless one (revision 2026-07-28:
 * `server/discover`, a `_meta` envelope on every request, list results with `ttlMs`/`cacheScope`).
 * `--protocol auto` probes the current era and falls back to the 2025 one (the official SDK's
 * `versionNegotiation: 'auto'`); `legacy`, `modern` or a revision pin the choice.
 * Spec: MCP 2026-07-28, Lifecycle (server/discover) and Versioning.
 */
import { z } from 'zod';

/** The current (stateless) revision. */
export const MODERN_VERSION = '2026-07-28';
/** 2025-era revisions, oldest first; spoken through `initialize`. */
export const LEGACY_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
export const KNOWN_VERSIONS = [...LEGACY_VERSIONS, MODERN_VERSION] as const;

export const PROTOCOL_ERAS = ['legacy', 'modern'] as const;
export const protocolEraSchema = z.enum(PROTOCOL_ERAS);
export type ProtocolEra = z.infer<typeof protocolEraSchema>;

/** What the user asked for: a mode, or one revision. */
export type ProtocolChoice =
  { mode: 'auto' | 'legacy' | 'modern' } | { mode: 'pinned'; version: (typeof KNOWN_VERSIONS)[number] };

/** The era a revision belongs to: 2026 and later are modern. */
export function eraOfVersion(version: string): ProtocolEra {
  return version >= MODERN_VERSION ? 'modern' : 'legacy';
}

/** Parses `--protocol`; null for anything unknown (the caller says what is accepted). */
export function parseProtocolChoice(text: string): ProtocolChoice | null {
  if (text === 'auto' || text === 'legacy' || text === 'modern') return { mode: text };
  const version = KNOWN_VERSIONS.find((known) => known === text);
  return version === undefined ? null : { mode: 'pinned', version };
}

/** `--protocol` spelled back. */
export function protocolChoiceText(choice: ProtocolChoice): string {
  return choice.mode === 'pinned' ? choice.version : choice.mode;
}

export const PROTOCOL_CHOICE_HELP = `auto, legacy, modern or one of ${KNOWN_VERSIONS.join(', ')}`;

/** How the era was chosen, for the Report. */
export const ERA_CHOSEN_BY = ['auto-probe', 'auto-fallback', 'requested'] as const;

export const otherEraSchema = z.object({
  era: protocolEraSchema,
  /** true: the server accepts it too; false: it refuses it; null: the probe could not tell. */
  accepted: z.boolean().nullable(),
  detail: z.string(),
});
export type OtherEra = z.infer<typeof otherEraSchema>;

export const protocolFactsSchema = z.object({
  /** The era and revision spoken (null when the connection failed before either was known). */
  era: protocolEraSchema.nullable(),
  version: z.string().nullable(),
  /** What was asked for: auto, legacy, modern or a revision. */
  requested: z.string(),
  chosenBy: z.enum(ERA_CHOSEN_BY),
  /** One sentence on how the era was chosen. */
  detail: z.string(),
  /** For a hosted URL: whether the other era is accepted too (one probe), else null. */
  otherEra: otherEraSchema.nullable(),
});
export type ProtocolFacts = z.infer<typeof protocolFactsSchema>;

/** The sentence that says how an era was chosen. */
export function describeChoice(choice: ProtocolChoice, era: ProtocolEra, version: string): ProtocolFacts['detail'] {
  if (choice.mode === 'auto') {
    return era === 'modern'
      ? `server/discover offered ${version}, so the current era was spoken (--protocol auto).`
      : `server/discover gave no modern answer, so the 2025 initialize handshake was used and the server chose ${version} (--protocol auto).`;
  }
  return `--protocol ${protocolChoiceText(choice)} was requested; the server spoke ${version}.`;
}
