/**
 * The keys that open search: Ctrl+K (⌘K on a Mac) toggles it from anywhere; "/" opens it unless
 * the key is typed into a field, where it must stay a character.
 *
 * One definition for two readers: the search bar, and the inline boot script that holds these
 * keys when they are pressed before the page's app runs (plugins/bundle/boot-on-intent compiles this
 * file into it). So the function must not refer to anything outside its body.
 */
export function searchShortcut(event: KeyboardEvent): 'toggle' | 'open' | null {
  if ((event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey)) return 'toggle';
  if (event.key !== '/') return null;
  const target = event.target as HTMLElement | null;
  const typing = !!target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName ?? ''));
  return typing ? null : 'open';
}

/**
 * The edit a key makes to search text typed before the search box exists (held by the boot
 * script while the app starts): a character, or `null` for Backspace (remove the last one).
 * `undefined` for any other key (arrows, Tab, a key with Ctrl, ⌘ or Alt), which is not text.
 * Self-contained for the same reason as searchShortcut.
 */
export function typedText(event: KeyboardEvent): string | null | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  if (event.key === 'Backspace') return null;
  return event.key.length === 1 ? event.key : undefined;
}
