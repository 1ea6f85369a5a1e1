/**
 * The `envFile` Cursor and VS Code read for a stdio server: dotenv lines `NAME=value` (an optional
 * `export `, single or double quotes, `#` comments and blank lines). Lines that are not a variable
 * are skipped and counted, never guessed at.
 */

export interface EnvFile {
  values: Record<string, string>;
  /** 1-based lines that are not `NAME=value`. */
  skipped: number[];
}

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/;

export function parseEnvFile(text: string): EnvFile {
  const values: Record<string, string> = {};
  const skipped: number[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const match = LINE.exec(line);
    if (match === null) {
      skipped.push(index + 1);
      return;
    }
    const name = match[1] ?? '';
    let value = (match[2] ?? '').trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.length >= 2 && value.endsWith(quote)) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replaceAll('\\n', '\n').replaceAll('\\"', '"');
    } else {
      const comment = value.search(/\s#/);
      if (comment !== -1) value = value.slice(0, comment).trimEnd();
    }
    values[name] = value;
  });
  return { values, skipped };
}
