/**
 * A count with its thousands grouped by commas (`8,000`, `10,000`), for the tools' messages.
 * Not `toLocaleString('en')`: its first call on a page sets up the browser's number formatting
 * (about 25 ms on a quiet desktop, more under load), and these messages first appear in a
 * main-thread task that a reader's edit sets off (the edit's own, for a link or a query that is
 * too long; the worker's reply, for a result that is too large), which it would hold up.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count) || count < 0) return String(count);
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
