/**
 * Runs every reference generator before Docusaurus reads docs/, so generated pages are ordinary
 * docs (sidebar, breadcrumbs, search) without being committed.
 *
 * A generator is `plugins/generate/<name>/generate.ts` with a default export of type `Generator`;
 * it is found by that file name, so adding a family needs no edit here (its folders go in
 * registry.ts, which tests/unit/generated-registry.test.ts checks it is listed in).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Redirect {
  from: string;
  to: string;
}

export interface GeneratorContext {
  siteDir: string;
}

export interface GeneratorResult {
  /** Client-side redirects for renamed generated pages. */
  redirects?: Redirect[];
}

export type Generator = (context: GeneratorContext) => Promise<GeneratorResult>;

/** Finds `plugins/generate/<name>/generate.ts` files in name order. */
export function findGenerators(siteDir: string): string[] {
  const pluginsDir = path.join(siteDir, 'plugins', 'generate');
  return fs
    .readdirSync(pluginsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(pluginsDir, entry.name, 'generate.ts')))
    .map((entry) => path.join(pluginsDir, entry.name, 'generate.ts'))
    .sort();
}

// Docusaurus loads the site config more than once per command (and may re-evaluate this module),
// so the result is kept on globalThis: generation runs once per process.
const cacheKey = Symbol.for('medplum-docs.generators');
type Cache = Map<string, Promise<Required<GeneratorResult>>>;

/** Runs all generators once per process; a failing generator fails the build with its own message. */
export function runGenerators(siteDir: string): Promise<Required<GeneratorResult>> {
  const store = globalThis as unknown as Record<symbol, Cache | undefined>;
  const cache = (store[cacheKey] ??= new Map());
  let result = cache.get(siteDir);
  if (!result) {
    result = generateAll(siteDir);
    cache.set(siteDir, result);
  }
  return result;
}

async function generateAll(siteDir: string): Promise<Required<GeneratorResult>> {
  const redirects: Redirect[] = [];
  for (const file of findGenerators(siteDir)) {
    const started = Date.now();
    const mod = (await import(file)) as { default: Generator };
    const result = await mod.default({ siteDir });
    redirects.push(...(result.redirects ?? []));
    console.log(
      `[generate] ${path.relative(siteDir, path.dirname(file))} in ${((Date.now() - started) / 1000).toFixed(1)}s`,
    );
  }
  return { redirects };
}
