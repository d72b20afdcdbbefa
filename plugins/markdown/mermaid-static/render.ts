/**
 * Renders Mermaid diagrams to SVG at build time, in the same Chrome or Chromium the browser tests
 * drive (lib/find-browser.ts), through mermaid-isomorphic (Mermaid itself, run in a headless page). Each diagram comes
 * out twice, with Mermaid's default and dark themes, so the page can show the one that matches
 * the reader's colour mode without running any diagram code.
 *
 * Launching a browser and loading Mermaid costs seconds, so the first request renders every
 * diagram of the docs folder in one page, and later files find theirs ready. A diagram not in
 * that batch (a file edited during the build) is rendered on its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { locateBrowser } from '../../../lib/find-browser';

export interface RenderedDiagram {
  light: string;
  dark: string;
}

export type RenderOutcome = { ok: true; diagram: RenderedDiagram } | { ok: false; message: string };

// Mermaid's own per-diagram directive picks the theme, so one page renders both versions.
const DARK = '%%{init: {"theme": "dark"}}%%\n';

const CHILD = path.join(__dirname, 'render-child.mjs');
let batchNumber = 0;

/** The browser that draws the diagrams (lib/find-browser.ts); throws, naming where it looked, when there is none. */
function chromiumPath(): string {
  try {
    return locateBrowser();
  } catch (e) {
    throw new Error(`Mermaid diagrams are drawn at build time in a browser. ${(e as Error).message}`);
  }
}

/** Runs render-child.mjs on `diagrams` and returns its answer, one entry per diagram. */
function runChild(prefix: string, diagrams: string[]): Promise<ChildResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`Mermaid rendering failed (exit ${code}): ${err.trim()}`));
      try {
        resolve(JSON.parse(out) as ChildResult[]);
      } catch {
        reject(new Error(`Mermaid rendering returned no result: ${err.trim()}`));
      }
    });
    child.stdin.end(
      JSON.stringify({
        chromium: chromiumPath(),
        prefix,
        diagrams,
        // Arial metrics (Liberation Sans on Linux) are the ones labels are sized for.
        mermaidConfig: { fontFamily: 'arial, sans-serif' },
      }),
    );
  });
}

type ChildResult = { ok: true; svg: string } | { ok: false; message: string };

/**
 * Renders `sources` in one browser page. Ids are unique per batch (`mermaid-<batch>-<n>`), so
 * two diagrams on one page never share the ids their styles and arrow markers refer to.
 */
export async function renderDiagrams(sources: string[]): Promise<RenderOutcome[]> {
  if (sources.length === 0) return [];
  chromiumPath();
  const prefix = `mermaid-${batchNumber++}`;
  const results = await runChild(prefix, [...sources, ...sources.map((s) => DARK + s)]);
  return sources.map((_, i) => {
    const light = results[i];
    const dark = results[sources.length + i];
    if (!light.ok) return { ok: false, message: light.message };
    if (!dark.ok) return { ok: false, message: dark.message };
    return { ok: true, diagram: { light: light.svg, dark: dark.svg } };
  });
}

/** Every ```mermaid fence in the Markdown and MDX files under `dir`. */
export function findDiagramSources(dir: string): string[] {
  const found = new Set<string>();
  const walk = (d: string): void => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.mdx?$/.test(entry.name)) {
        const text = fs.readFileSync(full, 'utf8');
        for (const m of text.matchAll(/^```mermaid[^\n]*\n([\s\S]*?)\n```\s*$/gm)) found.add(m[1]);
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return [...found];
}

let batch: Promise<Map<string, RenderOutcome>> | undefined;

/** The rendering of each source, from the one batch of the docs folder or on its own. */
export async function renderAll(docsDir: string, sources: string[]): Promise<RenderOutcome[]> {
  batch ??= (async () => {
    const all = findDiagramSources(docsDir);
    const outcomes = await renderDiagrams(all);
    return new Map(all.map((s, i) => [s, outcomes[i]]));
  })();
  const ready = await batch;
  const missing = sources.filter((s) => !ready.has(s));
  const extra = await renderDiagrams(missing);
  const fresh = new Map(missing.map((s, i) => [s, extra[i]]));
  return sources.map((s) => ready.get(s) ?? (fresh.get(s) as RenderOutcome));
}
