/**
 * Anchor ids for Endpoint parameter rows. Kept free of React and CSS so tests can import it.
 */

/** The anchor id for one parameter name: `param-<name>` or `param-<prefix>-<name>`. */
export function paramAnchorId(name: string, anchorPrefix?: string): string {
  const safe = name.replace(/[^A-Za-z0-9_.:-]/g, '-');
  return anchorPrefix ? `param-${anchorPrefix}-${safe}` : `param-${safe}`;
}

/**
 * Anchor ids for a whole parameter list, in order. A name that occurs more than once (e.g. `id`
 * in the path and in the body) gets its location appended, so every id on the page is unique.
 */
export function paramAnchorIds(params: { name: string; in: string }[], anchorPrefix?: string): string[] {
  const counts = new Map<string, number>();
  for (const p of params) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
  return params.map((p) => paramAnchorId((counts.get(p.name) ?? 0) > 1 ? `${p.name}-${p.in}` : p.name, anchorPrefix));
}
