/**
 * A parsed configuration file, whatever its format: its root value, and for a key path the object
 * of servers found there with the line of each member (json-document.ts, toml-document.ts).
 */
export interface DocumentMember {
  name: string;
  /** 1-based line of the member's name. */
  line: number;
  value: unknown;
}

export type DocumentNode =
  { kind: 'object'; line: number; members: DocumentMember[] } | { kind: 'other'; line: number; type: string };

export interface DocumentError {
  message: string;
  line: number;
  /** A limit of this reader, not a syntax error of the file's format. */
  limit?: true;
}

export interface ConfigDocument {
  /** The root object, or null when the file holds something else (then `rootType` says what). */
  root: Record<string, unknown> | null;
  rootType: string;
  /** The first syntax error, with how many more follow. */
  error: (DocumentError & { more: number }) | null;
  at: (path: readonly string[]) => DocumentNode | undefined;
}

/** 1-based line of an offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
