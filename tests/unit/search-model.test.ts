import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  byModel,
  MODEL_FEATURES,
  MODEL_WEIGHTS,
  modelFeatures,
  type ModelInput,
} from '../../src/components/Search/pagefind';

/** A loaded result: its route, title and the other fields the model reads. */
const page = (
  url: string,
  title: string,
  more: { headings?: string[]; questions?: string; summary?: string; kind?: string } = {},
): ModelInput => ({
  url,
  meta: { title, questions: more.questions, ...(more.summary ? { summary: more.summary } : {}) },
  sub_results: [title, ...(more.headings ?? [])].map((t) => ({ title: t, url: `${url}#x`, excerpt: '' })),
  filters: more.kind ? { kind: [more.kind] } : {},
});

test('the model has one weight per feature', () => {
  assert.deepEqual(Object.keys(MODEL_WEIGHTS), [...MODEL_FEATURES]);
  const [features] = modelFeatures('hosted zone override', [page('/docs/a', 'A')]);
  assert.equal(features.length, MODEL_FEATURES.length);
});

test('features: place, rarity-weighted title share, title precision, route words, kind', () => {
  const data = [
    page('/docs/self-hosting/config-sources', 'Configuration sources'),
    page('/docs/self-hosting/redis', 'Redis', { kind: 'settings' }),
    page('/docs/troubleshooting/self-hosting', 'Self-hosting problems', { headings: ['Redis connection refused'] }),
  ];
  const f = modelFeatures('multiple redis servers', data).map((row) =>
    Object.fromEntries(MODEL_FEATURES.map((name, i) => [name, Math.round(row[i] * 1000) / 1000])),
  );
  assert.deepEqual(
    f.map((x) => x.place),
    [0, 0.693, 1.099],
  );
  // "redis" is held by two of three results, the other words by none: it weighs less than each.
  assert.ok(f[1].title > 0 && f[1].title < 1 / 3);
  assert.equal(f[1].titleOnly, 1);
  assert.ok(f[1].slug > 0);
  assert.equal(f[1].digest, 1);
  assert.equal(f[2].troubleshooting, 1);
  assert.ok(f[2].headings > 0);
  assert.equal(f[0].title, 0);
});

test('byModel moves the page whose title, route and headings hold the question up', () => {
  const hits = ['config-sources', 'cdk-settings', 'branding', 'book'];
  const data = [
    page('/docs/self-hosting/config-sources', 'Configuration sources'),
    page('/docs/self-hosting/cdk-settings', 'CDK settings', {
      headings: ['Hosted zone', 'Zone override'],
      kind: 'settings',
    }),
    page('/docs/self-hosting/branding', 'Branding'),
    page('/docs/scheduling/book-appointments', 'Booking appointments'),
  ];
  assert.deepEqual(byModel(hits, data, 'Add hosted zone override setting'), [
    'cdk-settings',
    'config-sources',
    'branding',
    'book',
  ]);
  // Fourth, it passes the first too: the first place is worth 1.9 × ln 4 (2.63) more than the
  // fourth, less than its route, headings and the query's phrases in them give it here.
  const lower = [data[0], data[2], data[3], data[1]];
  assert.deepEqual(
    byModel(['config-sources', 'branding', 'book', 'cdk-settings'], lower, 'Add hosted zone override setting'),
    ['cdk-settings', 'config-sources', 'branding', 'book'],
  );
  // A page holding one of the words in its title and route alone, fourth, passes only the third.
  const titled = [data[0], data[2], data[3], page('/docs/self-hosting/zones', 'Zones')];
  assert.deepEqual(
    byModel(['config-sources', 'branding', 'book', 'zones'], titled, 'Add hosted zone override setting'),
    ['config-sources', 'branding', 'zones', 'book'],
  );
  // Results the text does not tell apart keep their order.
  const plain = [page('/docs/a/one', 'One'), page('/docs/a/two', 'Two'), page('/docs/a/three', 'Three')];
  assert.deepEqual(byModel(['1', '2', '3'], plain, 'hosted zone override'), ['1', '2', '3']);
  // A page one place lower with a reader question in the query's words moves ahead.
  const asked = [page('/docs/a/one', 'One'), page('/docs/a/two', 'Two', { questions: 'hosted zone override' })];
  assert.deepEqual(byModel(['1', '2'], asked, 'hosted zone override'), ['2', '1']);
});

test('byModel leaves a query that names something as it is', () => {
  const hits = ['guide', 'patient'];
  const data = [
    page('/docs/a/guide', 'Guide'),
    page('/docs/api/fhir/resources/patient', 'Patient', { kind: 'reference' }),
  ];
  // One word.
  assert.equal(byModel(hits, data, 'patient'), hits);
  // A short query with an identifier.
  assert.equal(byModel(hits, data, 'searchResources options'), hits);
  assert.equal(byModel(hits, data, 'Patient.name search'), hits);
  // Two plain words are a question, reordered: a reference page whose title and route hold one
  // of them passes a guide holding neither.
  assert.deepEqual(byModel(hits, data, 'patient record'), ['patient', 'guide']);
});

test("pairs: a field holding two of the query's words side by side, in its order", () => {
  const data = [
    page('/docs/a/one', 'One', { headings: ['Override the zone'] }),
    page('/docs/a/two', 'Two', { headings: ['Zone override'] }),
    page('/docs/a/three', 'Three', { questions: 'How do I change a setting. Which zone override setting applies' }),
    page('/docs/a/four', 'Four', { headings: ['Zone file override', 'Override and the setting'] }),
    page('/docs/a/five', 'Five', { questions: 'Which zone. Override setting' }),
  ];
  const pairs = MODEL_FEATURES.indexOf('pairs');
  const f = modelFeatures('zone override setting', data).map((row) => row[pairs]);
  // The pairs are "zone override" and "override setting"; in the other order, or apart in one
  // heading ("Zone file override"), the words hold none, though stop words between them do not
  // part them ("Override and the setting"); a question holds both; a pair split between two
  // questions is not held.
  assert.deepEqual(f, [0, 0.5, 1, 0.5, 0.5]);
  // The same words, held as the query's phrase one place lower, move that page ahead.
  assert.deepEqual(byModel(['1', '2'], data.slice(0, 2), 'zone override setting'), ['2', '1']);
  // A query of one significant word has no pairs.
  assert.deepEqual(
    modelFeatures('zone', data).map((row) => row[pairs]),
    [0, 0, 0, 0, 0],
  );
});

test('byModel falls back to the order it was given when it cannot read the results', () => {
  const hits = ['1', '2'];
  const asked = [page('/docs/a/one', 'One'), page('/docs/a/two', 'Two', { questions: 'hosted zone override' })];
  // Data not one per hit.
  assert.deepEqual(byModel(hits, asked.slice(0, 1), 'hosted zone override'), hits);
  // A result without meta, or with a field of the wrong shape, does not throw.
  const broken = [asked[0], { url: '/docs/a/two' } as unknown as ModelInput];
  assert.deepEqual(byModel(hits, broken, 'hosted zone override'), hits);
  const odd = [asked[0], { ...asked[1], meta: { title: 'Two', summary: 42 } } as unknown as ModelInput];
  assert.deepEqual(byModel(hits, odd, 'hosted zone override'), hits);
});

test('a result without a kind filter or a summary reads as holding none', () => {
  const bare: ModelInput = { url: '/docs/a/one', meta: { title: 'One' } };
  const [f] = modelFeatures('hosted zone override', [bare]);
  assert.deepEqual(
    f.slice(1),
    MODEL_FEATURES.slice(1).map(() => 0),
  );
});
