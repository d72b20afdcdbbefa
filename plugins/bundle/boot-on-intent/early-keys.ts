/**
 * The first part of the boot script, inlined at the top of every built page's `<head>`: it holds
 * the search shortcut (Ctrl/⌘+K, `/`) pressed while the page is still loading, before ./boot.ts
 * (at the end of the body) has run, so that a press on a page still arriving is not lost, and
 * the text typed after it, meant for the search box. ./boot.ts takes both over when it runs,
 * replays the press once the app has started and types the text into the box.
 *
 * ./index.ts compiles this file with the module it imports, so the function must not refer to
 * anything else outside its body.
 */
import { searchShortcut, typedText } from '../../../src/theme/SearchBar/shortcut';

export function holdEarlyKeys(): void {
  const page = window as unknown as {
    __docsEarlyKey?: KeyboardEventInit;
    __docsTakeEarlyKey?: () => { key: KeyboardEventInit; text: string } | undefined;
  };
  let text = '';
  const hold = (event: KeyboardEvent): void => {
    const typed = page.__docsEarlyKey ? typedText(event) : undefined;
    if (typed !== undefined) {
      event.preventDefault();
      text = typed === null ? text.slice(0, -1) : text + typed;
      return;
    }
    if (!searchShortcut(event)) return;
    event.preventDefault();
    page.__docsEarlyKey = {
      key: event.key,
      code: event.code,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      bubbles: true,
    };
  };
  addEventListener('keydown', hold, true);
  page.__docsTakeEarlyKey = () => {
    removeEventListener('keydown', hold, true);
    return page.__docsEarlyKey && { key: page.__docsEarlyKey, text };
  };
}
