/**
 * Generates the @medplum/react-hooks reference under docs/api/react-hooks/: an overview
 * (index.mdx, from overview.template.mdx) and one page per hook or small family of related
 * exports (see families.yaml), each with the signature, parameters and return value read from the
 * package's declarations, the package's own description, notes and an example from
 * examples/react-hooks/.
 *
 * Runs before the docs plugin reads docs/ (plugins/generate/generators.ts), with the same approach as the
 * component reference (plugins/generate/react-reference), whose mdast node helpers and front matter it
 * uses. An export the generator cannot document, or that no page in families.yaml lists, throws a
 * `HooksReferenceError` naming it, which fails the build. Pages use no components, so
 * plugins/markdown/static-body serves their bodies as static HTML.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Generator } from '../generators';
import { dataDir, generated } from '../registry';
import { packageVersion, peerTable } from '../react-reference/generate';
import { frontMatter } from '../react-reference/render';
import { fillTemplate, heading, parseProse, type RootContent, serialize, table } from '../mdast';
import { extractFunctions, type FunctionDoc, HooksReferenceError } from './extract';
import { GROUPS, type HookPage, hookLink, PAGES, placementOf, ROUTE_BASE } from './families';
import { descriptionOf, orDash, renderApi, renderExamples, summaryOf } from './render';

export const OUT_DIR = generated('react-hooks').outDir;
const PACKAGE = '@medplum/react-hooks';

export interface GenerateOptions {
  siteDir: string;
  /** Declarations to document; defaults to the installed package's. */
  dtsFile?: string;
  /** Where to write pages; defaults to docs/api/react-hooks under siteDir. */
  outDir?: string;
}

export interface GeneratedPage {
  slug: string;
  route: string;
  /** Exports documented on the page. */
  functions: string[];
  file: string;
}

/** Everything the build does, callable from tests with a fixture declaration file. */
export function generateHooksReference(options: GenerateOptions): GeneratedPage[] {
  const { siteDir } = options;
  const dtsFile =
    options.dtsFile ?? path.join(siteDir, 'node_modules', '@medplum', 'react-hooks', 'dist', 'esm', 'index.d.ts');
  const outDir = options.outDir ?? path.join(siteDir, OUT_DIR);
  const version = packageVersion(siteDir, PACKAGE);
  const source = `${PACKAGE}@${version} dist/esm/index.d.ts`;
  const functions = extractFunctions(dtsFile);
  for (const f of functions) {
    if (!placementOf(f.name)) {
      throw new HooksReferenceError(
        f.name,
        'no page in plugins/generate/react-hooks-reference/families.yaml lists it; add it to a page (with an example) there',
        f.location,
      );
    }
  }
  const byName = new Map(functions.map((f) => [f.name, f]));
  for (const page of PAGES) {
    for (const ex of page.examples) assertRegion(siteDir, page, ex.file, ex.region);
  }

  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const pages: GeneratedPage[] = [];
  PAGES.forEach((page, i) => {
    const members = page.members.map((m) => byName.get(m)).filter((f): f is FunctionDoc => f !== undefined);
    if (members.length === 0) return; // every export of this page is gone from this release
    const file = path.join(outDir, `${page.slug}.mdx`);
    fs.writeFileSync(file, renderPage(page, members, i + 1, source));
    pages.push({ slug: page.slug, route: `${ROUTE_BASE}/${page.slug}`, functions: members.map((m) => m.name), file });
  });
  const indexFile = path.join(outDir, 'index.mdx');
  fs.writeFileSync(indexFile, renderOverview(siteDir, functions, version, source));
  pages.push({ slug: 'index', route: ROUTE_BASE, functions: [], file: indexFile });
  return pages;
}

/** An example a page names must exist, with its region: a missing one would only fail later, in MDX. */
function assertRegion(siteDir: string, page: HookPage, file: string, region: string): void {
  const full = path.join(siteDir, file);
  const text = fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : undefined;
  if (!text?.includes(`// #region ${region}\n`) || !text.includes(`// #endregion ${region}`)) {
    throw new HooksReferenceError(
      page.members[0],
      `the example ${file}#${region} of page "${page.slug}" does not exist`,
    );
  }
}

function plain(s: string): string {
  return s.replace(/`/g, '').replace(/\s+/g, ' ').trim();
}

function renderPage(page: HookPage, members: FunctionDoc[], position: number, source: string): string {
  const out: RootContent[] = [
    frontMatter({
      id: page.slug,
      title: page.title,
      description: plain(page.description),
      sources: [`${source} (${members.map((m) => m.name).join(', ')})`, ...page.sources],
      sidebar_position: position,
    }),
    ...parseProse(page.intro),
  ];
  const notes = page.notes ? parseProse(page.notes) : [];
  if (members.length === 1) {
    const [f] = members;
    out.push(...descriptionOf(f), ...renderApi(f, 2), ...renderExamples(page), ...notes);
    return serialize(out);
  }
  out.push(
    table(
      ['Export', 'Summary'],
      members.map((m) => [[hookLink(m.name)], orDash(summaryOf(m))]),
    ),
    ...renderExamples(page),
    ...notes,
  );
  for (const f of members) {
    out.push(heading(2, f.name, f.name.toLowerCase()), ...descriptionOf(f));
    // Level 4 keeps the table of contents to one entry per export.
    out.push(...renderApi(f, 4, f.name.toLowerCase()));
  }
  return serialize(out);
}

function renderOverview(siteDir: string, functions: FunctionDoc[], version: string, source: string): string {
  const templateFile = path.join(siteDir, 'plugins', 'generate', 'react-hooks-reference', 'overview.template.mdx');
  const template = fs.readFileSync(templateFile, 'utf8');
  const byName = new Map(functions.map((f) => [f.name, f]));
  const sections: RootContent[] = [];
  for (const group of GROUPS) {
    const rows = PAGES.filter((p) => p.group === group.title)
      .flatMap((page) => page.members)
      .flatMap((name) => {
        const f = byName.get(name);
        return f ? [[[hookLink(name)], orDash(summaryOf(f))]] : [];
      });
    if (rows.length === 0) continue;
    sections.push(
      heading(3, group.title, group.anchor),
      ...parseProse(group.blurb),
      table(['Export', 'Summary'], rows),
    );
  }
  const hooks = functions.filter((f) => f.kind === 'hook').length;
  return serialize(
    fillTemplate(
      path.relative(siteDir, templateFile),
      template,
      {
        VERSION: version,
        SOURCE: source,
        FUNCTION_COUNT: String(functions.length),
        HOOK_COUNT: String(hooks),
        HELPER_COUNT: String(functions.length - hooks - 1),
      },
      { GROUPS: sections, PEER_TABLE: [peerTable(siteDir, PACKAGE)] },
    ),
  );
}

/**
 * Fingerprint of everything the output depends on. Docusaurus loads the site config more than
 * once per build; with an unchanged fingerprint and output in place, later runs reuse the pages.
 */
function inputsFingerprint(siteDir: string): string {
  const hash = createHash('sha256');
  const files = [
    'node_modules/@medplum/react-hooks/package.json',
    'node_modules/@medplum/react-hooks/dist/esm/index.d.ts',
    'plugins/generate/react-reference/render.ts',
    'plugins/generate/mdast.ts',
    'plugins/generate/react-reference/prose.ts',
    'plugins/generate/problems.ts',
    ...fs
      .readdirSync(path.join(siteDir, 'examples', 'react-hooks'))
      .sort()
      .map((f) => `examples/react-hooks/${f}`),
    ...fs
      .readdirSync(path.join(siteDir, 'plugins', 'generate', 'react-hooks-reference'))
      .sort()
      .map((f) => `plugins/generate/react-hooks-reference/${f}`),
  ];
  for (const f of files) hash.update(f).update(fs.readFileSync(path.join(siteDir, f)));
  return hash.digest('hex');
}

const generate: Generator = async ({ siteDir }) => {
  const stampFile = path.join(siteDir, dataDir('react-hooks'), 'inputs.sha256');
  const fingerprint = inputsFingerprint(siteDir);
  if (
    [stampFile, path.join(siteDir, OUT_DIR, 'index.mdx')].every((f) => fs.existsSync(f)) &&
    fs.readFileSync(stampFile, 'utf8') === fingerprint
  )
    return {};
  generateHooksReference({ siteDir });
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, fingerprint);
  return {};
};

export default generate;
