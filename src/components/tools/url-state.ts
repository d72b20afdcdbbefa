/**
 * Tool state in the query string, so a reader can share a link and the FHIR reference can link
 * in with an example filled in. Resources travel as base64url-encoded UTF-8 JSON: links stay
 * free of characters that Markdown or chat apps would mangle.
 */
import { useCallback, useState } from 'react';

export function encodeResource(json: string): string {
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeResource(encoded: string): string | undefined {
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    // Show shared resources pretty-printed; leave anything that is not JSON as it came.
    try {
      return JSON.stringify(JSON.parse(json), null, 2);
    } catch {
      return json;
    }
  } catch {
    return undefined;
  }
}

/** Longest value kept in the address bar, in characters after encoding. */
export const MAX_PARAM_LENGTH = 32_000;

function readParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

/** A value read from `?name=` once, written back with `history.replaceState` on every change. */
export function useQueryParam(
  name: string,
  initial: string,
  codec: { decode: (s: string) => string | undefined; encode: (s: string) => string } = {
    decode: (s) => s,
    encode: (s) => s,
  },
): [string, (value: string) => void] {
  const [value, setValue] = useState<string>(() => {
    const raw = readParams().get(name);
    return (raw !== null ? codec.decode(raw) : undefined) ?? initial;
  });
  const update = useCallback(
    (next: string) => {
      setValue(next);
      const params = readParams();
      const encoded = next ? codec.encode(next) : '';
      // Browsers and chat apps choke on very long links: big inputs stay out of the URL.
      if (encoded && encoded.length <= MAX_PARAM_LENGTH) params.set(name, encoded);
      else params.delete(name);
      const query = params.toString();
      window.history.replaceState(
        window.history.state,
        '',
        `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`,
      );
    },
    [name, codec],
  );
  return [value, update];
}

export const RESOURCE_CODEC = { decode: decodeResource, encode: encodeResource };

/** The value after a pause in typing, so tools do not re-run on every key press. */
export { useDebounced } from './debounce';
