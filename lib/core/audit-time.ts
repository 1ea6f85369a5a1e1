/**
 * The one way an audit's time is shown, in the dashboard's report, its History list and the PDF:
 * "YYYY-MM-DD HH:MM UTC". UTC, never the browser's locale or zone, so the same audit reads the same
 * in History and in its report (and in a PDF sent to someone in another zone), and it matches the
 * ISO times in the JSON and the CLI. Text that is not a time is shown as it is.
 */
export function formatAuditTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number): string => String(n).padStart(2, '0');
  const day = `${String(date.getUTCFullYear())}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
  return `${day} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}
