/**
 * Fills a fenced code block from a real, type-checked file, so the code a reader copies is the
 * code the test suite compiles and runs:
 *
 *   ```ts file=examples/search/basic-search.ts#find-patients
 *   ```
 *
 * `file=` is relative to the site root. `#name` keeps only the lines between
 * `// #region name` and `// #endregion name` (marker lines dropped, common indent removed).
 * A missing file or region fails the build naming the page and line.
 *
 * When the region sends requests, its recording (`examples/<area>/<name>.http.json`, written by
 * the unit tests, see http-recordings.ts) turns the block into a TypeScript | HTTP | curl |
 * Python tab group (http-tabs.ts). A malformed recording fails the build naming the page and line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { visit } from 'unist-util-visit';
import { readRegionRecording, regionSeed } from './http-recordings';
import { exampleTabs } from './http-tabs';

interface CodeNode {
  type: 'code';
  lang?: string | null;
  meta?: string | null;
  value: string;
  position?: { start: { line: number } };
}

export interface Options {
  siteDir: string;
  /** Add the HTTP, curl and Python tabs where a recording exists (default true). */
  httpTabs?: boolean;
}

export function extractRegion(source: string, region: string | undefined, where: string): string {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  if (!region) return trimBlank(lines).join('\n');
  const start = lines.findIndex((l) => l.trim() === `// #region ${region}`);
  const end = lines.findIndex((l, i) => i > start && l.trim() === `// #endregion ${region}`);
  if (start === -1 || end === -1) {
    throw new Error(
      `${where}: region "${region}" not found (expected "// #region ${region}" … "// #endregion ${region}")`,
    );
  }
  const body = lines.slice(start + 1, end).filter((l) => !/^\s*\/\/ #(end)?region\b/.test(l));
  return dedent(trimBlank(body)).join('\n');
}

function trimBlank(lines: string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && lines[a].trim() === '') a++;
  while (b > a && lines[b - 1].trim() === '') b--;
  return lines.slice(a, b);
}

function dedent(lines: string[]): string[] {
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut));
}

export default function remarkExampleCode(options: Options) {
  return (tree: unknown, vfile: { path?: string }) => {
    let tabs = 0;
    const mdx = !(vfile.path ?? '').endsWith('.md');
    visit(
      tree as never,
      'code',
      (node: CodeNode, index: number | undefined, parent: { children: unknown[] } | undefined) => {
        const match = /(?:^|\s)file=(\S+)/.exec(node.meta ?? '');
        if (!match) return;
        const [filePart, region] = match[1].split('#');
        const page = path.relative(options.siteDir, vfile.path ?? '<unknown page>');
        const where = `${page}:${node.position?.start.line ?? 0}`;
        const full = path.join(options.siteDir, filePart);
        if (!fs.existsSync(full)) throw new Error(`${where}: example file "${filePart}" does not exist`);
        if (node.value.trim() !== '') {
          throw new Error(
            `${where}: a code block with file=${filePart} must be empty; its content comes from the file`,
          );
        }
        node.value = extractRegion(fs.readFileSync(full, 'utf8'), region, `${where} (${filePart})`);
        // Keep the rest of the meta (title=..., showLineNumbers) for the theme.
        node.meta = (node.meta ?? '').replace(match[0], '').trim() || null;
        if (options.httpTabs === false || !mdx || !parent || index === undefined) return;
        const recording = readRegionRecording(options.siteDir, filePart, region, where);
        if (!recording) return;
        tabs++;
        parent.children[index] = exampleTabs(
          node as never,
          recording,
          regionSeed(filePart, region),
          `${page}#${tabs}`,
          `example-${tabs}`,
        );
        return 'skip';
      },
    );
  };
}
