/**
 * The "no JavaScript" limit of a page: a copy of its built HTML with every script and
 * script preload removed, served beside the build under /bench-noscript/, so Lighthouse can
 * measure the same page as a reader would get it with scripts off. A template that does more
 * main-thread work than its no-script copy pays for hydration and client code; the bench
 * reports both side by side, with stock Docusaurus's docs page for comparison.
 */
import fs from 'node:fs';
import path from 'node:path';

export const NOSCRIPT_DIR = 'bench-noscript';

/** The built HTML file that serves `route` (clean URLs: `/a/b` is `a/b.html` or `a/b/index.html`). */
export function htmlFileFor(buildDir: string, route: string): string | undefined {
  if (route.endsWith('.html')) return path.join(buildDir, route);
  const clean = route.replace(/^\/|\/$/g, '');
  return [path.join(buildDir, `${clean}.html`), path.join(buildDir, clean, 'index.html')].find((f) => fs.existsSync(f));
}

/** `html` without scripts: <script> elements, and preload/prefetch links for scripts. */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\b(?:modulepreload|prefetch)\b[^>]*>/gi, '')
    .replace(/<link\b[^>]*\bas=["']?script\b[^>]*>/gi, '');
}

/**
 * Writes the stripped copy of each template's page into `<build>/bench-noscript/<template>.html`
 * and returns the route to audit per template. Remove the folder with `removeNoScriptCopies`.
 */
export function writeNoScriptCopies(buildDir: string, templates: Map<string, string>): Map<string, string> {
  const dir = path.join(buildDir, NOSCRIPT_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const routes = new Map<string, string>();
  for (const [template, route] of templates) {
    const file = htmlFileFor(buildDir, route);
    if (!file) continue;
    const slug = template.replace(/[^a-z0-9]+/gi, '-');
    fs.writeFileSync(path.join(dir, `${slug}.html`), stripScripts(fs.readFileSync(file, 'utf8')));
    routes.set(template, `/${NOSCRIPT_DIR}/${slug}`);
  }
  return routes;
}

export function removeNoScriptCopies(buildDir: string): void {
  fs.rmSync(path.join(buildDir, NOSCRIPT_DIR), { recursive: true, force: true });
}
