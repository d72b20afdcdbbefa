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
 *   are left out.
 * `mdx-code-block` fences, which Docusaurus unwraps, are not unwrapped (that would move lines); no
 * page uses them.
 *
 * Compiling the 392 pages takes some 15 s of CPU time, so `compileProblems` shares them out to
 * worker threads, one per core.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker, parentPort } from 'node:worker_threads';
import { admonitionTitleToDirectiveLabel, escapeMarkdownHeadingIds } from '@docusaurus/utils';

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
  const remarkPlugins = [remarkGfm, remarkDirective, remarkComment];
  return {
    md: createProcessor({ format: 'md', remarkPlugins }),
    mdx: createProcessor({ format: 'mdx', remarkPlugins }),
  };
}

/** Compiles one page; the error MDX reports, at its line and column in the page, or undefined. */
export async function compileProblem(file: string, text: string): Promise<MdxProblem | undefined> {
  const processor = (await (processors ??= createProcessors()))[pageFormat(file, text)];
  try {
    await processor.process({ path: file, value: mdxSource(text) });
    return undefined;
  } catch (err) {
    // A VFileMessage: `reason` is the message without the place.
    const e = err as { line?: number; column?: number; reason?: string; message?: string };
    return { file, line: e.line ?? 0, column: e.column ?? 0, message: e.reason ?? e.message ?? String(err) };
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

async function compileJob({ file, name }: Job): Promise<MdxProblem | null> {
  return (await compileProblem(name, fs.readFileSync(file, 'utf8'))) ?? null;
}

/** A worker's side: compile each page it is sent and answer with its problem (null if none). */
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
  const results: (MdxProblem | null)[] = new Array(jobs.length).fill(null);
  // A worker takes some 0.5 s to start: one per 50 pages, one per core at most.
  const size = Math.min(os.availableParallelism(), Math.ceil(jobs.length / 50));
  if (size <= 1) {
    for (const [i, job] of jobs.entries()) results[i] = await compileJob(job);
    return results.filter((p): p is MdxProblem => p !== null);
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
            worker.on('message', (problem: MdxProblem | null) => {
              results[current] = problem;
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
  return results.filter((p): p is MdxProblem => p !== null);
}

/** One line per problem: `file:line:column: message`. */
export function formatProblems(problems: MdxProblem[]): string {
  return problems.map((p) => `${p.file}:${p.line}:${p.column}: ${p.message}`).join('\n');
}
