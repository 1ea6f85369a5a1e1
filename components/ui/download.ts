/** Saving text as a file in the browser, through a Blob and an object URL. */
import { OUTPUT_FORMATS, type OutputFormat } from '@/lib/core/output-formats';

/** Saves `content` as a file named `name`, typed with the format's media type (lib/core/output-formats.ts). */
export function download(content: string, format: OutputFormat, name: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: OUTPUT_FORMATS[format].mediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}
