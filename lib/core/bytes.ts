/**
 * Byte counts: a UTF-8 length without encoding, and a size for people. Free of dependencies, so the
 * CLI can load it before anything heavy.
 */
/** A byte count for people: 512 B, 4.9 KiB, 16.0 MiB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

const NON_ASCII = /[^\u0000-\u007f]/;

/** UTF-8 length of a string without allocating an encoded copy. */
export function utf8Length(text: string): number {
  // Mostly ASCII (JSON of tool lists): one scan by the regex engine, then the length is the answer.
  if (!NON_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
