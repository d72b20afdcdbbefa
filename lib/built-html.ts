/**
 * What a built page says as served, read from its HTML file without a browser: its title, its
 * first heading, and every address it names (links, and the resources it loads). The crawl checks
 * every page this way, and opens only a sample in Chromium (tests/browser/crawl.test.ts).
 * The build's HTML is minified (attributes may be unquoted) but well formed: it comes from
 * React's server renderer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodeHTMLStrict } from 'entities';

/** The HTML file the build wrote for a route below the base (`/docs/x` -> docs/x.html or docs/x/index.html). */
export function builtFileOf(buildDir: string, route: string): string {
  const rel = route.replace(/^\//, '');
  const candidates = rel === '' ? ['index.html'] : [`${rel}.html`, path.join(rel, 'index.html')];
  const file = candidates.map((f) => path.join(buildDir, f)).find((f) => fs.existsSync(f));
  if (!file) throw new Error(`${buildDir}: no HTML file for ${route}`);
  return file;
}

export interface NamedAddress {
  /** The element and attribute that hold it: `a href`, `script src`, `link[stylesheet] href`. */
  where: string;
  value: string;
  /** True for an address the browser loads with the page; false for a link a reader follows. */
  loads: boolean;
}

export interface ServedFacts {
  title: string;
  h1: string;
  addresses: NamedAddress[];
}

const text = (html: string) =>
  decodeHTMLStrict(html.replace(/<[^>]+>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function attributesOf(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const body = tag.replace(/^<[^\s>]+/, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(ATTRIBUTE)) attrs.set(m[1].toLowerCase(), decodeHTMLStrict(m[2] ?? m[3] ?? m[4] ?? ''));
  return attrs;
}

/** Attributes that name an address, by element; `srcset` holds several. */
const ADDRESS_ATTRIBUTES: Record<string, string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  script: ['src'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  iframe: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  embed: ['src'],
  object: ['data'],
  form: ['action'],
};

/** Link relations that only name a document; every other `<link>` is fetched with the page. */
const NAMING_RELS = new Set(['canonical', 'alternate', 'author', 'license', 'help', 'search', 'sitemap']);

export function servedFacts(html: string): ServedFacts {
  // Scripts and styles hold no markup: drop their bodies so a `<a` inside a string is not read.
  const markup = html.replace(/(<(script|style)\b[^>]*>)[\s\S]*?<\/\2>/gi, '$1</$2>');
  const title = text(/<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(markup)?.[1] ?? '');
  const h1 = text(/<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(markup)?.[1] ?? '');
  const addresses: NamedAddress[] = [];
  for (const m of markup.matchAll(/<([a-z][a-z0-9]*)\b[^>]*>/gi)) {
    const element = m[1].toLowerCase();
    const names = ADDRESS_ATTRIBUTES[element];
    if (!names) continue;
    const attrs = attributesOf(m[0]);
    const rel = (attrs.get('rel') ?? '').toLowerCase();
    const naming =
      element === 'a' ||
      element === 'area' ||
      element === 'form' ||
      (element === 'link' && rel.split(/\s+/).every((r) => NAMING_RELS.has(r)));
    for (const name of names) {
      const value = attrs.get(name);
      if (value === undefined || value === '') continue;
      const values = name === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0]) : [value];
      for (const v of values.filter(Boolean)) {
        addresses.push({ where: `${element}${rel ? `[${rel}]` : ''} ${name}`, value: v, loads: !naming });
      }
    }
  }
  return { title, h1, addresses };
}
