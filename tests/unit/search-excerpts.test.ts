/** The excerpt check of tests/search/excerpts.ts finds hidden text and lets page text through. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hiddenTextIn, type PageTexts } from '../search/excerpts';

test('the check recognises hidden text in an excerpt and lets page text through', () => {
  const texts: PageTexts = {
    readable: 'Bots run on a schedule. Use a cron expression to translate the timing.',
    sources: ['packages/server/src/workers/cron.ts at medplum/medplum@53eba89'],
    panels: ['curl -X POST "$MEDPLUM_BASE_URL/fhir/R4/Bot/123/$execute" \\'],
    keywords: ['cron', 'schedule', 'nightly'],
    questions: ['run a bot every night', 'bots run on a schedule'],
  };
  assert.deepEqual(hiddenTextIn('Use a cron expression to <mark>translate</mark> the timing.', texts), []);
  assert.equal(hiddenTextIn('<mark>translate</mark>, map, mapping, convert', texts).length, 3);
  assert.equal(hiddenTextIn('… packages/server/src/workers/cron.ts at medplum/medplum@53eba89', texts).length, 1);
  assert.equal(hiddenTextIn('curl -X POST "$MEDPLUM_BASE_URL/fhir/R4/Bot/123/$execute"', texts).length, 1);
  assert.equal(hiddenTextIn('… cron, schedule, nightly …', texts).length, 2);
  // A question the page itself also says is page text; one it does not say is hidden.
  assert.deepEqual(hiddenTextIn('<mark>Bots</mark> run on a schedule.', texts), []);
  assert.deepEqual(hiddenTextIn('How to run a bot every night', texts), ['questions: “run a bot every night”']);
  // Page text is text: a `<Type>` on the page does not hide the words after it.
  const generic = { ...texts, readable: 'The <Type>List field. Then run a bot every night.' };
  assert.deepEqual(hiddenTextIn('Then run a bot every night.', generic), []);
});
