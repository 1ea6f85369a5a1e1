/**
 * A count for people, 5,000 and 1,234,567: the thousands grouped with commas, as en-US writes them,
 * without Intl (whose first use loads locale data: about 10 ms the CLI would pay at every start,
 * since catalogue texts are built when their module loads).
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  const [whole = '0', fraction] = Math.abs(n).toString().split('.');
  if (whole.includes('e')) return n.toString();
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
