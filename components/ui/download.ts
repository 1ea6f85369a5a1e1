/** Saving text as a file in the browser, through a Blob and an object URL. */
import type { FormatDefinition } from '@/lib/cli/formats/definition';

/** Saves `content` as a file named `name`, typed with the format's media type (its file in lib/cli/formats/). */
export function download(content: string, format: Pick<FormatDefinition, 'file'>, name: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: format.file.mediaType }));
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
