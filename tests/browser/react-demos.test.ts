/**
 * The live @medplum/react demos, in Chromium against the built site (run `npm run build` first):
 * each demo renders, reacts to a click or to typing, logs no console error and makes no request
 * to another host; guide pages load neither the Mantine stylesheet nor the demo code.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { placementOf } from '../../plugins/generate/react-reference/families';
import { DEMO_CATALOG } from '../../src/components/react-demos/catalog';
import { BUILD_DIR, isOnSite, startSession, type Session } from '../../lib/browser';

/** The built chunk(s) holding the demo host: chunk files are named by id, so found by content. */
function demoHostChunks(): string[] {
  const dir = path.join(BUILD_DIR, 'assets', 'js');
  return fs
    .readdirSync(dir)
    .filter(
      (f) =>
        !f.startsWith('main.') && fs.readFileSync(path.join(dir, f), 'utf8').includes('style[data-react-demo-styles]'),
    );
}

let session: Session;
let browser: Browser;

interface PageRecord {
  errors: string[];
  foreignRequests: string[];
  /** Bytes of JavaScript and CSS received, by kind. */
  bytes: { js: number; css: number };
}

/** Opens a page that records console errors, uncaught exceptions and requests. */
async function openPage(): Promise<{ page: Page; record: PageRecord }> {
  const page = await browser.newPage();
  const record: PageRecord = { errors: [], foreignRequests: [], bytes: { js: 0, css: 0 } };
  page.on('console', (msg) => {
    if (msg.type() === 'error') record.errors.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => record.errors.push(`uncaught: ${err.message}`));
  page.on('request', (req) => {
    // Another host, or this one outside the base, is foreign.
    if (!isOnSite(session.site, req.url())) record.foreignRequests.push(req.url());
  });
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await res.body();
      record.bytes[type === 'script' ? 'js' : 'css'] += body.length;
    } catch {
      // The page may close before a body is read; byte counts are informational.
    }
  });
  return { page, record };
}

/** The stage a demo renders into, once the mock client is ready. */
function stage(page: Page) {
  return page.getByTestId('demo-stage');
}

function output(page: Page) {
  return page.getByTestId('demo-output');
}

/** Per demo: wait for it to render, then click or type and check the visible reaction. */
const INTERACTIONS: Record<string, (page: Page) => Promise<void>> = {
  async ResourceTable(page) {
    await stage(page).getByText('Homer Simpson').first().waitFor();
    await stage(page).getByText('Bart Simpson', { exact: true }).click();
    await stage(page).getByText('1979-12-17').waitFor();
  },
  async SearchControl(page) {
    const row = stage(page).locator('tbody tr', { hasText: 'Homer' }).first();
    await row.waitFor();
    await row.click();
    await output(page)
      .getByText(/onClick: Patient\/123/)
      .waitFor();
  },
  async ResourceForm(page) {
    const family = stage(page).locator('input[name$="family"]').first();
    await family.waitFor();
    await family.fill('Lopez-Garcia');
    await stage(page).getByRole('button', { name: 'Create' }).click();
    await output(page)
      .getByText(/Lopez-Garcia/)
      .waitFor();
  },
  async QuestionnaireForm(page) {
    const reason = stage(page).getByRole('textbox').first();
    await reason.waitFor();
    await reason.fill('Persistent cough');
    await stage(page).getByRole('button', { name: 'Submit' }).click();
    await output(page)
      .getByText(/Persistent cough/)
      .waitFor();
  },
  async PatientTimeline(page) {
    const box = stage(page).getByPlaceholder('Add comment');
    await box.waitFor();
    await box.fill('Follow-up booked for next week');
    await box.press('Enter');
    await stage(page).getByText('Follow-up booked for next week').waitFor();
  },
  async ResourceBadge(page) {
    const link = stage(page).getByRole('link', { name: 'Homer Simpson' }).first();
    await link.waitFor();
    await link.click();
    await output(page).getByText('navigate("/Patient/123")').waitFor();
  },
  async CodeableConceptInput(page) {
    const input = stage(page).getByRole('searchbox').or(stage(page).getByRole('textbox')).first();
    await input.waitFor();
    await input.fill('test');
    await page.getByRole('option', { name: /Test Display 2/ }).click();
    await output(page)
      .getByText(/test-code-2/)
      .waitFor();
  },
  async DateTimeInput(page) {
    const input = stage(page).locator('input[type="datetime-local"]');
    await input.waitFor();
    // Chromium's datetime-local value format (seconds are optional and dropped when zero).
    await input.fill('2025-07-01T09:15');
    await output(page)
      .getByText(/onChange: "2025-07-01T/)
      .waitFor();
  },
  async ReferenceInput(page) {
    const input = stage(page).getByPlaceholder('Search patients');
    await input.waitFor();
    await input.fill('Homer');
    await stage(page)
      .getByRole('option', { name: /Homer Simpson/ })
      .click();
    await output(page)
      .getByText(/"reference": "Patient\/123"/)
      .waitFor();
  },
  async SignInForm(page) {
    const email = stage(page).getByLabel('Email');
    await email.waitFor();
    await email.fill('reader@example.com');
    await stage(page).getByRole('button', { name: 'Continue' }).click();
    await stage(page).getByTestId('auth.password').fill('password');
    await stage(page).getByRole('button', { name: 'Sign In' }).click();
    await output(page).getByText('onCode: authorization code "xyz"').waitFor();
  },
  async ResourceAvatar(page) {
    await stage(page).locator('img[src$="/logo.svg"]').first().waitFor();
    await stage(page).getByText('Organization (initials)').click();
    await stage(page).getByText('TO', { exact: true }).waitFor();
  },
};

describe('live @medplum/react demos', { timeout: 600_000 }, () => {
  before(async () => {
    session = await startSession();
    browser = session.browser;
  });

  after(async () => session?.close());

  test('every demo in the catalog has an interaction check', () => {
    assert.deepEqual(DEMO_CATALOG.map((d) => d.component).sort(), Object.keys(INTERACTIONS).sort());
  });

  for (const demo of DEMO_CATALOG) {
    test(`${demo.component} demo renders and responds`, async (t) => {
      const { page, record } = await openPage();
      try {
        await page.goto(session.url(placementOf(demo.component).route), { waitUntil: 'load' });
        // Demos start on request: nothing of the demo loads until the reader presses the button.
        // Nor does the page's app (plugins/bundle/boot-on-intent): the press starts it and is replayed.
        assert.equal(
          await page.evaluate('document.documentElement.dataset.boot ?? null'),
          null,
          'the app started before the reader acted',
        );
        assert.equal(await page.locator('style[data-react-demo-styles]').count(), 0, 'demo styles before the click');
        await page.getByRole('button', { name: 'Run the live demo' }).click();
        await stage(page).waitFor({ timeout: 60_000 });
        page.setDefaultTimeout(20_000);
        await INTERACTIONS[demo.component](page);
        // Let late effects (image loads, follow-up requests) surface before checking.
        await page.waitForTimeout(500);
        const hasDemoStyles = await page.locator('style[data-react-demo-styles]').count();
        assert.equal(hasDemoStyles, 1, 'the demo stylesheet is injected on a demo page');
        assert.deepEqual(record.errors, [], 'console errors');
        assert.deepEqual(record.foreignRequests, [], 'requests that left localhost');
        t.diagnostic(`JS ${record.bytes.js} bytes, CSS ${record.bytes.css} bytes`);
      } finally {
        await page.close();
      }
    });
  }

  test('a guide page loads neither Mantine styles nor the demo chunk', async (t) => {
    const { page, record } = await openPage();
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    try {
      await page.goto(session.url('/docs'), { waitUntil: 'networkidle' });
      const mantineRules = await page.evaluate(() =>
        Array.from(document.styleSheets).reduce((n, sheet) => {
          try {
            return n + Array.from(sheet.cssRules).filter((r) => r.cssText.includes('--mantine-')).length;
          } catch {
            return n;
          }
        }, 0),
      );
      assert.equal(mantineRules, 0, 'CSS rules mentioning --mantine- on /docs');
      assert.equal(await page.locator('style[data-react-demo-styles]').count(), 0);
      const demoFiles = demoHostChunks();
      assert.ok(demoFiles.length > 0, 'no built chunk holds the demo host');
      const demoChunks = scripts.filter((s) => demoFiles.some((f) => s.endsWith(`/${f}`)));
      assert.deepEqual(demoChunks, [], 'demo chunk requested by a guide page');
      assert.deepEqual(record.errors, []);
      t.diagnostic(`JS ${record.bytes.js} bytes, CSS ${record.bytes.css} bytes`);
    } finally {
      await page.close();
    }
  });
});
