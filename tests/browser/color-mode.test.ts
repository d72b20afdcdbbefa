/** The colour-mode toggle switches to dark and the choice survives a reload. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { offlineContext, startApp, startSession, type Session } from '../../lib/browser';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

test('dark mode toggles and persists across page loads', async () => {
  const { context } = await offlineContext(session, { colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto(session.url('/docs/fhir-basics'));
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  assert.equal(await theme(), 'light');
  const toggle = page.locator('.navbar button[title*="mode"]').first();
  // The first press starts the page's app (plugins/bundle/boot-on-intent) and is replayed once it runs.
  assert.equal(await page.evaluate(() => document.documentElement.dataset.themeChoice), 'system');
  await toggle.click();
  await startApp(page);
  assert.equal(
    await page.evaluate(() => document.documentElement.dataset.themeChoice),
    'light',
    'the press before the app ran was lost',
  );
  // The toggle cycles system → light → dark, or light → dark; click until dark.
  for (let i = 0; i < 3 && (await theme()) !== 'dark'; i++) await toggle.click();
  assert.equal(await theme(), 'dark');
  await page.reload();
  assert.equal(await theme(), 'dark', 'dark mode was not remembered after a reload');
  await page.goto(session.url('/docs'));
  assert.equal(await theme(), 'dark', 'dark mode was not kept on another page');
  await context.close();
});
