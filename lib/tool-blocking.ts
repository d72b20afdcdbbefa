/**
 * How long the FHIR tools block the page's main thread on hostile links (runaway FHIRPath, huge
 * or deeply nested resources, thousands of search parameters: lib/hostile-tool-cases.ts).
 *
 * Each case opens in a fresh page with a long-task observer installed before any script runs.
 * Long tasks of the page's own start-up (parsing, hydration) happen on every page, so the same
 * tool opened without state is measured too: the budget applies to the tasks a case adds, i.e.
 * those that start after the page has hydrated (the link's decoding, drawing its state, the work
 * of answering). Used by `npm run bench`; also runs alone against an existing build:
 *   node scripts/node-options.mjs npx tsx scripts/tool-blocking.ts
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { answerSelector, HOSTILE_TOOL_CASES, type HostileToolCase } from './hostile-tool-cases';

/** Longest main-thread task a tool may add, in milliseconds: above it a reader sees the page freeze. */
export const TOOL_TASK_BUDGET_MS = 200;

export interface ToolBlocking extends CaseTiming {
  name: string;
  ok: boolean;
}

interface Window {
  longTasks: { start: number; duration: number }[];
  toolStart: number;
}

function observe(): void {
  const w = window as unknown as Window;
  w.longTasks = [];
  w.toolStart = Number.POSITIVE_INFINITY;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  // The moment the tool's own work can start: the page has hydrated (plugins/bundle/boot-on-intent marks
  // it on <html>). The tool's form is part of the built page and hydrates with it; a link's state
  // is read after that, in tasks of its own (src/components/tools/ToolSection.tsx).
  new MutationObserver((_, observer) => {
    if (/^(hydrated|ready)$/.test(document.documentElement.dataset.boot ?? '')) {
      w.toolStart = Math.min(w.toolStart, performance.now());
      observer.disconnect();
    }
    // <html> does not exist yet when this runs (before the page's first byte): watch the document.
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-boot'] });
}

export interface CaseTiming {
  /** Longest task that started after the page hydrated, ms. */
  longestToolTask: number;
  /** Longest task of the page's start-up (up to hydration), ms: not the tool's. */
  longestStartupTask: number;
  /** From navigation to the tool's answer, ms. */
  answeredAfter: number;
}

/**
 * Opens one case in a new page of `context`, waits for the tool's answer and returns the long
 * tasks it caused. The page is left open for the caller to inspect, then closed by it.
 */
export async function openCase(
  context: BrowserContext,
  origin: string,
  c: HostileToolCase,
): Promise<{ page: Page; timing: CaseTiming }> {
  const page = await context.newPage();
  await page.addInitScript(observe);
  await page.goto(origin + c.route, { waitUntil: 'load' });
  await page.locator(answerSelector(c)).filter({ hasText: c.text }).first().waitFor({ timeout: 60_000 });
  const answeredAfter = await page.evaluate(() => performance.now());
  // A long task that is still running when the answer shows is reported once it ends.
  await page.waitForTimeout(300);
  const { longTasks, toolStart } = await page.evaluate(() => {
    const w = window as unknown as Window;
    return { longTasks: w.longTasks, toolStart: w.toolStart };
  });
  // A task that starts once the page has hydrated belongs to the tool; the ones before are the
  // page's start-up, which every page has (hydration included).
  const tool = longTasks.filter((t) => t.start >= toolStart);
  const startup = longTasks.filter((t) => t.start < toolStart);
  const longest = (tasks: { duration: number }[]) => Math.round(Math.max(0, ...tasks.map((t) => t.duration)));
  return {
    page,
    timing: {
      longestToolTask: longest(tool),
      longestStartupTask: longest(startup),
      answeredAfter: Math.round(answeredAfter),
    },
  };
}

export async function measureToolBlocking(browser: Browser, origin: string): Promise<ToolBlocking[]> {
  const out: ToolBlocking[] = [];
  for (const c of HOSTILE_TOOL_CASES) {
    const context = await browser.newContext();
    const { timing } = await openCase(context, origin, c);
    out.push({ name: c.name, ...timing, ok: timing.longestToolTask <= TOOL_TASK_BUDGET_MS });
    await context.close();
  }
  return out;
}

export function printToolBlocking(rows: ToolBlocking[]): void {
  console.log(
    `\nFHIR tools on hostile links: longest main-thread task the tool adds (budget ${TOOL_TASK_BUDGET_MS} ms)`,
  );
  console.table(
    rows.map((r) => ({
      case: r.name,
      'tool task ms': r.longestToolTask,
      'start-up task ms': r.longestStartupTask,
      'answered ms': r.answeredAfter,
      budget: r.ok ? 'ok' : 'OVER',
    })),
  );
}
