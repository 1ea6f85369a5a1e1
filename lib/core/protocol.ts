/**
 * Protocol eras and the user's choice of one. MCP has two eras: the 2025 one (an `initialize`
 * handshake, revisions 2024-11-05 to 2025-11-25) and the current stateless one (revision 2026-07-28:
 * `server/discover`, a `_meta` envelope on every request, list results with `ttlMs`/`cacheScope`).
 * `--protocol auto` probes the current era and falls back to the 2025 one (the official SDK's
 * `versionNegotiation: 'auto'`); `legacy`, `modern` or a revision pin the choice.
 * Spec: MCP 2026-07-28, Lifecycle (server/discover) and Versioning. Free of zod on purpose: the CLI
 * parses --protocol before it starts a server, and loads the Report's schemas while the server boots
 * (the facts the Report carries are in report/protocol-facts.ts).
 */
/** The current (stateless) revision. */
export const MODERN_VERSION = '2026-07-28';
/** 2025-era revisions, oldest first; spoken through `initialize`. */
export const LEGACY_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
export const KNOWN_VERSIONS = [...LEGACY_VERSIONS, MODERN_VERSION] as const;

export const PROTOCOL_ERAS = ['legacy', 'modern'] as const;
export type ProtocolEra = (typeof PROTOCOL_ERAS)[number];

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
