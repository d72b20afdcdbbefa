/**
 * The first part of the boot script, inlined at the top of every built page's `<head>`: it holds
 * the search shortcut (Ctrl/⌘+K, `/`) pressed while the page is still loading, before ./boot.ts
 * (at the end of the body) has run, so that a press on a page still arriving is not lost.
 * ./boot.ts takes the held press over when it runs and replays it once the app has started.
 *
 * ./index.ts compiles this file with the module it imports, so the function must not refer to
 * anything else outside its body.
 */
import { searchShortcut } from '../../../src/theme/SearchBar/shortcut';

export function holdEarlyKeys(): void {
  const page = window as unknown as {
    __docsEarlyKey?: KeyboardEventInit;
    __docsTakeEarlyKey?: () => KeyboardEventInit | undefined;
  };
  const hold = (event: KeyboardEvent): void => {
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
    return page.__docsEarlyKey;
  };
}
