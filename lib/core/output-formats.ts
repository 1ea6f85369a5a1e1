/**
 * The output formats by name, with the file each is saved as (extension and media type): one constant
 * for the CLI's format registry (lib/cli/formats/, which adds each format's renderers) and the
 * dashboard's downloads, so a format has one name, one extension and one media type everywhere.
 * The order is the order help and error messages list them in.
 */

export interface FormatFile {
  extension: string;
  mediaType: string;
}

export const OUTPUT_FORMATS = {
  text: { extension: 'txt', mediaType: 'text/plain;charset=utf-8' },
  json: { extension: 'json', mediaType: 'application/json' },
  csv: { extension: 'csv', mediaType: 'text/csv;charset=utf-8' },
  // SARIF 2.1.0 §3.2: the .sarif extension and the application/sarif+json media type.
  sarif: { extension: 'sarif', mediaType: 'application/sarif+json' },
  junit: { extension: 'xml', mediaType: 'application/xml' },
  markdown: { extension: 'md', mediaType: 'text/markdown;charset=utf-8' },
} as const satisfies Record<string, FormatFile>;

export type OutputFormat = keyof typeof OUTPUT_FORMATS;

export const FORMAT_NAMES = Object.keys(OUTPUT_FORMATS) as OutputFormat[];

export function isOutputFormat(text: string): text is OutputFormat {
  return Object.hasOwn(OUTPUT_FORMATS, text);
}

/** `stem.extension` for a file of this format. */
export function formatFileName(stem: string, format: OutputFormat): string {
  return `${stem}.${OUTPUT_FORMATS[format].extension}`;
}
