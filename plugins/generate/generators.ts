/**
 * Runs the reference generators, in the order plugins/generate/registry.ts lists them, from the
 * docs plugin's `loadContent` (./plugin.ts), so generated pages are ordinary docs (sidebar,
 * breadcrumbs, search) without being committed.
 *
 * A generator is a `generate.ts` file with a default export of type `Generator`, named as some
 * family's `generator` in the registry. The registry's order is the run order: a family's
 * generator runs after every generator of the families listed before it (the SDK reference links
 * to FHIR reference pages, so the FHIR reference comes first). A `plugins/generate/<name>/generate.ts`
 * the registry does not name fails the run, so no generator is silently skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { GENERATED } from './registry';

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

/** Where generators live, as the registry spells paths (relative to the site, with `/`). */
const GENERATE_DIR = 'plugins/generate';

/**
 * The generator files in run order (absolute paths): each registry family's generator under
 * plugins/generate/, once, where it is first named. Families written by a Docusaurus plugin
 * (docs-slim's area cards, the development search index) are not generators.
 */
export function generatorFiles(siteDir: string, families: readonly { generator: string }[] = GENERATED): string[] {
  const ordered = [
    ...new Set(
      families
        .map((family) => family.generator)
        .filter((file) => file.startsWith(`${GENERATE_DIR}/`) && file.endsWith('/generate.ts')),
    ),
  ];
  const dir = path.join(siteDir, GENERATE_DIR);
  const onDisk = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'generate.ts')))
    .map((entry) => `${GENERATE_DIR}/${entry.name}/generate.ts`);
  const unlisted = onDisk.filter((file) => !ordered.includes(file));
  if (unlisted.length > 0) {
    throw new Error(
      `plugins/generate/registry.ts: ${unlisted.join(', ')} ${unlisted.length === 1 ? 'is' : 'are'} not the generator of any family; add a family for it (its place in the list is its place in the run order)`,
    );
  }
  for (const file of ordered) {
    if (!fs.existsSync(path.join(siteDir, file))) {
      throw new Error(`plugins/generate/registry.ts: the generator ${file} does not exist`);
    }
  }
  return ordered.map((file) => path.join(siteDir, file));
}

/**
 * What a generator reads besides the pinned packages and its own code: the prose and data files
 * beside it (Markdown, YAML, JSON). The development server watches them (./plugin.ts), and a change
 * to one runs the generators again. A change to a generator's TypeScript needs a restart: Node
 * keeps the module it imported.
 */
export function generatorInputs(siteDir: string): string[] {
  return generatorFiles(siteDir).map((file) => path.join(path.dirname(file), '**', '*.{md,yaml,yml,json}'));
}

/** Every prose and data file beside the generators, with its modification time. */
function inputStamp(siteDir: string): string {
  const stamps: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(md|ya?ml|json)$/.test(entry.name)) stamps.push(`${file}:${fs.statSync(file).mtimeMs}`);
    }
  };
  for (const file of generatorFiles(siteDir)) walk(path.dirname(file));
  return stamps.sort().join('\n');
}

// Docusaurus loads the site (and calls `loadContent`) more than once per command, and the
// development server again on every watched change: the generators run again only when a watched
// input changed. Kept on globalThis, as the config module may be evaluated more than once.
const cacheKey = Symbol.for('medplum-docs.generators');
type Cache = Map<string, { stamp: string; result: Promise<Required<GeneratorResult>> }>;

/** Runs all generators in registry order; a failing generator fails the build with its own message. */
export function runGenerators(siteDir: string): Promise<Required<GeneratorResult>> {
  const store = globalThis as unknown as Record<symbol, Cache | undefined>;
  const cache = (store[cacheKey] ??= new Map());
  const stamp = inputStamp(siteDir);
  const cached = cache.get(siteDir);
  if (cached && cached.stamp === stamp) return cached.result;
  const result = generateAll(siteDir);
  cache.set(siteDir, { stamp, result });
  return result;
}

/** The redirects of the last run (run first if none has): for the redirects plugin's `postBuild`. */
export function generatedRedirects(siteDir: string): Promise<Redirect[]> {
  return runGenerators(siteDir).then((result) => result.redirects);
}

async function generateAll(siteDir: string): Promise<Required<GeneratorResult>> {
  const redirects: Redirect[] = [];
  for (const file of generatorFiles(siteDir)) {
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
