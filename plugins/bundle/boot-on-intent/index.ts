/**
 * Starts each built page's app when the reader reaches for a control that needs it instead of at
 * load, so loading costs a phone no hydration; the behaviour and its reasons are in ./boot.ts.
 *
 * After the build has written the pages, every HTML file's `<script src=… defer>` tags for the
 * bundle are replaced by one inline script at the end of the body, `bootOnIntent([...the same
 * files])`, which prefetches them once the page has loaded and starts them when needed, preceded
 * by the page's speculation rules (`speculationRules`: links pressed before the app runs are
 * prerendered).
 * Pages without such tags (the client redirects) are left alone. `npm start` is unchanged: the
 * dev server writes no files and starts the app at load.
 *
 * src/theme/Root.tsx tells the inline script when the app has hydrated.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** Docusaurus writes its bundle as `<script src="…" defer></script>` (quotes may be minified away). */
const BUNDLE_SCRIPT = /<script src=("?)([^"\s>]+)\1 defer><\/script>/g;

/** An `import { a, b } from '…'` statement as SWC writes it. */
const IMPORT = /\bimport\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"];?/g;

/** Stands for the page's script list in the minified boot script; a global, so never renamed. */
const SCRIPTS_MARK = '__BOOT_SCRIPTS__';

/** ./boot.ts as a script to call with a page's list of bundle files. */
export type BootScript = (scripts: string[]) => string;

/**
 * A file of this folder compiled and minified into an inline script that calls `call`, with the
 * SWC that Docusaurus's own build uses (through the rspack that `@docusaurus/faster` exports).
 * Compiled from the source text rather than taken from the loaded function, whose text depends
 * on whichever tool loaded this file (some add helper calls the page would not have).
 */
async function inlineScript(name: string, entry: string, call: string): Promise<string> {
  const { rspack } = await import('@docusaurus/faster');
  const { swc } = rspack.experiments;
  const compile = (file: string): string =>
    swc.transformSync(fs.readFileSync(file, 'utf8'), {
      filename: file,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2020' },
    }).code;
  const file = path.join(__dirname, name);
  // An inline script has no modules: each module the file imports goes in beside it, its exports
  // as plain declarations. Such a module must import nothing itself (tab-choice.ts, shortcut.ts),
  // so the keys the script holds and the tab it shows are the app's own.
  const inlined: string[] = [];
  const compiled = compile(file).replace(IMPORT, (_statement, names: string, from: string) => {
    if (/\bas\b/.test(names))
      throw new Error(`${file}: import ${names.trim()} from '${from}' renames; use the exported names`);
    const imported = path.resolve(path.dirname(file), `${from}.ts`);
    if (!fs.existsSync(imported)) throw new Error(`${file}: imports '${from}', but ${imported} does not exist`);
    const code = compile(imported);
    if (new RegExp(IMPORT.source).test(code))
      throw new Error(`${imported}: the boot script's modules must import nothing`);
    inlined.push(code.replace(/\bexport\s+(?=function\b|const\b|let\b)/g, ''));
    return '';
  });
  const body = compiled.replace(new RegExp(`\\bexport function ${entry}\\b`), `function ${entry}`);
  if (body === compiled) throw new Error(`${file}: expected \`export function ${entry}\``);
  const script = [...inlined, body].join('\n');
  let code: string;
  try {
    ({ code } = swc.minifySync(`(() => {\n${script}\n${call};\n})();`, { compress: true, mangle: true }));
  } catch (err) {
    // Module syntax left over (a default import, `export default`) makes the script unparseable.
    throw new Error(
      `${file}: the boot script and its modules may only import \`{ names }\` and export functions or constants: ${(err as Error).message.slice(0, 300)}`,
    );
  }
  return code.replace(/;$/, '');
}

/** ./boot.ts as a script to call with a page's list of bundle files. */
export async function minifiedBootScript(): Promise<BootScript> {
  const code = await inlineScript('boot.ts', 'bootOnIntent', `bootOnIntent(${SCRIPTS_MARK})`);
  if (!code.includes(SCRIPTS_MARK)) {
    throw new Error(`boot.ts: minifying the boot script lost its call (got ${code.slice(0, 200)})`);
  }
  return (scripts) => code.replace(SCRIPTS_MARK, () => JSON.stringify(scripts).replace(/</g, '\\u003c'));
}

/** ./early-keys.ts as a script for the head of every page that runs the boot script. */
export function minifiedEarlyScript(): Promise<string> {
  return inlineScript('early-keys.ts', 'holdEarlyKeys', 'holdEarlyKeys()');
}

/**
 * The page's speculation rules: while its app is not running, a link pressed to another page of
 * the site (under the base the bundle is served from) is prerendered from the press, so the
 * plain navigation that follows shows a page that is partly or wholly ready (see ./boot.ts,
 * which removes the rules once the app runs and links navigate client-side). "conservative" loads
 * nothing for links that are only seen. Files that are not pages (the Markdown twins, llms.txt,
 * downloads) are left out. The text is the same on every page, so one CSP hash allows it
 * (lib/security-headers.ts).
 */
export function speculationRules(scripts: string[], file: string): string {
  const at = scripts[0].indexOf('assets/js/');
  if (at < 0) throw new Error(`${file}: boot-on-intent expected the bundle under assets/js/, found ${scripts[0]}`);
  const rules = {
    prerender: [
      {
        where: {
          and: [
            { href_matches: `${scripts[0].slice(0, at)}*` },
            { not: { selector_matches: 'a[download], a[href$=".md"], a[href$=".txt"], a[href$=".json"]' } },
          ],
        },
        eagerness: 'conservative',
      },
    ],
  };
  return `<script type="speculationrules" data-boot>${JSON.stringify(rules).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The page with its bundle started by ./boot.ts; `html` itself when it loads no bundle. With
 * `earlyScript` (./early-keys.ts), that script goes first in the head, before the stylesheets
 * (an inline script after a stylesheet would wait for it), so it listens from the start.
 */
export function deferBundle(html: string, file: string, bootScript: BootScript, earlyScript?: string): string {
  const scripts: string[] = [];
  const stripped = html.replace(BUNDLE_SCRIPT, (_tag, _quote, src: string) => {
    scripts.push(src);
    return '';
  });
  if (scripts.length === 0) return html;
  if (!stripped.includes('</body>')) {
    throw new Error(
      `${file}: boot-on-intent found the bundle's scripts but no </body> to write the boot script before`,
    );
  }
  // `<` is escaped in the list, so no URL could close the inline script.
  const boot = `${speculationRules(scripts, file)}<script>${bootScript(scripts)}</script>`;
  const booted = stripped.replace(/<\/body>(?![\s\S]*<\/body>)/, `${boot}</body>`);
  if (!earlyScript) return booted;
  // After `<meta charset>` when it opens the head: it must stay in the first bytes.
  const head = /<head[^>]*>(\s*<meta charset=[^>]*>)?/i.exec(booted);
  if (!head) throw new Error(`${file}: boot-on-intent found no <head> to write the early-keys script into`);
  const at = head.index + head[0].length;
  return `${booted.slice(0, at)}<script>${earlyScript}</script>${booted.slice(at)}`;
}

function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export default function bootOnIntentPlugin(): Plugin {
  return {
    name: 'boot-on-intent',
    async postBuild({ outDir }) {
      const bootScript = await minifiedBootScript();
      const earlyScript = await minifiedEarlyScript();
      let rewritten = 0;
      for (const file of htmlFiles(outDir)) {
        const html = fs.readFileSync(file, 'utf8');
        const deferred = deferBundle(html, path.relative(outDir, file), bootScript, earlyScript);
        if (deferred === html) continue;
        rewritten++;
        // Other postBuild hooks run alongside and may read the pages: replace each file whole.
        const temp = `${file}.boot-tmp`;
        fs.writeFileSync(temp, deferred);
        fs.renameSync(temp, file);
      }
      // Pages whose script tags no longer match BUNDLE_SCRIPT would quietly boot at load again
      // (patches/manifest.json, "boot-on-intent-html"): fail instead.
      if (rewritten === 0) {
        throw new Error(
          `boot-on-intent: no page in ${outDir} loads its bundle as <script src=... defer></script>; the SSG template changed (see patches/manifest.json, boot-on-intent-html)`,
        );
      }
    },
  };
}
