/**
 * Offline search: the keyboard shortcut opens it, results appear as the reader types, and every
 * byte comes from this site (other hosts are unreachable and refused).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { offlineContext, startApp, startSession, type Session } from '../../lib/browser';
import { runQueries } from '../../lib/search-quality';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

test('Ctrl+K opens search and typing finds FHIR basics with the network off', async () => {
  const { context, offOrigin } = await offlineContext(session);
  const page = await context.newPage();
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.goto(session.url('/docs'));
  // The shortcut itself starts the page's app (plugins/bundle/boot-on-intent), which then opens search.
  assert.equal(
    await page.evaluate('document.documentElement.dataset.boot ?? null'),
    null,
    'the app started before the reader acted',
  );
  await page.keyboard.press('Control+K');
  const box = page.getByRole('dialog', { name: 'Search the docs' }).getByRole('searchbox');
  await box.waitFor();
  await box.pressSequentially('fhir basics', { delay: 20 });
  const hit = page.locator(`[role="dialog"] a[href="${session.href('/docs/fhir-basics')}"]`);
  await hit.first().waitFor({ timeout: 10_000 });
  assert.ok(
    fetched.some((u) => u.startsWith(session.url('/pagefind/'))),
    'the index was not fetched from this site',
  );
  assert.deepEqual(offOrigin, []);
  // Enter opens the first result.
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith(session.href('/docs/')));
  assert.equal(await page.getByRole('dialog').count(), 0, 'the dialog closes after navigation');
  await context.close();
});

test('"/" opens search, arrows move through results, Escape closes it', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/docs/fhir-basics'));
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search the docs' });
  const box = dialog.getByRole('searchbox');
  await box.fill('bundle transaction');
  await dialog.locator('a').first().waitFor({ timeout: 10_000 });
  await box.press('ArrowDown');
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('href'));
  assert.ok(focused?.startsWith(session.href('/docs')), `ArrowDown focuses the first result, focused: ${focused}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await context.close();
});

test('a resource name finds its reference page first', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/docs'));
  await startApp(page);
  await page.locator('[data-search-ready]').waitFor();
  await page.keyboard.press('Control+K');
  const dialog = page.getByRole('dialog', { name: 'Search the docs' });
  await dialog.getByRole('searchbox').pressSequentially('patient', { delay: 20 });
  await dialog.locator(`a[href="${session.href('/docs/api/fhir/resources/patient')}"]`).waitFor({ timeout: 10_000 });
  assert.equal(
    await dialog.locator('a').first().getAttribute('href'),
    session.href('/docs/api/fhir/resources/patient'),
  );
  await context.close();
});

test('a symbol written as code finds the shared reference page that documents it', async () => {
  // `PatientSummary` is a heading of "Patient header and summary" and `ContentType` one of
  // "Constants and content types": the page's title names neither (scripts/build-search-index.mjs).
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/docs'));
  const outcomes = await runQueries(
    page,
    [
      { q: 'PatientSummary react component', kind: 'api', expect: ['/docs/api/react-components/patient-components'] },
      { q: 'ContentType', kind: 'api', expect: ['/docs/sdk/core.constants'] },
      { q: 'Added ContentType constants', kind: 'api', expect: ['/docs/sdk/core.constants'] },
    ],
    session.baseUrl,
  );
  for (const o of outcomes) {
    assert.ok(
      o.rank !== undefined && o.rank <= 3,
      `${o.q}: ${o.expect[0]} not in the first three:\n${o.results.join('\n')}`,
    );
  }
  await context.close();
});

test('keys typed straight after Ctrl+K, while the search code still loads, all reach the box', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/docs'));
  await startApp(page);
  await page.locator('[data-search-ready]').waitFor();
  // From here the search code arrives late, as on a slow phone connection.
  let held: (() => void) | undefined;
  const release = new Promise<void>((resolve) => (held = resolve));
  await page.route(/\/assets\/js\/.*\.js$/, async (route) => {
    await release;
    await route.continue();
  });
  await page.keyboard.press('Control+K');
  await page.keyboard.type('patient', { delay: 20 });
  const dialog = page.getByRole('dialog', { name: 'Search the docs' });
  await dialog.getByText('Loading search…').waitFor();
  assert.equal(await dialog.getByRole('searchbox').inputValue(), 'patient');
  held?.();
  await dialog.locator(`a[href="${session.href('/docs/api/fhir/resources/patient')}"]`).waitFor({ timeout: 10_000 });
  assert.equal(await dialog.getByRole('searchbox').inputValue(), 'patient');
  await dialog.getByRole('searchbox').press('s');
  assert.equal(await dialog.getByRole('searchbox').inputValue(), 'patients');
  await context.close();
});

test('two searches that find the same page on a fresh index each get their own excerpt and headings', async () => {
  const { context, offOrigin } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/docs'));
  // Pagefind's own API (loaded as src/components/Search/loadPagefind.ts does), asked for one
  // page's data by two searches at once while its fragment is still loading, as a first query's
  // search of all its words and its word-by-word searches do. Each answer must be what that
  // search gets when it asks alone, once the fragment is cached (lib/pagefind-fragment-copy.mjs).
  const { together, alone } = (await page.evaluate(`(async () => {
    const pagefind = await import(${JSON.stringify(session.href('/pagefind/pagefind.js'))});
    await pagefind.options({ baseUrl: ${JSON.stringify(session.href('/'))} });
    const [first, second] = await Promise.all([pagefind.search('subscription'), pagefind.search('bot')]);
    const shared = first.results.find((r) => second.results.some((s) => s.id === r.id));
    if (!shared) throw new Error('no page holds both words');
    const same = second.results.find((s) => s.id === shared.id);
    const view = (d) => JSON.stringify([d.excerpt, d.sub_results.map((s) => [s.title, s.url, s.excerpt])]);
    const together = (await Promise.all([shared.data(), same.data()])).map(view);
    const alone = [view(await shared.data()), view(await same.data())];
    return { together, alone };
  })()`)) as { together: string[]; alone: string[] };
  assert.notEqual(alone[0], alone[1], 'the two searches should see the page differently');
  assert.deepEqual(together, alone);
  assert.deepEqual(offOrigin, []);
  await context.close();
});
