/**
 * What one more page costs every other page: the gzip bytes its entries add to the JavaScript
 * that all pages load (route table, chunk registry and chunk maps in `main` and the webpack
 * runtime) and that all docs pages load (the docs sidebar metadata).
 *
 * Measured on the built files, deterministically: the entries of a sample of doc routes are cut
 * out of those files, and the gzip difference is divided by the number of entries cut. With the
 * compact route table of plugins/client-bundle, a route is one entry in `main` and there are no
 * chunk-name, registry or runtime entries: those kinds then count zero, and "route" counts all. Sidebar
 * data counts for the pages that load it: with one sidebar file per sidebar, the dearest. Patterns that stop
 * matching (a Docusaurus upgrade) show up as a count of zero, not as a silent zero cost.
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

export function perPageCost(buildDir: string, routes: string[], sampleSize = 40): PageCost {
  const js = path.join(buildDir, 'assets', 'js');
  const files = fs.readdirSync(js).filter((f) => f.endsWith('.js'));
  const read = (f: string) => fs.readFileSync(path.join(js, f), 'utf8');
  const mainFile = files.find((f) => /^main\.[0-9a-f]+\.js$/.test(f));
  const runtimeFile = files.find((f) => /^runtime~main\.[0-9a-f]+\.js$/.test(f));
  // Sidebars: in the version metadata (stock) or in per-sidebar route props (plugins/docs-slim).
  const metaFiles = files.filter((f) => !f.startsWith('main.') && /"(docsSidebars|sidebars)":\{"/.test(read(f)));
  if (!mainFile || !runtimeFile) throw new Error('main or runtime bundle not found in build/assets/js');

  const docs = routes.filter((r) => r.startsWith('/docs/')).sort();
  const step = Math.max(1, Math.floor(docs.length / sampleSize));
  const sample = docs.filter((_, i) => i % step === 0).slice(0, sampleSize);

  let main = read(mainFile);
  let runtime = read(runtimeFile);
  const meta = new Map(metaFiles.map((f) => [f, read(f)]));
  const metaCuts = new Map(metaFiles.map((f) => [f, 0]));
  const before = { main: gz(main), runtime: gz(runtime), meta: new Map(metaFiles.map((f) => [f, gz(meta.get(f)!)])) };
  const found = { route: 0, chunkNames: 0, registry: 0, runtime: 0, globalData: 0, sidebar: 0, docMap: 0 };

  const cut = (text: string, re: RegExp, kind: keyof typeof found): [string, RegExpExecArray | null] => {
    const m = re.exec(text);
    if (!m) return [text, null];
    found[kind]++;
    return [text.slice(0, m.index) + text.slice(m.index + m[0].length), m];
  };

  for (const route of sample) {
    const p = esc(route);
    // Docusaurus's route entry, or the compact one plugins/client-bundle writes:
    // `leaf("<path>",()=>Promise.all([n.e("1"),n.e("2")]).then(n.bind(n,3)),"<sidebar>")`.
    let routeMatch: RegExpExecArray | null;
    [main, routeMatch] = cut(main, new RegExp(`\\{path:"${p}",component:[\\w$]+\\("${p}","[0-9a-f]+"\\)[^}]*\\},?`), 'route');
    if (!routeMatch) {
      const load = `(?:Promise\\.all\\(\\[[^\\]]*\\]\\)|[\\w$]+\\.e\\("?\\d+"?\\))\\.then\\([\\w$.]+\\([^)]*\\)\\)`;
      [main] = cut(main, new RegExp(`[\\w$]+\\("${p}",\\(\\)=>${load}(?:,"[^"]*")?\\),?`), 'route');
    }
    let m: RegExpExecArray | null;
    [main, m] = cut(main, new RegExp(`"${p}-[0-9a-f]+":\\{[^}]*"content":"([^"]+)"[^}]*\\},?`), 'chunkNames');
    const key = m?.[1];
    if (key) {
      [main] = cut(main, new RegExp(`(?<=[{,])"?${esc(key)}"?:\\[\\(\\)=>.*?,(?:0|"[^"]*"),\\d+\\],?`), 'registry');
      // Runtime maps: chunk name -> id (prefetching), chunk id -> content hash, and (when files
      // are named by chunk name) chunk id -> name.
      const k = esc(key);
      const id =
        new RegExp(`[{,]"?${k}"?:"?(\\d+)"?[,}]`).exec(runtime.slice(runtime.indexOf('gca=')))?.[1] ??
        new RegExp(`(\\d+):"${k}"`).exec(runtime)?.[1];
      if (id) {
        runtime = runtime
          .replace(new RegExp(`([{,])${id}:"[^"]*",?`, 'g'), '$1')
          .replace(new RegExp(`([{,])"?${k}"?:"?${id}"?,?`, 'g'), '$1');
        found.runtime++;
      }
    }
    // Global data (every page): the docs plugin's list of doc paths.
    [main] = cut(main, new RegExp(`\\{"id":"[^"]*","path":"${p}"[^}]*\\},?`), 'globalData');
    for (const [file, text] of meta) {
      let rest: string;
      [rest, m] = cut(text, new RegExp(`\\{"type":"link","href":"${p}"[^}]*\\},?`), 'sidebar');
      if (!m) continue;
      metaCuts.set(file, metaCuts.get(file)! + 1);
      const docId = /"docId":"([^"]+)"/.exec(m[0])?.[1];
      if (docId) [rest] = cut(rest, new RegExp(`"${esc(docId)}":\\{"id":"${esc(docId)}"[^}]*\\},?`), 'docMap');
      meta.set(file, rest);
      break;
    }
  }
  const everyPage = (before.main - gz(main) + before.runtime - gz(runtime)) / sample.length;
  // A page in a sidebar costs the pages showing that sidebar: the dearest sidebar counts.
  const sidebarCost = Math.max(
    0,
    ...metaFiles.map((f) => (metaCuts.get(f)! ? (before.meta.get(f)! - gz(meta.get(f)!)) / metaCuts.get(f)! : 0)),
  );
  const everyDocsPage = everyPage + sidebarCost;
  return { sample: sample.length, found, everyPage: Math.round(everyPage), everyDocsPage: Math.round(everyDocsPage) };
}
