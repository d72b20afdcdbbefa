/**
 * Search as readers use it: questions, symptoms, error texts, API and operation names
 * (tests/search/queries.json) find the page that answers them; every result links to a real
 * page; an error message finds its troubleshooting entry first, also when pasted with its variable
 * parts filled in as the server printed them; no result excerpt shows hidden
 * text; and the panel never says "No pages match" before a search of that exact term has finished.
 *
 * Every query runs once, in `before`, through the real dialog; each test then judges one aspect
 * of those results, so no test depends on another having run.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { readQuestions } from '../../lib/search-questions.mjs';
import { loadCatalogue } from '../../plugins/markdown/remark-troubleshooting/catalogue';
import { hiddenTextIn, readPages } from '../search/excerpts';
import {
  QUERY_SETS,
  SEALED_SETS,
  loadQuerySets,
  openSearchDialog,
  runQueries,
  summarize,
  type QueryOutcome,
  type ReaderQuery,
} from '../../lib/search-quality';
import { SITE_DIR, offlineContext, startSession, type Session } from '../../lib/browser';

/** Words whose synonym groups or keyword lists once filled result excerpts. */
const EXCERPT_QUERIES = ['translate', 'mapping', 'login', 'expires', 'webhook', 'delete', 'permission', 'curl'];

let session: Session;
/** Each query set's outcomes, measured on a fresh page. */
let measured: Record<(typeof QUERY_SETS)[number], QueryOutcome[]>;
/** Each catalogue message searched as pasted, and the entries it may open at. */
let messages: { outcomes: QueryOutcome[]; anchors: Map<string, Set<string>> };
/** Each catalogue message with a variable part, searched as printed (`…` filled in), with its message. */
let filledMessages: { outcome: QueryOutcome; message: string }[];
let excerptOnly: QueryOutcome[];
/** Every set as written (the queries run are a sample for some: see SAMPLED_EVERY). */
let written: ReturnType<typeof loadQuerySets>;

/**
 * The sets held to a bar (NAME_BAR_SETS) run whole. The others (the spent held-out sets, reported
 * only, and the sealed ones) run one query in SAMPLED_EVERY here, for the checks every result must
 * pass (its link, its excerpt); `npm run bench -- --search-only` runs and reports every query of
 * every set, and SEARCH_QUALITY_OUT (below) runs them all here too. Twelve spent sets of 48
 * queries made this file most of `npm test`'s browser step; at one in three, twenty-one spent
 * sets (about 330 queries) kept it the step's longest file (about seven minutes), so one in five
 * (about 200, each result's link and excerpt still checked).
 */
const SAMPLED_EVERY = 5;

async function run(queries: ReaderQuery[]): Promise<QueryOutcome[]> {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/docs'));
  const outcomes = await runQueries(page, queries, session.baseUrl);
  await context.close();
  return outcomes;
}

before(async () => {
  session = await startSession();
  written = loadQuerySets();
  const whole = (name: (typeof QUERY_SETS)[number]) =>
    !!process.env.SEARCH_QUALITY_OUT || (NAME_BAR_SETS as readonly string[]).includes(name);
  const sets = Object.fromEntries(
    QUERY_SETS.map((name) => [
      name,
      whole(name) ? written[name] : written[name].filter((_, i) => i % SAMPLED_EVERY === 0),
    ]),
  ) as unknown as typeof written;
  const { groups } = loadCatalogue(SITE_DIR);
  // A message several causes print (`Forbidden`) may open at any of its entries.
  const anchors = new Map<string, Set<string>>();
  for (const [group, entries] of groups) {
    for (const e of entries.filter((x) => x.message)) {
      const set = anchors.get(e.message as string) ?? new Set<string>();
      set.add(`/docs/troubleshooting/${group}#${e.id}`);
      anchors.set(e.message as string, set);
    }
  }
  const asked = (queries: string[], kind: ReaderQuery['kind']) => queries.map((q) => ({ q, kind, expect: [] }));
  // A message as the server prints it: each variable part filled in with a value.
  const withVariable = [...anchors.keys()].filter((m) => m.includes('…'));
  const filled = withVariable.map((m) => m.replace(/…/g, 'value42'));
  const messageQueries = asked([...anchors.keys()], 'error');
  const filledQueries = asked(filled, 'error');
  // Each set runs on a fresh page, as a reader's first searches do (a query's results no longer
  // depend on the searches before it: lib/pagefind-extension-chunks.mjs).
  // Two pages search at once, with about the same number of queries each: much of a query's time
  // is spent waiting (index chunks, result fragments), so a second page uses what the first
  // leaves. The first page also runs the excerpt queries, the second the catalogue's messages;
  // each set goes to the page with fewer queries so far, so a new set needs no change here.
  const setsOf: (typeof QUERY_SETS)[number][][] = [[], []];
  const queued = [EXCERPT_QUERIES.length, messageQueries.length + filledQueries.length];
  for (const name of QUERY_SETS) {
    const lighter = queued[0] <= queued[1] ? 0 : 1;
    setsOf[lighter].push(name);
    queued[lighter] += sets[name].length;
  }
  const runSets = async (names: (typeof QUERY_SETS)[number][]) => {
    const outcomes: Partial<typeof measured> = {};
    for (const name of names) outcomes[name] = await run(sets[name]);
    return outcomes;
  };
  const [first, second] = await Promise.all([
    (async () => ({
      sets: await runSets(setsOf[0]),
      excerptOnly: await run(asked(EXCERPT_QUERIES, 'question')),
    }))(),
    (async () => ({
      sets: await runSets(setsOf[1]),
      messages: await run(messageQueries),
      filled: await run(filledQueries),
    }))(),
  ]);
  measured = { ...first.sets, ...second.sets } as typeof measured;
  messages = { outcomes: second.messages, anchors };
  filledMessages = second.filled.map((outcome, i) => ({ outcome, message: withVariable[i] }));
  excerptOnly = first.excerptOnly;
  // Each query's rank and first results, for whoever tunes the ranking (not read by any test).
  if (process.env.SEARCH_QUALITY_OUT) {
    const ranks = Object.fromEntries(
      Object.entries(measured)
        .filter(([name]) => !SEALED_SETS.includes(name as keyof typeof measured))
        .map(([name, list]) => [
          name,
          list.map((o) => ({ q: o.q, rank: o.rank ?? null, top3: o.results.slice(0, 3) })),
        ]),
    );
    fs.writeFileSync(process.env.SEARCH_QUALITY_OUT, `${JSON.stringify(ranks, null, 1)}\n`);
  }
});
after(async () => session?.close());

const misses = (outcomes: QueryOutcome[], within: number) =>
  outcomes
    .filter((o) => o.rank === undefined || o.rank > within)
    .map((o) => `${o.q} → ${o.results.slice(0, 3).join(', ') || 'nothing'}`);

const allSets = () => QUERY_SETS.flatMap((name) => measured[name]);

test('reader queries find the answering page in the top 3 (at least 95% of tune, holdout and holdout2; holdout3 to holdout35 reported)', (t) => {
  assert.ok(written.tune.length + written.holdout.length + written.holdout2.length >= 40);
  // Every held-out set from holdout3 on: at least 40 queries (holdout3, holdout4, holdout20,
  // holdout25 to holdout32, holdout34 and holdout35, whose writers found too few unused threads a page
  // answers), 45 for the others.
  const fewer = [
    'holdout3',
    'holdout4',
    'holdout20',
    'holdout25',
    'holdout26',
    'holdout27',
    'holdout28',
    'holdout29',
    'holdout30',
    'holdout31',
    'holdout32',
    'holdout34',
    'holdout35',
  ];
  for (const name of QUERY_SETS.slice(QUERY_SETS.indexOf('holdout3'))) {
    const least = fewer.includes(name) ? 40 : 45;
    assert.ok(written[name].length >= least, `${name}: ${written[name].length} queries, fewer than ${least}`);
  }
  for (const [name, list] of Object.entries(measured)) {
    if (SEALED_SETS.includes(name as keyof typeof measured)) {
      t.diagnostic(
        `${name}: ${written[name as keyof typeof written].length} queries, sealed (SEARCH_UNSEAL=${name} reports it)`,
      );
      continue;
    }
    const s = summarize(list);
    const of = written[name as keyof typeof written].length;
    t.diagnostic(
      `${name}: ${s.queries === of ? `${of} queries` : `${s.queries} of ${of} queries (npm run bench -- --search-only runs all)`}, top 1 ${(s.top1 * 100).toFixed(1)}%, top 3 ${(s.top3 * 100).toFixed(1)}%, p50 ${s.p50ms} ms, p95 ${s.p95ms} ms`,
    );
  }
  // holdout3 to holdout35 are measured and reported here (the diagnostics above), not held to a
  // bar. The spent ones may be tuned on; ranking changes must not be tuned on a sealed one
  // (SEALED_SETS), which stays sealed until the end of its round.
  for (const name of ['tune', 'holdout', 'holdout2'] as const) {
    const list = measured[name];
    const { top3 } = summarize(list);
    assert.ok(top3 >= 0.95, `${name}: top 3 for ${(top3 * 100).toFixed(0)}%; missed:\n${misses(list, 3).join('\n')}`);
  }
});

/**
 * The sets held to the name bars below: those ranking was tuned on or written beside. A held-out
 * set joins once a ranking round has tuned on it; until then it is reported only (holdout5 to
 * holdout35, spent at the end of the third to thirty-third rounds; a new set stays sealed
 * until measured), since a failure here would be a way of tuning on it, or would hold a set to a bar no
 * round has worked towards.
 */
const NAME_BAR_SETS = ['tune', 'holdout', 'holdout2', 'holdout3', 'holdout4'] as const;

test('an operation name, with or without $, finds its page first; API names are in the top 3', () => {
  assert.deepEqual(
    NAME_BAR_SETS.filter((name) => SEALED_SETS.includes(name)),
    [],
    'a sealed set is never held to a bar',
  );
  const all = NAME_BAR_SETS.flatMap((name) => measured[name]);
  assert.deepEqual(
    misses(
      all.filter((o) => o.kind === 'operation'),
      1,
    ),
    [],
  );
  assert.deepEqual(
    misses(
      all.filter((o) => o.kind === 'api' || o.kind === 'config'),
      3,
    ),
    [],
  );
});

test('every result of every reader query links to a page that exists', async () => {
  const routes = new Set([...allSets(), ...messages.outcomes].flatMap((o) => o.results));
  const broken: string[] = [];
  for (const route of routes) {
    const res = await fetch(session.url(route.split('#')[0]));
    if (res.status !== 200) broken.push(`${route}: ${res.status}`);
  }
  assert.deepEqual(broken, []);
  assert.ok(routes.has('/docs/api/fhir/operations/reindex'), 'the reindex page is linked by its full name');
});

test('searching for an error message finds its troubleshooting entry first, at its anchor', () => {
  const { outcomes, anchors } = messages;
  assert.ok(outcomes.length >= 100, `only ${outcomes.length} catalogue messages`);
  const wrong = outcomes
    .filter((o) => !anchors.get(o.q)?.has(o.links[0] ?? ''))
    .map((o) => `${o.q} → ${o.links[0] ?? 'nothing'} (expected ${[...(anchors.get(o.q) ?? [])].join(' or ')})`);
  assert.deepEqual(wrong, []);
});

test('an error message pasted with its variable parts filled in finds its entry first, at its anchor', () => {
  assert.ok(filledMessages.length >= 20, `only ${filledMessages.length} catalogue messages with a variable part`);
  const wrong = filledMessages
    .filter(({ outcome, message }) => !messages.anchors.get(message)?.has(outcome.links[0] ?? ''))
    .map(({ outcome }) => `${outcome.q} → ${outcome.links[0] ?? 'nothing'}`);
  assert.deepEqual(wrong, []);
});

test('no result excerpt shows a synonym or keyword list, a reader question, a source list or a generated example panel', async () => {
  const all = [...allSets(), ...messages.outcomes, ...excerptOnly];
  const shown = all.flatMap((o) => o.results.map((route, i) => ({ query: o.q, route, excerpt: o.excerpts[i] ?? '' })));
  assert.ok(shown.length >= all.length * 3, `only ${shown.length} results shown`);
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/docs'));
  const texts = await readPages(
    page,
    shown.map((hit) => session.href(hit.route)),
  );
  await context.close();
  // Reader questions are not in the served page: read from the front matter, by built file.
  const questions = readQuestions(path.join(__dirname, '..', '..'));
  for (const hit of shown) {
    const file = `${hit.route.replace(/#.*/, '').replace(/^\//, '')}.html`;
    const t = texts.get(session.href(hit.route));
    if (t) t.questions = questions.get(file)?.questions;
  }
  // The check has something to find: most guides carry a source list and reader questions.
  const withSources = [...texts.values()].filter((t) => t.sources.length > 0).length;
  assert.ok(withSources >= 20, `only ${withSources} result pages have a source list`);
  const withQuestions = [...texts.values()].filter((t) => t.questions?.length).length;
  assert.ok(withQuestions >= 20, `only ${withQuestions} result pages have reader questions`);
  const problems = shown.flatMap((hit) =>
    hiddenTextIn(hit.excerpt, texts.get(session.href(hit.route))!).map((p) => `${hit.query} → ${hit.route}: ${p}`),
  );
  assert.deepEqual(problems, []);
});

test('while a search is still running the panel says so, never "No pages match"', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/docs'));
  const { dialog, box } = await openSearchDialog(page);
  await box.fill('patient');
  await dialog.locator('[data-search-done="patient"]').waitFor({ timeout: 20_000 });
  // Hold back the index fragments the next term needs, as a slow phone network would.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/pagefind/**', async (route) => {
    await held;
    await route.continue();
  });
  await box.fill('subscription');
  const status = dialog.getByRole('status');
  // A window while the index is held: a premature "No pages match" would show within it.
  await page.waitForTimeout(600);
  const during = (await status.textContent()) ?? '';
  assert.match(during, /Searching/);
  assert.doesNotMatch(during, /No pages match/);
  release();
  await dialog.locator('[data-search-done="subscription"]').waitFor({ timeout: 20_000 });
  assert.match((await status.textContent()) ?? '', /\d+ results?/);
  await context.close();
});
