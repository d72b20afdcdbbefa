/**
 * Tool state in the address's fragment (`#expression=…&resource=…`), so a reader can share a
 * link and the FHIR reference can link in with an example filled in.
 *
 * The fragment, unlike the query string, is never part of a request: what a reader types stays
 * in the browser even when the page fetches its definitions or the reader follows a link (the
 * site also sends no Referer, see docusaurus.config.ts). Links in the older `?resource=` form
 * still open: their state is moved into the fragment with `history.replaceState` as the tool
 * starts, so it does not linger in the address (or in a link copied from it).
 *
 * Resources travel as base64url-encoded UTF-8 JSON: links stay free of characters that Markdown
 * or chat apps would mangle.
 */
import { createContext, useCallback, useContext, useState, useSyncExternalStore } from 'react';
import { exceedsDepth, MAX_JSON_DEPTH } from './json-depth';

/** The names the tools keep in the address; anything else in a fragment is left alone. */
export const STATE_KEYS = ['resource', 'expression', 'type', 'query'] as const;

/**
 * Longest whole link (origin, path and fragment) the tools write into the address bar. A
 * fragment is not sent to a server, but a shared link travels through places that cap URLs
 * around 8 KB: servers and CDNs cap the request line near there (nginx's default header buffer
 * is 8 KB, Apache's LimitRequestLine 8,190 bytes), which matters whenever a link is passed on in
 * the old query form, shortened or proxied, and chat and mail apps cut long links. Past this
 * bound the tool says so and offers the JSON to copy instead of a link that may break.
 */
export const MAX_LINK_LENGTH = 8_000;

export function encodeResource(json: string): string {
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * What a link's `resource` value holds. On failure, `reason` says why in words and `text` is
 * whatever could be recovered (the decoded text, or nothing), never a sample standing in for it.
 */
export type DecodedResource = { ok: true; text: string } | { ok: false; reason: string; text: string };

export function decodeResource(encoded: string): DecodedResource {
  const value = encoded.trim().replace(/=+$/, '');
  const stray = /[^A-Za-z0-9_\-+/]/.exec(value)?.[0];
  if (stray !== undefined) {
    return {
      ok: false,
      reason: `it contains "${stray}", which base64url-encoded text never does, so the link was changed on its way here`,
      text: '',
    };
  }
  // Four base64 characters make three bytes; one character left over cannot make any.
  if (value.length % 4 === 1) {
    return {
      ok: false,
      reason: 'its encoded text stops part-way through a character: the link was cut short',
      text: '',
    };
  }
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(value.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  } catch {
    return { ok: false, reason: 'its encoded text is not base64url, so the link was altered', text: '' };
  }
  // `fatal`: bytes that are not UTF-8 are an error here, not replacement characters. A link cut
  // inside a multi-byte character is a truncation, so up to three trailing bytes may go.
  let json: string | undefined;
  for (let drop = 0; drop <= 3 && json === undefined && drop < bytes.length; drop++) {
    try {
      json = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, bytes.length - drop));
    } catch {
      // try one byte shorter
    }
  }
  if (json === undefined) {
    return { ok: false, reason: 'its decoded bytes are not UTF-8 text, so the link was altered', text: '' };
  }
  // Checked before JSON.parse and JSON.stringify, which recurse once per level.
  if (exceedsDepth(json)) {
    return {
      ok: false,
      reason: `its JSON is nested more than ${MAX_JSON_DEPTH} levels deep, deeper than any FHIR resource`,
      text: json,
    };
  }
  try {
    // Shown pretty-printed, as a reader would paste it.
    return { ok: true, text: JSON.stringify(JSON.parse(json), null, 2) };
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      reason: `its JSON is incomplete or broken (${detail}), so the link was probably cut short or edited. The box shows the text the link held`,
      text: json,
    };
  }
}

/** Length of the link `base` (origin, path, query) with `fragment` appended. */
export function linkLength(base: string, fragment: string): number {
  return base.length + (fragment ? 1 + fragment.length : 0);
}

/** The fragment for `values` (empty values left out), or undefined when the link would be too long. */
export function fragmentFor(base: string, values: Iterable<[string, string]>): string | undefined {
  const fragment = new URLSearchParams([...values].filter(([, v]) => v)).toString();
  return linkLength(base, fragment) <= MAX_LINK_LENGTH ? fragment : undefined;
}

function isStateKey(key: string): boolean {
  return (STATE_KEYS as readonly string[]).includes(key);
}

/**
 * Encoded state of the page in the address, with the address it was read from or last written
 * to: a client-side move to another page (or back to this one) reads the new address afresh.
 */
let current: { href: string; values: Map<string, string> } | undefined;
let tooLong = false;
const listeners = new Set<() => void>();

function setTooLong(next: boolean): void {
  if (next === tooLong) return;
  tooLong = next;
  for (const listener of listeners) listener();
}

/** The address without tool state, for replaceState. */
function addressWith(search: URLSearchParams, fragment: string): string {
  const query = search.toString();
  return `${window.location.pathname}${query ? `?${query}` : ''}${fragment ? `#${fragment}` : ''}`;
}

/**
 * Reads the state from the fragment, first moving any state an old `?` link carries into it.
 * The query form wins only for names the fragment does not already have.
 */
function state(): Map<string, string> {
  if (current?.href === window.location.href) return current.values;
  const search = new URLSearchParams(window.location.search);
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const values = new Map([...fragment].filter(([key]) => isStateKey(key)));
  const moved = STATE_KEYS.filter((key) => search.has(key));
  for (const key of moved) {
    if (!values.has(key)) values.set(key, search.get(key) ?? '');
    search.delete(key);
  }
  if (moved.length > 0) {
    // Only the tool's own names move; other query parameters and fragment text stay as they were.
    const rest = [...fragment].filter(([key]) => !isStateKey(key));
    const next = new URLSearchParams([...rest, ...values]).toString();
    window.history.replaceState(window.history.state, '', addressWith(search, next));
  }
  current = { href: window.location.href, values };
  tooLong = false;
  return values;
}

/** The raw (still encoded) value of `name` in the address, if there is one. */
export function readParam(name: string): string | undefined {
  return state().get(name);
}

/** Writes `name` and rewrites the address; past MAX_LINK_LENGTH the address holds no tool state. */
export function writeParam(name: string, encoded: string): void {
  const values = state();
  values.set(name, encoded);
  const search = new URLSearchParams(window.location.search);
  const base = `${window.location.origin}${addressWith(search, '')}`;
  const fragment = fragmentFor(base, values);
  // Too long: drop all tool state from the address rather than keep part of it, which would be
  // a link to something other than what the reader sees.
  window.history.replaceState(window.history.state, '', addressWith(search, fragment ?? ''));
  current = { href: window.location.href, values };
  setTooLong(fragment === undefined);
}

/** True while the tool's state is too long for a link (the tool then offers its JSON to copy). */
export function useLinkTooLong(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => tooLong,
    () => false,
  );
}

/** True when the address holds any tool state (in its fragment, or in an old `?` link). */
export function hasLinkState(): boolean {
  return state().size > 0;
}

/**
 * Whether the tool below may read the address. The built page holds each tool with its sample
 * (the server knows no fragment), and hydration must render exactly that; ToolSection then
 * looks at the address and, when it holds state, mounts the tool again with this set.
 */
export const ReadLinkState = createContext(false);

/** A value read from the fragment once, written back with `history.replaceState` on every change. */
export function useUrlParam(name: string, initial: string): [string, (value: string) => void] {
  const fromLink = useContext(ReadLinkState);
  const [value, setValue] = useState<string>(() => (fromLink ? readParam(name) : undefined) ?? initial);
  const update = useCallback(
    (next: string) => {
      setValue(next);
      writeParam(name, next);
    },
    [name],
  );
  return [value, update];
}

/**
 * The resource box's text: the link's resource, or `sample` when the link has none. A link
 * whose resource cannot be read gives `linkProblem` (why) and the text it held, never the sample:
 * a reader must not mistake the sample for what they were sent. The problem clears on the first
 * edit.
 */
export function useResourceParam(sample: string): {
  text: string;
  setText: (value: string) => void;
  linkProblem: string | undefined;
} {
  const fromLink = useContext(ReadLinkState);
  const [initial] = useState<{ text: string; problem?: string }>(() => {
    const raw = fromLink ? readParam('resource') : undefined;
    if (raw === undefined) return { text: sample };
    const decoded = decodeResource(raw);
    return decoded.ok ? { text: decoded.text } : { text: decoded.text, problem: decoded.reason };
  });
  const [text, setValue] = useState(initial.text);
  const [linkProblem, setLinkProblem] = useState(initial.problem);
  const setText = useCallback((next: string) => {
    setValue(next);
    setLinkProblem(undefined);
    writeParam('resource', next ? encodeResource(next) : '');
  }, []);
  return { text, setText, linkProblem };
}

/** The value after a pause in typing, so tools do not re-run on every key press. */
export { useDebounced } from './debounce';
