/** Helpers of ./index.tsx, which keeps a page's body as server HTML instead of JavaScript. */

/** Stored HTML as it is, or kept nodes serialised (only when their page is shown again). */
export function htmlOf(stored: string | Node[] | undefined): string {
  if (stored === undefined || typeof stored === 'string') return stored ?? '';
  const holder = document.createElement('div');
  holder.append(...stored);
  return holder.innerHTML;
}

/** A code block's copy button in plain HTML: copies the block's text as the theme's button does. */
export function copyBlock(button: HTMLElement) {
  const pre = button.parentElement?.querySelector('pre');
  if (!pre || !navigator.clipboard) return;
  void navigator.clipboard.writeText(pre.innerText.replace(/\n$/, '')).then(() => {
    button.textContent = 'Copied';
    button.setAttribute('aria-label', 'Copied');
    window.setTimeout(() => {
      button.textContent = 'Copy';
      button.setAttribute('aria-label', 'Copy code to clipboard');
    }, 1500);
  });
}
