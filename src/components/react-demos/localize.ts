/**
 * Pure helper of the demo host, kept free of browser and bundler imports so tests can run it.
 */

/**
 * Replaces every external http(s) `url` in `value` with `localUrl`; returns whether it changed
 * anything. The mock's sample people have photos on other hosts, and the demos must not make
 * requests that leave this site.
 */
export function localizeUrls(value: unknown, localUrl: string): boolean {
  let changed = false;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
    } else if (node && typeof node === 'object') {
      const obj = node as Record<string, unknown>;
      for (const [key, child] of Object.entries(obj)) {
        if (key === 'url' && typeof child === 'string' && /^https?:\/\//.test(child) && 'contentType' in obj) {
          obj[key] = localUrl;
          changed = true;
        } else {
          visit(child);
        }
      }
    }
  };
  visit(value);
  return changed;
}
