/**
 * Links that used to freeze or crash the FHIR tools (lib/hostile-tool-cases.ts): each
 * now opens, says which limit it hit (or answers), and leaves the page working.
 *
 * Freezes are caught with long-task timing: the old behaviour was a task of 2.7 to 22 seconds or
 * one that never ended, so a task over FREEZE_MS fails here. The 200 ms budget itself is measured
 * in `npm run bench` (lib/tool-blocking.ts), on a quiet machine, not in a timed test.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { openCase } from '../../lib/tool-blocking';
import { offlineContext, startSession, type Session } from '../../lib/browser';
import { HOSTILE_TOOL_CASES } from '../../lib/hostile-tool-cases';

/**
 * A task this long is a frozen page, whatever else the machine is doing: below the 2.7 s the
 * shortest of the old freezes took. (At 1 s the 400 KB Validator case failed on Chromium 150 on
 * a quiet machine, at 1.2 to 1.4 s, on this commit and on the one before it: a slow task over the
 * 200 ms budget that `npm run bench` reports, not one of the freezes this file guards against.)
 */
const FREEZE_MS = 2_000;

let session: Session;
let context: BrowserContext;
let offOrigin: string[];

before(async () => {
  session = await startSession();
  ({ context, offOrigin } = await offlineContext(session));
});
after(async () => {
  await context?.close();
  await session?.close();
});

for (const c of HOSTILE_TOOL_CASES) {
  test(`a link with ${c.name} is answered without freezing or crashing the page`, async () => {
    const errors: string[] = [];
    context.once('page', (page) => page.on('pageerror', (err) => errors.push(err.message)));
    const { page, timing } = await openCase(context, session.site, c);
    assert.ok(
      timing.longestToolTask < FREEZE_MS,
      `the tool blocked the main thread for ${timing.longestToolTask} ms (over ${FREEZE_MS} ms is a freeze)`,
    );
    assert.equal(await page.getByText('This page crashed').count(), 0);
    // The page still answers input: the tool's first text box takes typing.
    const box = page.locator('.fhir-tool textarea, .fhir-tool input[type="text"]').first();
    if ((await box.count()) > 0) {
      await box.fill('x');
      assert.equal(await box.inputValue(), 'x');
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('nothing left the origin', () => {
  assert.deepEqual(offOrigin, []);
});
