/**
 * What a reader's first action costs. Built pages start their app on that action
 * (plugins/bundle/boot-on-intent), so Lighthouse, which never acts, measures the page before the app
 * runs. This measures the other half: on a phone-sized page with its scripts already prefetched
 * and the CPU slowed 4x (Lighthouse's mobile setting), the time from the first press to the app
 * being ready, and the long tasks (over 50 ms) in that time, which is how long a first tap can
 * wait for its answer.
 */
import type { Browser } from 'playwright-core';
import { waitForPage } from '../lib/browser';

export interface AppStart {
  template: string;
  route: string;
  /** Median over the runs: ms from the press to `data-boot="ready"`. */
  readyMs: number;
  /** Median: total ms of long tasks in that time, and the longest one. */
  longTasksMs: number;
  longestTaskMs: number;
  runs: number;
}

/** A phone-sized page with touch, as the bench's phone measurements use. */
export const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function once(browser: Browser, url: string) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    // Pages that start at load (a tool in view) have nothing left to measure here.
    if ((await page.evaluate(`document.documentElement.dataset.boot ?? null`)) !== null) return undefined;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Strings, not functions: tsx would add helpers the page does not have.
    await page.evaluate(`(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
      const root = document.documentElement;
      new MutationObserver(() => {
        if (root.dataset.boot === 'ready' && window.__readyMs === undefined) window.__readyMs = performance.now() - window.__pressedAt;
      }).observe(root, { attributes: true, attributeFilter: ['data-boot'] });
      window.__pressedAt = performance.now();
      window.__docsBoot();
    })()`);
    await waitForPage(page, `window.__readyMs !== undefined`, undefined, { timeout: 60_000 });
    // Let the replay and the effects of the first commit finish, as a tap's answer would.
    await page.waitForTimeout(500);
    return (await page.evaluate(`({ readyMs: window.__readyMs, longTasks: window.__longTasks })`)) as {
      readyMs: number;
      longTasks: number[];
    };
  } finally {
    await context.close();
  }
}

export async function measureAppStart(
  browser: Browser,
  origin: string,
  templates: Map<string, string>,
  runs = 3,
): Promise<AppStart[]> {
  const out: AppStart[] = [];
  for (const [template, route] of templates) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const sample = await once(browser, origin + route);
      if (sample) samples.push(sample);
    }
    if (samples.length === 0) continue;
    out.push({
      template,
      route,
      readyMs: Math.round(median(samples.map((s) => s.readyMs))),
      longTasksMs: Math.round(median(samples.map((s) => s.longTasks.reduce((a, b) => a + b, 0)))),
      longestTaskMs: Math.round(median(samples.map((s) => Math.max(0, ...s.longTasks)))),
      runs: samples.length,
    });
  }
  return out;
}
