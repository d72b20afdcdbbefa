import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  exactHeading,
  mergeByWords,
  searchPages,
  preferExactTitle,
  queryFromPath,
  sectionOf,
  significantWords,
  toRoute,
  type ScoredResult,
} from '../../src/components/Search/pagefind';

test('Pagefind URLs become the site routes', () => {
  assert.equal(toRoute('/docs/fhir-basics.html'), '/docs/fhir-basics');
  assert.equal(toRoute('/docs/fhir-basics/'), '/docs/fhir-basics');
  assert.equal(toRoute('/docs/index.html'), '/docs');
  assert.equal(toRoute('/'), '/');
  assert.equal(toRoute('/docs/search/includes.html#iterate'), '/docs/search/includes#iterate');
});

test('results are labelled with the part of the site they come from', () => {
  assert.equal(sectionOf('/docs/api/fhir/resources/patient'), 'FHIR resource');
  assert.equal(sectionOf('/docs/sdk/core.medplumclient'), 'SDK');
  assert.equal(sectionOf('/docs/api/oauth/token'), 'Reference');
  assert.equal(sectionOf('/docs/search/basic-search'), 'Guide');
});

test('questions typed in plain words keep only the words worth matching', () => {
  assert.deepEqual(significantWords('How do references work in FHIR?'), ['references', 'fhir']);
  assert.deepEqual(significantWords('what is'), ['what', 'is'], 'all stop words: search them as typed');
});

test('per-word results rank pages matching more words first, then by score', async () => {
  const r = (id: string, score: number): ScoredResult => ({
    id,
    score,
    data: async () => ({ url: id, excerpt: '', meta: {} }),
  });
  const merged = mergeByWords([
    [r('a', 1), r('b', 9)],
    [r('a', 1), r('c', 20)],
  ]);
  assert.deepEqual(
    merged.map((m) => m.id),
    ['a', 'c', 'b'],
  );
});

test('the 404 page searches for the last words of the missing address', () => {
  assert.equal(queryFromPath('/docs/api/fhir/resources/patiant'), 'resources patiant');
  assert.equal(queryFromPath('/docs/fhir-basicz'), 'fhir basicz');
  assert.equal(queryFromPath('/'), '');
});

test('a result titled exactly as the query moves to the front', () => {
  const hits = [{ title: 'Patient merge' }, { title: 'Everything' }, { title: 'Patient' }];
  assert.deepEqual(
    preferExactTitle(hits, ' patient ').map((h) => h.title),
    ['Patient', 'Patient merge', 'Everything'],
  );
  assert.equal(preferExactTitle(hits, 'nothing'), hits);
});

test('a page whose name ends in "index" keeps its whole name', () => {
  assert.equal(toRoute('/docs/api/fhir/operations/reindex.html'), '/docs/api/fhir/operations/reindex');
  assert.equal(toRoute('/docs/api/fhir/operations/reindex'), '/docs/api/fhir/operations/reindex');
  assert.equal(toRoute('/docs/search/index.html'), '/docs/search');
});

test('operation names and quoted words are searched without their punctuation', () => {
  assert.deepEqual(significantWords('$everything'), ['everything']);
  assert.deepEqual(significantWords('Patient/$everything'), ['patient', 'everything']);
  assert.deepEqual(significantWords('"exports.handler is not a function"'), ['exports.handler', 'not', 'function']);
  assert.deepEqual(significantWords('_count'), ['_count']);
});

test('an operation name with or without "$" or its resource type puts its page first', () => {
  const hits = [{ title: 'Bulk export' }, { title: 'Patient/$everything' }, { title: '$validate' }];
  assert.equal(preferExactTitle(hits, '$everything')[0].title, 'Patient/$everything');
  assert.equal(preferExactTitle(hits, 'everything')[0].title, 'Patient/$everything');
  assert.equal(preferExactTitle(hits, 'validate')[0].title, '$validate');
});

test('a heading named exactly as the query puts its page first and links to the heading', () => {
  const hits = [
    { title: 'Basic search' },
    { title: 'MedplumClient', anchorTitle: 'searchResources' },
    { title: 'searchResources' },
  ];
  assert.deepEqual(
    preferExactTitle(hits, 'searchResources()').map((h) => h.title),
    ['searchResources', 'MedplumClient', 'Basic search'],
    'a page titled as the query first, then one with such a heading',
  );
  const data = {
    url: '/docs/sdk/core.medplumclient',
    excerpt: '',
    meta: { title: 'MedplumClient' },
    sub_results: [
      { title: 'MedplumClient', url: '/docs/sdk/core.medplumclient', excerpt: '' },
      { title: 'searchResources', url: '/docs/sdk/core.medplumclient#searchresources', excerpt: 'Searches…' },
    ],
  };
  assert.equal(exactHeading(data, 'searchresources')?.url, '/docs/sdk/core.medplumclient#searchresources');
  assert.equal(exactHeading(data, 'search'), undefined);
});

test('when few pages hold every word, pages with most of the words follow them', async () => {
  const r = (id: string, score = 1): ScoredResult => ({
    id,
    score,
    data: async () => ({ url: id, excerpt: '', meta: {} }),
  });
  const index: Record<string, ScoredResult[]> = {
    'upgrade newer': [r('all')],
    upgrade: [r('all'), r('upgrades', 5)],
    newer: [r('all'), r('other')],
  };
  const api = {
    debouncedSearch: async (term: string) => ({ results: index[term] ?? [] }),
    search: async (term: string) => ({ results: index[term] ?? [] }),
  } as unknown as Parameters<typeof searchPages>[0];
  const found = await searchPages(api, 'upgrade to a newer');
  assert.deepEqual(
    found?.map((x) => x.id),
    ['all', 'upgrades', 'other'],
  );
});

test('a heading naming the query and, in parentheses, the case it explains counts as named by the query', () => {
  const data = {
    url: '/docs/troubleshooting/access-and-403s',
    excerpt: '',
    meta: { title: 'Access and 403s' },
    sub_results: [
      {
        title: 'Forbidden (the route needs a super admin)',
        url: '/docs/troubleshooting/access-and-403s#super-admin-required',
        excerpt: '',
      },
    ],
  };
  assert.equal(exactHeading(data, 'Forbidden')?.url, '/docs/troubleshooting/access-and-403s#super-admin-required');
  assert.equal(exactHeading(data, 'Forbid'), undefined);
  const hits = [
    { title: 'Access policies' },
    { title: 'Access and 403s', anchorTitle: 'Forbidden (the route needs a super admin)' },
  ];
  assert.equal(preferExactTitle(hits, 'forbidden')[0].title, 'Access and 403s');
});
