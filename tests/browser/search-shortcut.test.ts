/**
 * The search shortcut opens the dialog every time: pressed before the page's app has
 * started, while it starts, or after; on a fresh load, on a load that follows a client-side
 * navigation (the scripts are cached then, so the app starts much sooner), and after going back
 * and forward. Each case is pressed 20 times, at moments spread over the app's start, and must
 * open the dialog 20 times out of 20, and leave it open.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { offlineContext, startApp, startSession, waitForPage, type Session } from '../../lib/browser';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

const TIMES = 20;

/**
 * When the key goes down: as soon as the new page shows content (its `<main>` parsed, the page
 * still loading and the boot script at the end of the body maybe not yet run), after the DOM is
 * parsed, after load (the app not started: a key starts it), a little later, and once the app
 * runs. (Before any of the page is parsed there is nothing on screen to press a key on, and no
 * script of the page can listen yet.)
 */
const MOMENTS = ['content', 'domcontentloaded', 'load', 'load+150', 'ready'] as const;
type Moment = (typeof MOMENTS)[number];

async function waitFor(page: Page, moment: Moment): Promise<void> {
  if (moment === 'content') return waitForPage(page, `!!document.querySelector('main')`, undefined, { polling: 10 });
  if (moment === 'ready') {
    // The app is started as a reader's first action would, once the boot script is on the page.
    await page.waitForLoadState('load');
    return startApp(page);
  }
  await page.waitForLoadState(moment === 'domcontentloaded' ? 'domcontentloaded' : 'load');
  if (moment === 'load+150') await page.waitForTimeout(150);
}

/** The search dialog, as a script the page evaluates (the same element getByRole finds by its name). */
const DIALOG = `document.querySelector('[role="dialog"][aria-label="Search the docs"]')`;

/**
 * Presses Ctrl+K and reports whether the dialog opened and is still open once the app has
 * replayed what it held (a press handled twice would toggle it open and shut). Closes it again
 * for the next press. The waits poll the page every 50 ms (waitForPage): Playwright's own waits
 * poll at growing intervals and added up to half a second to each press.
 */
async function pressOpens(page: Page, key = 'Control+K'): Promise<boolean> {
  await page.keyboard.press(key);
  const opened = await waitForPage(page, `!!${DIALOG}`, undefined, { timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (!opened) return false;
  // The boot script replays a held press, synchronously, just before it marks the page ready;
  // a second toggle would be on screen by the second frame after that.
  await waitForPage(page, `document.documentElement.dataset.boot === 'ready'`);
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  const stillOpen = await page.getByRole('dialog', { name: 'Search the docs' }).isVisible();
  await page.keyboard.press('Escape');
  await waitForPage(page, `!${DIALOG}`, undefined, { timeout: 5_000 }).catch(() => undefined);
  return stillOpen;
}

/** A docs page linked from the sidebar of /docs, followed client-side. */
async function followSidebarLink(page: Page, i: number): Promise<void> {
  const links = page.locator('.theme-doc-sidebar-menu a.menu__link[href*="/docs/"]:visible');
  const count = await links.count();
  assert.ok(count > 3, 'the sidebar has links');
  const link = links.nth(1 + (i % (count - 1)));
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await page.waitForURL((url) => url.pathname === href.split('#')[0]);
}

async function run(name: string, attempt: (page: Page, i: number) => Promise<boolean>): Promise<void> {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  const misses: string[] = [];
  for (let i = 0; i < TIMES; i++) {
    if (!(await attempt(page, i))) misses.push(`try ${i + 1} (${MOMENTS[i % MOMENTS.length]})`);
  }
  await context.close();
  assert.deepEqual(misses, [], `${name}: opened ${TIMES - misses.length} of ${TIMES}`);
}

test('on a fresh load, Ctrl+K opens search 20 times out of 20', async () => {
  await run('fresh load', async (page, i) => {
    await page.goto('about:blank');
    await page.goto(session.url('/docs'), { waitUntil: 'commit' });
    await waitFor(page, MOMENTS[i % MOMENTS.length]);
    return pressOpens(page, i % 2 === 0 ? 'Control+K' : '/');
  });
});

test('loading /docs again after a client-side navigation, Ctrl+K opens search 20 times out of 20', async () => {
  await run('load after client-side navigation', async (page, i) => {
    // The previous try ends on /docs with the app running (pressOpens waits for it): go on from
    // there, and load /docs and start its app only when it did not.
    const ready = `document.documentElement.dataset.boot === 'ready'`;
    if (page.url() !== session.url('/docs') || !(await page.evaluate(ready))) {
      await page.goto(session.url('/docs'));
      await startApp(page);
    }
    await followSidebarLink(page, i);
    await page.goto(session.url('/docs'), { waitUntil: 'commit' });
    await waitFor(page, MOMENTS[i % MOMENTS.length]);
    return pressOpens(page);
  });
});

test('after going back and forward, Ctrl+K opens search 20 times out of 20', async () => {
  await run('back and forward', async (page, i) => {
    await page.goto(session.url('/docs'));
    await startApp(page);
    if (i % 2 === 0) {
      // Within the app: back and forward are client-side.
      await followSidebarLink(page, i);
      await page.goBack();
      if (!(await pressOpens(page))) return false;
      await page.goForward();
      return pressOpens(page);
    }
    // Between two loaded documents: the browser restores or reloads the page.
    await page.goto(session.url('/docs/fhir-basics'), { waitUntil: 'commit' });
    await page.goBack({ waitUntil: 'commit' });
    await waitFor(page, MOMENTS[i % MOMENTS.length]);
    if (!(await pressOpens(page))) return false;
    await page.goForward({ waitUntil: 'commit' });
    await waitFor(page, MOMENTS[(i + 1) % MOMENTS.length]);
    return pressOpens(page);
  });
});

test('a query typed straight after Ctrl+K, before the app has started, is in the box when it opens', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  const misses: string[] = [];
  // Every moment before the app runs, twice: the press and the text are held by the head's
  // script or the boot script, and typed into the box once the dialog is there.
  const moments = MOMENTS.filter((m) => m !== 'ready');
  for (let i = 0; i < moments.length * 2; i++) {
    const moment = moments[i % moments.length];
    await page.goto('about:blank');
    await page.goto(session.url('/docs'), { waitUntil: 'commit' });
    await waitFor(page, moment);
    await page.keyboard.press('Control+K');
    // A slip corrected as it is typed: Backspace edits the held text too.
    await page.keyboard.type('patx', { delay: 15 });
    await page.keyboard.press('Backspace');
    await page.keyboard.type('ient', { delay: 15 });
    const box = page.getByRole('dialog', { name: 'Search the docs' }).getByRole('searchbox');
    const value = await waitForPage(page, `${DIALOG}?.querySelector('input')?.value === 'patient'`, undefined, {
      timeout: 10_000,
    }).then(
      () => 'patient',
      async () => ((await box.count()) ? await box.inputValue() : '(no dialog)'),
    );
    if (value !== 'patient') misses.push(`try ${i + 1} (${moment}): ${JSON.stringify(value)}`);
    else
      await page
        .getByRole('dialog', { name: 'Search the docs' })
        .locator(`a[href="${session.href('/docs/api/fhir/resources/patient')}"]`)
        .waitFor({ timeout: 10_000 });
  }
  await context.close();
  assert.deepEqual(misses, []);
});
