/**
 * What one more page costs every other page: the gzip bytes its entries add to the JavaScript
 * that all pages load (its route in `main`'s route table) and that the docs pages of its sidebar
 * load (its sidebar link).
 *
 * Measured on the built files, deterministically: the entries of a sample of doc routes are cut
 * out of those files, and the gzip difference is divided by the number of entries cut. The
 * patterns are those of this site's client bundle (plugins/bundle/client-bundle writes a route as one
 * `leaf(...)` call; plugins/bundle/docs-slim ships no doc map, no per-doc global data and no per-chunk
 * runtime tables). Patterns that stop matching show up as a count of zero, not as a silent zero
 * cost.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const gz = (s: string) => zlib.gzipSync(s, { level: 9 }).length;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export interface PageCost {
  sample: number;
  /** Entries found per kind (each should be close to `sample`). */
  found: Record<string, number>;
  /** Bytes (gzip) per page on every page, and on every docs page. */
  everyPage: number;
  everyDocsPage: number;
}

/** A compact route: `leaf("<path>",()=>Promise.all([n.e("1"),n.e("2")]).then(n.bind(n,3)),"<sidebar>")`. */
const LOAD = `(?:Promise\\.all\\(\\[[^\\]]*\\]\\)|[\\w$]+\\.e\\("?\\d+"?\\))\\.then\\([\\w$.]+\\([^)]*\\)\\)`;
const routeEntry = (p: string) => new RegExp(`[\\w$]+\\("${p}",\\(\\)=>${LOAD}(?:,"[^"]*")?\\),?`);
const sidebarEntry = (p: string) => new RegExp(`\\{"type":"link","href":"${p}"[^}]*\\},?`);

export function perPageCost(buildDir: string, routes: string[], sampleSize = 40): PageCost {
  const js = path.join(buildDir, 'assets', 'js');
  const files = fs.readdirSync(js).filter((f) => f.endsWith('.js'));
  const read = (f: string) => fs.readFileSync(path.join(js, f), 'utf8');
  const mainFile = files.find((f) => /^main\.[0-9a-f]+\.js$/.test(f));
  if (!mainFile) throw new Error('main bundle not found in build/assets/js');
  // Sidebars travel in per-sidebar route props (plugins/bundle/docs-slim).
  const sidebarFiles = files.filter((f) => !f.startsWith('main.') && /"sidebars":\{"/.test(read(f)));

  const docs = routes.filter((r) => r.startsWith('/docs/')).sort();
  const step = Math.max(1, Math.floor(docs.length / sampleSize));
  const sample = docs.filter((_, i) => i % step === 0).slice(0, sampleSize);

  let main = read(mainFile);
  const sidebars = new Map(sidebarFiles.map((f) => [f, read(f)]));
  const sidebarCuts = new Map(sidebarFiles.map((f) => [f, 0]));
  const before = { main: gz(main), sidebars: new Map(sidebarFiles.map((f) => [f, gz(sidebars.get(f)!)])) };
  const found = { route: 0, sidebar: 0 };

  const cut = (text: string, re: RegExp, kind: keyof typeof found): [string, boolean] => {
    const m = re.exec(text);
    if (!m) return [text, false];
    found[kind]++;
    return [text.slice(0, m.index) + text.slice(m.index + m[0].length), true];
  };

  for (const route of sample) {
    const p = esc(route);
    [main] = cut(main, routeEntry(p), 'route');
    for (const [file, text] of sidebars) {
      const [rest, cutOne] = cut(text, sidebarEntry(p), 'sidebar');
      if (!cutOne) continue;
      sidebarCuts.set(file, sidebarCuts.get(file)! + 1);
      sidebars.set(file, rest);
      break;
    }
  }
  const everyPage = (before.main - gz(main)) / sample.length;
  // A page in a sidebar costs the pages showing that sidebar: the dearest sidebar counts.
  const sidebarCost = Math.max(
    0,
    ...sidebarFiles.map((f) =>
      sidebarCuts.get(f)! ? (before.sidebars.get(f)! - gz(sidebars.get(f)!)) / sidebarCuts.get(f)! : 0,
    ),
  );
  const everyDocsPage = everyPage + sidebarCost;
  return { sample: sample.length, found, everyPage: Math.round(everyPage), everyDocsPage: Math.round(everyDocsPage) };
}
