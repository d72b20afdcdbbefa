/**
 * Compiles hand-written pages with MDX the way Docusaurus reads them, so that an MDX syntax error
 * (`<url>` in prose, which MDX reads as an unclosed JSX tag; a stray `{`) fails a unit test in
 * seconds instead of the full build minutes later (tests/unit/mdx-compile.test.ts).
 *
 * It is not Docusaurus's loader: it is `@mdx-js/mdx`'s compiler (the copy Docusaurus resolves)
 * with the steps of @docusaurus/mdx-loader that change what is valid syntax (its
 * lib/preprocessor.js and lib/processor.js), under this site's markdown settings:
 * docusaurus.config.ts sets no `format` and no `mdx1Compat`, so Docusaurus's defaults hold: every
 * .md and .mdx file is MDX unless its front matter says `format: md`, and the MDX 1 compatibility
 * of heading ids, admonition titles and HTML comments is on.
 * - The front matter, which Docusaurus parses apart, becomes as many empty lines, so every line
 *   keeps its number.
 * - Heading ids (`## Title {#id}`), which MDX would read as an expression, are escaped, and
 *   `:::note Title` becomes `:::note[Title]`, by the functions Docusaurus uses (neither moves a line).
 * - The remark plugins that add syntax, all three dependencies of @docusaurus/mdx-loader: remark-gfm,
 *   remark-directive (admonitions are container directives) and @slorber/remark-comment (`<!-- -->`).
 *   They are not in package.json: they are imported as npm installed them for mdx-loader, so they
 *   stay the versions the build uses. The site's own remark plugins only transform the tree and
 *   are left out (the JSX tag one of them replaces, `REPLACED_TAGS`, needs no component).
 * `mdx-code-block` fences, which Docusaurus unwraps, are not unwrapped (that would move lines); no
 * page uses them.
 *
 * MDX compiles `{id}` whatever `id` is, and `<Foo />` whether `Foo` exists or not: both only fail
 * when the build renders the page ("ReferenceError: id is not defined", "Expected component `Foo`
 * to be defined"). So the names a page reads are checked too (`undefinedNames`), on the tree MDX
 * parsed, where every expression, attribute value and import/export block keeps its ESTree with
 * places in the page. eslint-scope, ESLint's scope analysis, finds what they read and do not
 * declare themselves (an arrow function's parameter is declared). Such a name is defined if the
 * page imports or exports it, if Docusaurus's loader exports it from every page (`frontMatter`,
 * `toc`, …), if it is webpack's `require` or `props` (outside the import/export blocks), or a
 * global, per the `globals` package: one Node and browsers share (`JSON`, `URL`, `console`) or,
 * inside a function such as an event handler, a browser's (`window`; read while rendering it fails
 * the build's server rendering). `typeof x` does not count. A JSX tag must be defined the same
 * way or be one src/theme/MDXComponents.tsx provides (`PROVIDED_COMPONENTS`); lowercase tags are
 * HTML. Not caught: a browser global read by a function that runs while rendering
 * (`{list.map(() => window.x)}`). Reported though harmless: a global that another script sets, and
 * a browser global read while rendering behind a `typeof` test (`{typeof window === 'undefined' ?
 * '' : window.name}`: only the `typeof` operand itself is exempt).
 *
 * A link, link definition or image whose address the build cannot parse (`parseLocalURLPath`
 * throws, failing the whole build) is reported too (`remarkLinkUrls`).
 *
 * Compiling the 394 pages takes some 15 s of CPU time (checking their names adds little), so
 * `compileProblems` shares them out to worker threads, one per core.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker, parentPort } from 'node:worker_threads';
import { admonitionTitleToDirectiveLabel, escapeMarkdownHeadingIds, parseLocalURLPath } from '@docusaurus/utils';
import type { Scope } from 'eslint';
// ESLint's scope analysis, as npm installed it for eslint (a devDependency, as the unit tests are).
import { analyze } from 'eslint-scope';
import type * as ESTree from 'estree';
import globals from 'globals';
import { TAG as TROUBLESHOOTING_TAG } from '../plugins/markdown/remark-troubleshooting';

/** @docusaurus/mdx-loader's default admonition keywords (the site adds none). */
const ADMONITION_KEYWORDS = [
  'secondary',
  'info',
  'success',
  'danger',
  'note',
  'tip',
  'warning',
  'important',
  'caution',
];

/** A front matter block: a first line `---` to the next `---` line. */
const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?=\r?\n|$)/;

export interface MdxProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** `text` with its front matter block replaced by as many empty lines. */
export function blankFrontMatter(text: string): string {
  return text.replace(FRONT_MATTER, (block) => block.replace(/[^\r\n]/g, ''));
}

/** What the MDX compiler gets of a page: its text after Docusaurus's preprocessing, line for line. */
export function mdxSource(text: string): string {
  return admonitionTitleToDirectiveLabel(escapeMarkdownHeadingIds(blankFrontMatter(text)), ADMONITION_KEYWORDS);
}

/**
 * How Docusaurus reads a page (its getFormat): as its front matter's `format` says, else as the
 * site's markdown.format, Docusaurus's default `mdx`; `detect` goes by the extension.
 */
export function pageFormat(file: string, text: string): 'md' | 'mdx' {
  const declared = FRONT_MATTER.exec(text)?.[0].match(/^format:\s*['"]?(md|mdx|detect)['"]?\s*$/m)?.[1] ?? 'mdx';
  return declared === 'detect' ? (file.endsWith('.md') ? 'md' : 'mdx') : declared === 'md' ? 'md' : 'mdx';
}

/**
 * The component names src/theme/MDXComponents.tsx provides to every page (the uppercase keys of
 * @docusaurus/theme-classic's MDXComponents and the site's additions), which a page may use as JSX
 * tags without importing them. Docusaurus 3 provides no `Tabs`, `TabItem` or `CodeBlock`: a page
 * imports those. tests/unit/mdx-compile.test.ts checks the list against both files.
 */
export const PROVIDED_COMPONENTS = ['Head', 'Details', 'StaticDiagram'];

/**
 * What @docusaurus/mdx-loader exports from every page it loads, into the module the page's code
 * runs in (lib/loader.js: `frontMatter`, `contentTitle`, `assets`; lib/remark/toc: `toc`), so a
 * page may read them without declaring them. (`metadata` is re-exported, not declared.)
 */
const LOADER_EXPORTS = ['frontMatter', 'contentTitle', 'assets', 'toc'];

/**
 * What webpack, which bundles every page as a module, defines in each: `require`, with which a page
 * loads an image (`<img src={require('./a.png').default} />`, as Docusaurus's docs show and its
 * transformImage plugin writes for `![](./a.png)`).
 */
const BUNDLER_NAMES = ['require'];

/**
 * JSX tags that the site's own remark plugins replace before MDX renders the page, so no component
 * by that name is needed: `<TroubleshootingEntries group="…" />` (plugins/markdown/remark-troubleshooting).
 * That plugin replaces only a tag on a line of its own at the top level of the page (not inside
 * another tag or a paragraph), so only such a tag is exempt. (It also runs only on pages under
 * docs/, which is not checked: src/pages has no such tag.)
 */
const REPLACED_TAGS = [TROUBLESHOOTING_TAG];

/** Globals the server rendering of the build (Node) and browsers both have. */
const RENDER_GLOBALS = new Set([...Object.keys(globals.builtin), ...Object.keys(globals['shared-node-browser'])]);
/** Globals code has that runs only in the browser, such as an event handler. */
const BROWSER_GLOBALS = new Set([...RENDER_GLOBALS, ...Object.keys(globals.browser)]);

/** The part of an mdast node (with mdast-util-mdx's nodes) that `undefinedNames` reads. */
interface MdxNode {
  type: string;
  name?: string | null;
  children?: MdxNode[];
  attributes?: { type: string; value?: unknown; data?: { estree?: ESTree.Program | null } }[];
  data?: { estree?: ESTree.Program | null };
  position?: { start: { line: number; column: number; offset?: number }; end: { offset?: number } };
}

/**
 * The name a JSX tag refers to as a variable, as MDX decides (@mdx-js/mdx's recma-jsx-rewrite):
 * the object of `<a.b>`, a name that is an identifier and does not start with a lowercase letter
 * (`Foo`, `_foo`); not an HTML tag (`div`, `my-el`) or `<a:b>`.
 */
function componentName(tag: string): string | undefined {
  if (tag.includes(':')) return undefined;
  const [first = '', ...rest] = tag.split('.');
  const identifier = /^[$_\p{ID_Start}][$\u200C\u200D\p{ID_Continue}]*$/u.test(first);
  return identifier && first !== 'this' && (rest.length > 0 || !/^[a-z]/.test(first)) ? first : undefined;
}

/** A JSX tag's name in the ESTree as `componentName` reads it: only its first part matters. */
function jsxTag(name: ESTree.Node): string {
  const node = name as unknown as { type: string; name?: string; object?: ESTree.Node; namespace?: ESTree.Node };
  if (node.type === 'JSXMemberExpression' && node.object) return `${jsxTag(node.object)}.x`;
  if (node.type === 'JSXNamespacedName') return 'x:x';
  return node.name ?? '';
}

/**
 * The names a parsed page reads that nothing defines (see the top of this file), each at its line
 * and column in the page.
 */
function undefinedNames(tree: MdxNode): Omit<MdxProblem, 'file'>[] {
  // Every import/export block and every expression, in one module: MDX puts them all in one, and
  // an expression (not a statement) declares nothing that another one could see.
  const body: ESTree.Program['body'] = [];
  const esm: [number, number][] = [];
  const tags: { name: string; line: number; column: number; topLevel: boolean }[] = [];
  const visit = (node: MdxNode, parent?: MdxNode): void => {
    const estree = node.data?.estree;
    if (node.type === 'mdxjsEsm' && estree) {
      body.push(...estree.body);
      esm.push([node.position?.start.offset ?? 0, node.position?.end.offset ?? 0]);
    } else if ((node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') && estree) {
      body.push(...estree.body);
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      const start = node.position?.start;
      const topLevel = node.type === 'mdxJsxFlowElement' && parent?.type === 'root';
      if (node.name && start) tags.push({ name: node.name, line: start.line, column: start.column, topLevel });
      for (const attribute of node.attributes ?? []) {
        // `{...spread}` keeps its tree on the attribute, `a={value}` on its value.
        const value = attribute.value as { data?: { estree?: ESTree.Program | null } } | null | undefined;
        const tree = attribute.type === 'mdxJsxExpressionAttribute' ? attribute.data?.estree : value?.data?.estree;
        if (tree) body.push(...tree.body);
      }
    }
    node.children?.forEach((child) => visit(child, node));
  };
  visit(tree);
  if (body.length === 0 && tags.length === 0) return [];

  const manager = analyze({ type: 'Program', sourceType: 'module', body }, { ecmaVersion: 2024, sourceType: 'module' });
  // What the import/export blocks declare: the names every expression of the page can read.
  const moduleScope = manager.globalScope?.childScopes[0];
  const defines = (scope: Scope.Scope | null | undefined, name: string): boolean =>
    scope ? scope.set.has(name) || defines(scope.upper, name) : false;
  const inEsm = (node: ESTree.Node): boolean =>
    esm.some(([start, end]) => (node.range?.[0] ?? -1) >= start && (node.range?.[0] ?? -1) < end);
  const problems: Omit<MdxProblem, 'file'>[] = [];
  const at = (node: ESTree.Node): { line: number; column: number } => ({
    line: node.loc?.start.line ?? 0,
    column: (node.loc?.start.column ?? -1) + 1,
  });

  // `<props.Foo />` reads `props` as `{props.Foo}` does: defined outside the import/export blocks.
  const knownComponent = (name: string, inImportExport: boolean): boolean =>
    PROVIDED_COMPONENTS.includes(name) || LOADER_EXPORTS.includes(name) || (name === 'props' && !inImportExport);
  const missingComponent = (name: string, place: { line: number; column: number }): void => {
    problems.push({
      ...place,
      message: `Expected component \`${name}\` to be defined: import it, or provide it in src/theme/MDXComponents.tsx (the page would throw when it renders)`,
    });
  };
  // JSX inside an expression: its tag may also be a name the expression declares, so it is looked
  // up from the innermost scope around it. And `typeof x` reads `x` without throwing if it is
  // undefined (`typeof window`), so its `x` is left out.
  const typeofArguments = new Set<ESTree.Node>();
  const walk = (value: unknown, scope: Scope.Scope | null | undefined): void => {
    if (Array.isArray(value)) return value.forEach((item) => walk(item, scope));
    if (!value || typeof value !== 'object' || typeof (value as { type?: unknown }).type !== 'string') return;
    const node = value as ESTree.Node;
    const inner = manager.acquire(node, true) ?? scope;
    if (node.type === 'UnaryExpression' && node.operator === 'typeof') typeofArguments.add(node.argument);
    if ((node.type as string) === 'JSXOpeningElement') {
      const tagName = (node as unknown as { name: ESTree.Node }).name;
      const name = componentName(jsxTag(tagName));
      if (name && !knownComponent(name, inEsm(tagName)) && !defines(inner, name)) missingComponent(name, at(tagName));
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'loc' && key !== 'range') walk(child, inner);
  };
  walk(body, moduleScope);

  for (const reference of manager.globalScope?.through ?? []) {
    const { identifier, from } = reference;
    const name = identifier.name;
    if (typeofArguments.has(identifier) || LOADER_EXPORTS.includes(name) || BUNDLER_NAMES.includes(name)) continue;
    if (RENDER_GLOBALS.has(name)) continue;
    // `props` is the parameter of the function MDX renders the page's content in.
    if (name === 'props' && !inEsm(identifier)) continue;
    const inFunction = from.variableScope.type === 'function';
    if (BROWSER_GLOBALS.has(name)) {
      if (inFunction) continue;
      problems.push({
        ...at(identifier),
        message: `\`${name}\` is a browser global, read while the page renders: the server rendering of the build has none (read it in a function, such as an event handler)`,
      });
      continue;
    }
    problems.push({
      ...at(identifier),
      message: `\`${name}\` is not defined: the page does not import or export it, and no global has that name (the page would throw a ReferenceError when it renders)`,
    });
  }

  for (const tag of tags) {
    const name = componentName(tag.name);
    const replaced = tag.topLevel && REPLACED_TAGS.includes(tag.name);
    if (name && !replaced && !knownComponent(name, false) && !moduleScope?.set.has(name)) missingComponent(name, tag);
  }

  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Where `remarkUndefinedNames` leaves its findings for `pageProblems`, in the file's data. */
const UNDEFINED_NAMES = 'undefinedNames';

/** A remark plugin: finds the undefined names of the tree MDX parsed, which `process` does not return. */
function remarkUndefinedNames() {
  return (tree: MdxNode, file: { data: Record<string, unknown> }): void => {
    file.data[UNDEFINED_NAMES] = undefinedNames(tree);
  };
}

/**
 * Where `remarkLinkUrls` leaves its findings: links, link definitions and images whose address
 * @docusaurus/mdx-loader's transformImage and resolveMarkdownLinks (through `parseLocalURLPath`)
 * throw on, which fails the whole build. GFM turns a bare address in prose into a link, so a message quoted
 * outside backticks ("Invalid quantity value: |http://unitsofmeasure.org|mg") makes one whose URL
 * (`http://unitsofmeasure.org|mg`) no URL parser accepts.
 */
const LINK_URLS = 'linkUrls';

function remarkLinkUrls() {
  return (tree: MdxNode & { url?: string }, file: { data: Record<string, unknown> }): void => {
    const problems: Omit<MdxProblem, 'file'>[] = [];
    const visit = (node: MdxNode & { url?: string }): void => {
      if (['link', 'definition', 'image'].includes(node.type) && typeof node.url === 'string') {
        try {
          parseLocalURLPath(node.url);
        } catch (err) {
          problems.push({
            line: node.position?.start.line ?? 0,
            column: node.position?.start.column ?? 0,
            message: `the build cannot parse the ${node.type === 'image' ? 'image' : 'link'} address ${JSON.stringify(node.url)} (${err instanceof Error ? err.message : String(err)}): if it is quoted text GFM turned into a link, put it in backticks; otherwise fix the address`,
          });
        }
      }
      for (const child of node.children ?? []) visit(child);
    };
    visit(tree);
    file.data[LINK_URLS] = problems;
  };
}

// @mdx-js/mdx and the plugins are ESM-only and the tests load this file as CommonJS, so they are
// imported when first needed; a processor per format serves every page.
let processors: ReturnType<typeof createProcessors> | undefined;
async function createProcessors() {
  const [{ createProcessor }, { default: remarkGfm }, { default: remarkDirective }, { default: remarkComment }] =
    await Promise.all([
      import('@mdx-js/mdx'),
      import('remark-gfm'),
      import('remark-directive'),
      import('@slorber/remark-comment'),
    ]);
  // remarkUndefinedNames and remarkLinkUrls last: the others add syntax; they only read the tree.
  const remarkPlugins = [remarkGfm, remarkDirective, remarkComment, remarkUndefinedNames, remarkLinkUrls];
  return {
    md: createProcessor({ format: 'md', remarkPlugins }),
    mdx: createProcessor({ format: 'mdx', remarkPlugins }),
  };
}

/**
 * Compiles one page: the error MDX reports, at its line and column in the page; else every name
 * the page reads that nothing defines (`undefinedNames`) and every address the build cannot parse
 * (`remarkLinkUrls`); none if it is fine.
 */
export async function pageProblems(file: string, text: string): Promise<MdxProblem[]> {
  const processor = (await (processors ??= createProcessors()))[pageFormat(file, text)];
  try {
    const result = await processor.process({ path: file, value: mdxSource(text) });
    const names = (result.data[UNDEFINED_NAMES] ?? []) as Omit<MdxProblem, 'file'>[];
    const links = (result.data[LINK_URLS] ?? []) as Omit<MdxProblem, 'file'>[];
    return [...names, ...links]
      .sort((a, b) => a.line - b.line || a.column - b.column)
      .map((problem) => ({ file, ...problem }));
  } catch (err) {
    // A VFileMessage: `reason` is the message without the place.
    const e = err as { line?: number; column?: number; reason?: string; message?: string };
    return [{ file, line: e.line ?? 0, column: e.column ?? 0, message: e.reason ?? e.message ?? String(err) }];
  }
}

/** The .md and .mdx files under `dir` (none if there is no `dir`), but not in `skipDirs` (relative to `dir`). */
export function listPages(dir: string, skipDirs: string[] = []): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) {
        if (!skipDirs.includes(path.relative(dir, full))) walk(full);
      } else if (/\.mdx?$/.test(entry.name)) out.push(full);
    }
  };
  walk(dir);
  return out.sort();
}

interface Job {
  file: string;
  name: string;
}

async function compileJob({ file, name }: Job): Promise<MdxProblem[]> {
  return pageProblems(name, fs.readFileSync(file, 'utf8'));
}

/** A worker's side: compile each page it is sent and answer with its problems. */
export function serveWorker(): void {
  parentPort?.on('message', async (job: Job) => parentPort?.postMessage(await compileJob(job)));
}

/**
 * The problems of every file in `files`, named relative to `root`, in file order. The files are
 * handed out one at a time to a pool of worker threads, each loading this module through tsx; a
 * list that one worker would take is compiled here.
 */
export async function compileProblems(files: string[], root: string): Promise<MdxProblem[]> {
  const jobs: Job[] = files.map((file) => ({ file, name: path.relative(root, file) }));
  const results: MdxProblem[][] = jobs.map(() => []);
  // A worker takes some 0.5 s to start: one per 50 pages, one per core at most.
  const size = Math.min(os.availableParallelism(), Math.ceil(jobs.length / 50));
  if (size <= 1) {
    for (const [i, job] of jobs.entries()) results[i] = await compileJob(job);
    return results.flat();
  }
  const tsx = JSON.stringify(require.resolve('tsx/cjs/api'));
  const code = `require(${tsx}).register(); require(${JSON.stringify(__filename)}).serveWorker();`;
  const pool = Array.from({ length: size }, () => new Worker(code, { eval: true }));
  let next = 0;
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let current = -1;
            const send = (): void => {
              if (next >= jobs.length) return resolve();
              current = next++;
              worker.postMessage(jobs[current]);
            };
            worker.on('message', (problems: MdxProblem[]) => {
              results[current] = problems;
              send();
            });
            worker.on('error', reject);
            worker.on('exit', (exitCode) => reject(new Error(`an MDX compile worker stopped (exit code ${exitCode})`)));
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  return results.flat();
}

/** One line per problem: `file:line:column: message`. */
export function formatProblems(problems: MdxProblem[]): string {
  return problems.map((p) => `${p.file}:${p.line}:${p.column}: ${p.message}`).join('\n');
}
