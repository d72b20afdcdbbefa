/**
 * The reader's first tap and first scroll, beside stock Docusaurus in the same run. Lighthouse
 * measures loading and never acts; a phone reader's first tap is where a site that defers its
 * app (plugins/bundle/boot-on-intent) could pay the deferred work back. On a phone-sized page with touch,
 * the CPU slowed 4x (Lighthouse's mobile setting) and the build served as a static host serves it:
 *
 * - **tap**: the page is loaded, then left idle for 6 s (or tapped straight after `load`), and a
 *   link to another page is tapped: the breadcrumbs' home link where the page has one, else the
 *   first visible link in the page to another page. Two figures: the tap's event duration (the
 *   longest Event Timing entry of its pointerdown, pointerup and click: what INP counts), and
 *   the time from the tap to the next page on screen (its first paint after a plain navigation;
 *   the first frame after the new route's content replaced the old, after a client-side one).
 *   When the tap leaves the document before its next paint, Event Timing reports nothing, so
 *   the duration is then the time from the tap to the end of the click's handling.
 * - **scroll**: a touch scroll started at `load`, and the longest main-thread task while it runs.
 *
 * Each figure is the median of `runs` runs, each in a fresh browser context.
 *
 * Before its app runs, this site lets the browser follow a tapped link as a plain navigation and
 * asks it (speculation rules, plugins/bundle/boot-on-intent) to prerender the link from the press.
 * Chromium does not prerender for a page driven through DevTools, as this one is
 * (PrerenderingDisabledByDevTools): here the next page is a plain navigation helped by a prefetch
 * only, so the figure is what a reader gets at worst.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { median, PHONE } from './bench-app-start';

export interface FirstTap {
  site: 'this site' | 'stock';
  template: string;
  route: string;
  /** The link tapped, as its href. */
  target: string;
  afterIdle: { eventMs: number; nextPageMs: number };
  afterLoad: { eventMs: number; nextPageMs: number };
  /** Longest task (ms) during a touch scroll started at load; 0 when none was over 50 ms. */
  scrollLongestTaskMs: number;
  runs: number;
}

const IDLE_MS = 6000;

/**
 * Runs in every document of the context (strings, not functions: tsx would add helpers the page
 * does not have). Keeps the tap's time and handling across a plain navigation in sessionStorage,
 * and records the next page's first paint, or the first frame after a client-side route change.
 */
const PROBE = `(() => {
  const store = window.sessionStorage;
  window.__events = [];
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (['pointerdown', 'pointerup', 'click', 'touchstart', 'touchend'].includes(e.name)) window.__events.push(e.duration);
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {}
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const tapAt = store.getItem('__tapAt');
  if (tapAt !== null && store.getItem('__nextAt') === null) {
    // A plain navigation arrived here: this document's first paint is the next page on screen.
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.name === 'first-contentful-paint' && store.getItem('__nextAt') === null) {
          store.setItem('__nextAt', String(performance.timeOrigin + e.startTime));
        }
      }
    }).observe({ type: 'paint', buffered: true });
  }
  window.__armTap = (targetPath) => {
    store.removeItem('__tapAt');
    store.removeItem('__handledAt');
    store.removeItem('__nextAt');
    const before = { main: null, heading: null };
    addEventListener('pointerdown', (e) => {
      store.setItem('__tapAt', String(performance.timeOrigin + e.timeStamp));
      before.main = document.querySelector('main');
      before.heading = document.querySelector('main h1, h1')?.textContent ?? null;
      // A client-side navigation: the first frame after the route's content replaced the old.
      const observer = new MutationObserver(() => {
        if (location.pathname !== targetPath) return;
        const main = document.querySelector('main');
        const heading = document.querySelector('main h1, h1')?.textContent ?? null;
        if (main === before.main && heading === before.heading) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => {
          if (store.getItem('__nextAt') === null) store.setItem('__nextAt', String(performance.timeOrigin + performance.now()));
        }, 0));
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    }, { capture: true, once: true });
    // Registered last, on the window's bubble phase: the click's handling ends here (or it was
    // held, and its default prevented, to be replayed later).
    addEventListener('click', (e) => {
      store.setItem('__handledAt', String(performance.timeOrigin + performance.now()));
    }, { once: true });
  };
})()`;

/** A phone page with the probe in every document and the CPU slowed 4x, loaded at `url`. */
async function openPhonePage(
  browser: Browser,
  url: string,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  // Twice the pixels of a 1x screen, as a phone's display has.
  const context = await browser.newContext({ ...PHONE, deviceScaleFactor: 2 });
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'load' });
  return { context, page, cdp };
}

/** The link a reader would tap: the breadcrumbs' home link, else the first visible link to another page. */
async function tapTarget(page: Page): Promise<{ selector: string; href: string; path: string } | undefined> {
  return (await page.evaluate(`(() => {
    const here = location.pathname;
    const visible = (a) => { const r = a.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; };
    const candidates = [
      ...document.querySelectorAll('nav[aria-label="Breadcrumbs"] a[href], .breadcrumbs a[href]'),
      ...document.querySelectorAll('main a[href], article a[href]'),
    ];
    for (const a of candidates) {
      const url = new URL(a.href, location.href);
      if (url.origin !== location.origin || url.pathname === here || a.target === '_blank' || !visible(a)) continue;
      a.setAttribute('data-first-tap', '');
      return { selector: '[data-first-tap]', href: a.getAttribute('href'), path: url.pathname };
    }
    return undefined;
  })()`)) as { selector: string; href: string; path: string } | undefined;
}

async function tapOnce(
  browser: Browser,
  url: string,
  idle: boolean,
): Promise<{ eventMs: number; nextPageMs: number; target: string } | undefined> {
  const { context, page } = await openPhonePage(browser, url);
  try {
    if (idle) await page.waitForTimeout(IDLE_MS);
    const target = await tapTarget(page);
    if (!target) return undefined;
    await page.evaluate(`window.__armTap(${JSON.stringify(target.path)})`);
    const box = await page.locator(target.selector).boundingBox();
    if (!box) return undefined;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    // After a plain navigation the page object holds the new document (the throttling stays
    // with the tab); sessionStorage carries the tap's times across.
    const deadline = Date.now() + 30_000;
    let read: { tapAt?: string; handledAt?: string; nextAt?: string; events?: number[] } = {};
    while (Date.now() < deadline) {
      read = (await page
        .evaluate(
          `({ tapAt: sessionStorage.getItem('__tapAt'), handledAt: sessionStorage.getItem('__handledAt'), nextAt: sessionStorage.getItem('__nextAt'), events: window.__events ?? [] })`,
        )
        .catch(() => ({}))) as typeof read;
      if (read.nextAt) break;
      await page.waitForTimeout(50);
    }
    if (!read.tapAt || !read.nextAt) throw new Error(`${url}: the tap on ${target.href} showed no next page in 30 s`);
    // Event Timing entries of the tapped document, when it stayed; else the handling time.
    const sameDocument = new URL(page.url()).pathname === target.path && (read.events?.length ?? 0) > 0;
    const eventMs = sameDocument
      ? Math.max(...(read.events as number[]))
      : Number(read.handledAt ?? read.tapAt) - Number(read.tapAt);
    return { eventMs, nextPageMs: Number(read.nextAt) - Number(read.tapAt), target: target.href };
  } finally {
    await context.close();
  }
}

/** The longest task while a touch scroll started at `load` runs (2.5 s of scrolling). */
async function scrollOnce(browser: Browser, url: string): Promise<number> {
  const { context, page, cdp } = await openPhonePage(browser, url);
  try {
    const start = (await page.evaluate('performance.now()')) as number;
    // A finger moving up 30 px every 50 ms for 2.5 s, lifted and put down again between strokes.
    // Touch events, not Input.synthesizeScrollGesture, which headless Chromium runs without
    // scrolling the page.
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 200, y: 700 }] });
    for (let i = 1; i <= 50; i++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: 200, y: 700 - (i % 20) * 30 }],
      });
      if (i % 20 === 0) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 200, y: 700 }] });
      }
      await page.waitForTimeout(50);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const end = (await page.evaluate('performance.now()')) as number;
    // A page taller than the screen must have moved (stock's home page is not).
    const moved = (await page.evaluate(
      'scrollY > 0 || document.documentElement.scrollHeight <= innerHeight',
    )) as boolean;
    if (!moved) throw new Error(`${url}: the touch scroll did not scroll the page`);
    const tasks = (await page.evaluate('window.__longTasks')) as { start: number; duration: number }[];
    const during = tasks.filter((t) => t.start + t.duration > start && t.start < end);
    return during.length ? Math.max(...during.map((t) => t.duration)) : 0;
  } finally {
    await context.close();
  }
}

export async function measureFirstTap(
  browser: Browser,
  site: FirstTap['site'],
  origin: string,
  templates: Map<string, string>,
  runs = 3,
): Promise<FirstTap[]> {
  const out: FirstTap[] = [];
  for (const [template, route] of templates) {
    const idle = [];
    const load = [];
    const scroll = [];
    for (let i = 0; i < runs; i++) {
      idle.push(await tapOnce(browser, origin + route, true));
      load.push(await tapOnce(browser, origin + route, false));
      scroll.push(await scrollOnce(browser, origin + route));
    }
    const ok = <T>(xs: (T | undefined)[]): T[] => xs.filter((x): x is T => x !== undefined);
    const [idleRuns, loadRuns] = [ok(idle), ok(load)];
    if (idleRuns.length === 0 || loadRuns.length === 0) continue;
    out.push({
      site,
      template,
      route,
      target: idleRuns[0].target,
      afterIdle: {
        eventMs: Math.round(median(idleRuns.map((r) => r.eventMs))),
        nextPageMs: Math.round(median(idleRuns.map((r) => r.nextPageMs))),
      },
      afterLoad: {
        eventMs: Math.round(median(loadRuns.map((r) => r.eventMs))),
        nextPageMs: Math.round(median(loadRuns.map((r) => r.nextPageMs))),
      },
      scrollLongestTaskMs: Math.round(median(scroll)),
      runs,
    });
  }
  return out;
}

export function printFirstTap(rows: FirstTap[]): void {
  console.log('\nFirst tap and first scroll (phone, 4x CPU; median of runs)');
  console.table(
    Object.fromEntries(
      rows.map((r) => [
        `${r.site === 'stock' ? 'stock ' : ''}${r.template}`,
        {
          route: r.route,
          'tapped link': r.target,
          'idle: event ms': r.afterIdle.eventMs,
          'idle: next page ms': r.afterIdle.nextPageMs,
          'at load: event ms': r.afterLoad.eventMs,
          'at load: next page ms': r.afterLoad.nextPageMs,
          'scroll: longest task ms': r.scrollLongestTaskMs,
        },
      ]),
    ),
  );
}

/** The bars: event <= 200 ms; next page no later than 1.25x stock's docs page + 100 ms; no task over 50 ms in an early scroll. */
export function firstTapBudgets(rows: FirstTap[]): { check: string; value: string; budget: string; ok: boolean }[] {
  const stock = rows.find((r) => r.site === 'stock' && r.template === 'docs page');
  const out = [];
  for (const r of rows.filter((x) => x.site === 'this site')) {
    for (const [when, m] of [
      ['after idle', r.afterIdle],
      ['straight after load', r.afterLoad],
    ] as const) {
      out.push({
        check: `first tap ${when}, ${r.template}: event`,
        value: `${m.eventMs} ms`,
        budget: '<= 200 ms',
        ok: m.eventMs <= 200,
      });
      if (stock) {
        const s = when === 'after idle' ? stock.afterIdle.nextPageMs : stock.afterLoad.nextPageMs;
        const limit = Math.round(1.25 * s + 100);
        out.push({
          check: `first tap ${when}, ${r.template}: next page on screen`,
          value: `${m.nextPageMs} ms (stock ${s})`,
          budget: `<= ${limit} ms`,
          ok: m.nextPageMs <= limit,
        });
      }
    }
    out.push({
      check: `scroll at load, ${r.template}: longest task`,
      value: `${r.scrollLongestTaskMs} ms`,
      budget: '<= 50 ms',
      ok: r.scrollLongestTaskMs <= 50,
    });
  }
  return out;
}
