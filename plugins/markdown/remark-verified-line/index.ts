/**
 * Ends every hand-written page with a collapsed line that says when its claims were last checked
 * and against which files: the Medplum source files (linked at the commit read) and the package
 * versions. It is part of the page body, so the Markdown twin carries it too. Generated reference
 * pages are rebuilt from the pinned packages on every build and get no such line.
 */
import path from 'node:path';
import type { Root, RootContent, PhrasingContent, ListItem } from 'mdast';
import {
  packageSourcePath,
  parseSourceEntry,
  sourceFileKey,
  type SourceEntry,
} from '../docs-frontmatter-check/sources';

export interface Options {
  /** Absolute path of the hand-written docs folder. */
  docsDir: string;
  /** Folders below it (relative) that generators write. */
  generatedDirs: string[];
}

/** What the plugin reads of the VFile: Docusaurus puts the parsed front matter in `data`. */
interface VFileLike {
  path?: string;
  data: object;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `2026-11-25` (a string, or a Date at UTC midnight as gray-matter reads it) → `25 November 2026`. */
export function formatVerifiedDate(value: unknown): string | undefined {
  const day =
    value instanceof Date && !Number.isNaN(value.getTime())
      ? value.toISOString().slice(0, 10)
      : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())
        ? value.trim()
        : undefined;
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

const text = (value: string): PhrasingContent => ({ type: 'text', value });
const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
const item = (children: PhrasingContent[]): ListItem => ({
  type: 'listItem',
  spread: false,
  children: [{ type: 'paragraph', children }],
});

/** One list line for a source entry: what a maintainer needs to open the same file again. */
function describe(entry: SourceEntry): PhrasingContent[] {
  if (entry.kind === 'repo') {
    const file = code(entry.path);
    if (!entry.commit) return [file, text(` in ${entry.repo}`), ...(entry.note ? [text(` (${entry.note})`)] : [])];
    const url = `https://github.com/${entry.repo}/blob/${entry.commit}/${entry.path}`;
    return [{ type: 'link', url, children: [file] }, text(` at ${entry.repo}@${entry.commit.slice(0, 7)}`)];
  }
  if (entry.kind === 'package') {
    // A file from the package's source map is named by its path in the repository, at the
    // package version whose published map holds it.
    const source = packageSourcePath(entry);
    if (source) return [code(source), text(' as published in '), code(`${entry.name}@${entry.version}`)];
    return [code(`${entry.name}@${entry.version}`), ...(entry.path ? [text(' '), code(entry.path)] : [])];
  }
  return [text(entry.text)];
}

/** The nodes appended to a page, or none when it has no `last_verified`. */
export function verifiedLine(frontMatter: Record<string, unknown>): RootContent[] {
  const date = formatVerifiedDate(frontMatter.last_verified);
  if (!date) return [];
  const sources = (Array.isArray(frontMatter.sources) ? frontMatter.sources : [])
    .filter((s): s is string => typeof s === 'string')
    .map(parseSourceEntry)
    // Each file once (the front matter check refuses repeats; this keeps the line right regardless).
    .filter((entry, i, all) => all.findIndex((e) => sourceFileKey(e) === sourceFileKey(entry)) === i);
  // Server and app files first: they are what changes under a page between releases.
  const order = (e: SourceEntry) => (e.kind === 'repo' ? 0 : e.kind === 'package' ? 1 : 2);
  const sorted = [...sources].sort((a, b) => order(a) - order(b));
  const files = sources.filter((s) => s.kind === 'repo' || packageSourcePath(s) !== undefined).length;
  const summary =
    `Checked against the source on ${date}` +
    (files > 0 ? ` (${files} Medplum source file${files === 1 ? '' : 's'})` : '');
  return [
    {
      type: 'mdxJsxFlowElement',
      name: 'details',
      attributes: [{ type: 'mdxJsxAttribute', name: 'className', value: 'verified-line' }],
      children: [
        { type: 'mdxJsxFlowElement', name: 'summary', attributes: [], children: [text(summary)] },
        {
          type: 'paragraph',
          children: [text('The claims on this page were checked, one by one, against these files:')],
        },
        { type: 'list', ordered: false, spread: false, children: sorted.map((s) => item(describe(s))) },
      ],
    } as unknown as RootContent,
  ];
}

export default function remarkVerifiedLine(options: Options) {
  const generated = options.generatedDirs.map((dir) => path.join(options.docsDir, dir) + path.sep);
  return (tree: Root, file: VFileLike): void => {
    const filePath = file.path ? path.resolve(file.path) : '';
    if (!filePath.startsWith(options.docsDir + path.sep)) return;
    if (generated.some((dir) => filePath.startsWith(dir))) return;
    const { frontMatter } = file.data as { frontMatter?: Record<string, unknown> };
    tree.children.push(...verifiedLine(frontMatter ?? {}));
  };
}
