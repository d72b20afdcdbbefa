/**
 * A count with its thousands grouped by commas (`8,000`, `10,000`), for the tools' messages.
 * Not `toLocaleString('en')`: its first call on a page sets up the browser's number formatting
 * (about 25 ms, far more on a busy phone), and these messages first appear in the same task as the
 * reader's edit (a pasted expression whose result or link is too long), which it would hold up.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count) || count < 0) return String(count);
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
