/**
 * Runs reader queries through the site's real search dialog in Chromium and records, for each,
 * the first results and the time from the last keystroke to the results being shown. Shared by
 * tests/browser/search-quality.test.ts and `npm run bench`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startApp } from './browser';

export interface ReaderQuery {
  q: string;
  kind: 'question' | 'symptom' | 'error' | 'api' | 'operation' | 'config';
  /** Routes that answer the query; any of them in the top 3 counts. */
  expect: string[];
  /** The public thread the query was taken from, in the asker's words (holdout3 to holdout9). */
  from?: string;
}

export interface QuerySets {
  /** Queries ranking changes were tried against. */
  tune: ReaderQuery[];
  /** Written with `tune`, before any ranking change; measured, not tuned on. */
  holdout: ReaderQuery[];
  /** Written later, before the last ranking changes; never tuned on. */
  holdout2: ReaderQuery[];
  /**
   * Issue 42: taken from real Medplum issue and pull-request threads before any issue-42 ranking
   * change, and measured once at the end of that round; spent since, so it may be tuned on.
   */
  holdout3: ReaderQuery[];
  /**
   * Issue 42, second round: taken from other real Medplum threads before that round's ranking
   * changes (holdout3 was spent by then and may be tuned on); measured once at the end, never
   * tuned on.
   */
  holdout4: ReaderQuery[];
  /**
   * Issue 42, third round: taken from other real Medplum threads before that round's ranking
   * changes (holdout3 and holdout4 were spent by then), by someone who did not see the ranking
   * code; measured once at the end of the third round and spent since, so it is reported.
   */
  holdout5: ReaderQuery[];
  /**
   * Issue 42, fourth round: taken from other real Medplum threads before that round's ranking
   * changes (holdout3 to holdout5 were spent by then), by someone who did not see the ranking
   * code; measured once at the end of that round (2026-12-03) and spent since, so it is reported.
   */
  holdout6: ReaderQuery[];
  /**
   * Issue 42, fifth round: taken from other real Medplum threads (holdout3 to holdout6 were spent
   * by then), by someone who did not see the ranking code; measured once at the end of that round
   * (2026-12-03) and spent since, so it is reported.
   */
  holdout7: ReaderQuery[];
  /**
   * Issue 42, sixth round: taken from other real Medplum threads (holdout3 to holdout7 were spent
   * by then), by someone who did not see the ranking code; measured once at the end of that round
   * (2026-12-03) and spent since, so it is reported.
   */
  holdout8: ReaderQuery[];
  /**
   * Issue 42, seventh round: taken from other real Medplum threads (holdout3 to holdout8 were spent
   * by then), by someone who did not see the ranking code; measured once at the end of that round
   * (2026-12-03) and spent since, so it is reported.
   */
  holdout9: ReaderQuery[];
  /**
   * Issue 42, eighth round: taken from other real Medplum threads (holdout3 to holdout8 spent,
   * holdout9 sealed), by someone who did not see the ranking code; committed (`e78aa56`) before
   * the eighth round's ranking changes, measured once at the end of that round (2026-12-03) and
   * spent since, so it is reported.
   */
  holdout10: ReaderQuery[];
  /**
   * Issue 42, ninth round: taken from other real Medplum threads, by someone who did not see the
   * ranking code; committed (`96c8341`) before the ninth round's ranking changes, measured once at
   * the end of that round (2026-12-04) and spent since, so it is reported.
   */
  holdout11: ReaderQuery[];
  /**
   * Issue 42, tenth round: taken from other real Medplum threads, by someone who did not see the
   * ranking code; committed before the tenth round's ranking changes, measured once at the end of
   * that round (2026-12-04) and spent since, so it is reported.
   */
  holdout12: ReaderQuery[];
  /**
   * Issue 42, eleventh round: taken from other real Medplum threads, by someone who did not see
   * the ranking code; committed (`5ebbded`) before the eleventh round's ranking changes, measured
   * once at the end of that round (2026-12-04) and spent since, so it is reported.
   */
  holdout13: ReaderQuery[];
  /**
   * Issue 42, twelfth round: taken from other real Medplum threads, by someone who did not see
   * the ranking code; committed (`5e626af`) before the twelfth round's ranking changes, measured
   * once at the end of that round (2026-12-04) and spent since, so it is reported.
   */
  holdout14: ReaderQuery[];
  /**
   * Issue 42, thirteenth round: taken from other real Medplum threads, by someone who did not see
   * the ranking code; committed (`7e8f9bd`) before the thirteenth round's ranking changes,
   * measured once at the end of that round (2026-12-04) and spent since, so it is reported.
   */
  holdout15: ReaderQuery[];
  /**
   * Issue 42, fourteenth round: taken from other real Medplum threads (odd-numbered, while the
   * thirteenth round's content work took even-numbered ones), by someone who did not see the
   * ranking code; committed (`da3f873`) before the fourteenth round's ranking changes, measured
   * once at the end of that round (2026-12-04) and spent since, so it is reported.
   */
  holdout16: ReaderQuery[];
  /**
   * Issue 42, fifteenth round: taken from other real Medplum threads (odd-numbered, while the
   * fourteenth round's content work took even-numbered ones), by someone who did not see the
   * ranking code; committed (`5316fe5`) before the fifteenth round's ranking changes, measured
   * once at the end of that round (2026-12-05) and spent since, so it is reported.
   */
  holdout17: ReaderQuery[];
  /**
   * Issue 42, sixteenth round: taken from other real Medplum threads (odd-numbered, while the
   * fifteenth round's content work took even-numbered ones), by someone who did not see the
   * ranking code; committed (`ec22f72`) before the sixteenth round's ranking changes, measured
   * once at the end of that round (2026-12-05) and spent since, so it is reported.
   */
  holdout18: ReaderQuery[];
  /**
   * Issue 42, seventeenth round: taken from other real Medplum threads (odd-numbered, while the
   * sixteenth round's content work took even-numbered ones), by someone who did not see the
   * ranking code; committed (`c7818a4`) before the seventeenth round's ranking changes, measured
   * once at the end of that round (2026-12-05) and spent since, so it is reported.
   */
  holdout19: ReaderQuery[];
  /**
   * Issue 42, eighteenth round: taken from other real Medplum threads (odd-numbered, while the
   * seventeenth round's content work took even-numbered ones), by someone who did not see the
   * ranking code; committed (`9e5f232`) before the eighteenth round's ranking changes, measured
   * once at the end of that round (2026-12-05) and spent since, so it is reported. 42 queries: its
   * writer found no more unused threads a page answers.
   */
  holdout20: ReaderQuery[];
  /**
   * Issue 42, nineteenth round: taken from other real Medplum threads (odd-numbered, while the
   * eighteenth round's content work took even-numbered ones), by someone who did not see the
   * ranking code; committed (`c8a12e1`) before the nineteenth round's ranking changes, measured
   * once at the end of that round (2026-12-05) and spent since, so it is reported.
   */
  holdout21: ReaderQuery[];
  /**
   * Issue 42, twentieth round: taken from other real Medplum threads (any number not used before,
   * most found through the pull-request titles of the history), by someone who did not see the
   * ranking code; committed (`bb531dac`) before the twentieth round's ranking changes, measured
   * once at the end of that round (2026-12-05) and spent since, so it is reported.
   */
  holdout22: ReaderQuery[];
  /**
   * Issue 42, twenty-first round: taken from other real Medplum threads (any number not used before,
   * most found through topic searches of the issue threads and the release pull requests' change
   * lists), by someone who did not see the ranking code; committed (`ae822be6`) before the
   * twenty-first round's ranking changes, measured once at the end of that round (2026-12-05) and
   * spent since, so it is reported.
   */
  holdout23: ReaderQuery[];
  /**
   * Issue 42, twenty-second round: taken from other real Medplum threads (any number not used before,
   * most found through topic searches of the issue threads and the release pull requests' change
   * lists), by someone who did not see the ranking code; committed (`b1ab8c0f`) before the
   * twenty-second round's ranking changes, measured once at the end of that round (2026-12-05) and
   * spent since, so it is reported.
   */
  holdout24: ReaderQuery[];
  /**
   * Issue 42, twenty-third round: taken from other real Medplum threads (any number not used before,
   * most found through topic searches of the issue threads and the pull requests), by someone who
   * did not see the ranking code; committed (`c99962bd`) before the twenty-third round's ranking
   * changes, measured once at the end of that round (2026-12-06) and spent since, so it is
   * reported.
   */
  holdout25: ReaderQuery[];
  /**
   * Issue 42, twenty-fourth round: taken from other real Medplum threads (any number not used before,
   * most found through topic searches of the issue threads and the pull requests), by someone who
   * did not see the ranking code; committed (`847d36c5`) before the twenty-fourth round's ranking
   * changes, measured once at the end of that round (2026-12-06) and spent since, so it is
   * reported.
   */
  holdout26: ReaderQuery[];
  /**
   * Issue 42, twenty-fifth round: taken from other real Medplum threads (any number not used before,
   * most found through topic searches of the issue threads and the pull requests, many of them
   * component and server changes the pages now document), by someone who did not see the ranking
   * code; committed (`4e3cac42`) before the twenty-fifth round's ranking changes, measured once at the
   * end of that round (2026-12-06) and spent since, so it is reported.
   */
  holdout27: ReaderQuery[];
  /**
   * Issue 42, twenty-sixth round: taken from other real Medplum threads (any number not used before,
   * most found through topic searches of the issue threads and the pull requests, many of them
   * React component, SDK and app changes the pages now document), by someone who did not see the
   * ranking code; committed (`117d9107`) before the twenty-sixth round's ranking changes, measured once
   * at the end of that round (2026-12-06) and spent since, so it is reported.
   */
  holdout28: ReaderQuery[];
  /**
   * Issue 42, twenty-seventh round: taken from other real Medplum threads (any number that no set and no
   * `question-threads.txt` entry had used, found through topic searches of the issue threads and the pull
   * requests), by someone who did not see the ranking code; committed (`97712dd8`, `368a369d`) before the
   * twenty-seventh round's ranking changes, measured once at the end of that round (2026-12-06) and
   * spent since, so it is reported.
   */
  holdout29: ReaderQuery[];
  /**
   * Issue 42, twenty-eighth round: taken from other real Medplum threads (any number up to #9231 that no
   * set and no `question-threads.txt` entry had used, found through topic searches of the issue threads
   * and the pull requests), by someone who did not see the ranking code; committed (`6fdbe4e7`) before the
   * twenty-eighth round's ranking changes, measured once at the end of that round (2026-12-06) and spent
   * since, so it is reported.
   */
  holdout30: ReaderQuery[];
  /**
   * Issue 42, twenty-ninth round: taken from other real Medplum threads (any number up to #9231 that no
   * set and no `question-threads.txt` entry had used, found through topic searches of the issue threads
   * and the pull requests), by someone who did not see the ranking code; committed (`b7c31f7f`) before the
   * twenty-ninth round's ranking changes, measured once at the end of that round (2026-12-06) and spent
   * since, so it is reported.
   */
  holdout31: ReaderQuery[];
  /**
   * Issue 42, thirtieth round: taken from other real Medplum threads (any number up to #9231 that no
   * set, no `question-threads.txt` entry and no earlier writer's dropped list had used, found through
   * topic searches of the issue threads and the pull requests), by someone who did not see the ranking
   * code; committed (`2db6e93c`) before the thirtieth round's ranking changes, measured once at the end
   * of that round (2026-12-06) and spent since, so it is reported.
   */
  holdout32: ReaderQuery[];
  /**
   * Issue 42, thirty-first round: taken from other real Medplum threads (any number up to #9231 that no
   * set, no `question-threads.txt` entry and no earlier writer's dropped list had used, found through
   * topic searches of the issue threads, the pull requests and the release pull requests' change lists),
   * by someone who did not see the ranking code; committed (`a36fb1f1`) before the thirty-first round's
   * ranking changes, measured once at the end of that round (2026-12-07) and spent since, so it is
   * reported.
   */
  holdout33: ReaderQuery[];
  /**
   * Issue 42, thirty-second round: taken from other real Medplum threads (any number up to #9231 that no
   * set, no `question-threads.txt` entry and no earlier writer's dropped list had used, leaving out
   * threads that fix, implement or repeat a used one, found through topic searches of the issue threads
   * and the pull requests; 21 from `medplum/medplum`, the other 19 from pull requests of other
   * medplum-owned repositories (the demo bots, Foo Medical and its provider app, the hello-world
   * app), 18 of them by a second writer), by people who did not see the ranking code; committed
   * (`1df3d00d`, extended in `0c6c6b0f`) before the thirty-second round's ranking changes, measured
   * once at the end of that round (2026-12-07) and spent since, so it is reported.
   */
  holdout34: ReaderQuery[];
  /**
   * Issue 42, thirty-third round: taken from other real Medplum threads that no set, no
   * `question-threads.txt` entry and no earlier writer's dropped list had used (thread numbers up to
   * #9231 plus later `medplum/medplum` threads about behaviour the documented release 5.1.12 already
   * has, leaving out threads that fix, implement or repeat a used one, found through topic and
   * error-message searches of the issue threads and the pull requests; all 41 from `medplum/medplum`),
   * by someone who did not see the ranking code; committed (`8396471a`) before the thirty-third
   * round's ranking changes, measured once at the end of that round (2026-12-07) and spent since,
   * so it is reported.
   */
  holdout35: ReaderQuery[];
  /**
   * Issue 42, thirty-fourth round: taken from the titles of pull requests in upstream Medplum's git
   * history up to release 5.1.12 (commit `53eba89`; each squashed commit subject is its pull request's
   * title, with a conventional-commit prefix such as `fix(server):` dropped), whose numbers no set and
   * no `question-threads.txt` entry had used, leaving out pull requests that fix, implement or repeat
   * a used thread; all 49 from `medplum/medplum`, no issue threads. Written by someone who did not see
   * the ranking code; committed before the thirty-fourth round's ranking changes, measured once at the
   * end of that round (2026-12-07: top 1 69%, top 3 86%, 34 and 42 of 49) and spent since, so it is
   * reported.
   */
  holdout36: ReaderQuery[];
  /**
   * Issue 42, thirty-fifth round: taken from the titles of pull requests in upstream Medplum's git
   * history up to release 5.1.12 (commit `53eba89`; each squashed commit subject is its pull request's
   * title, with a conventional-commit prefix such as `docs(agent):` dropped), whose numbers no set and
   * no `question-threads.txt` entry had used, leaving out pull requests that fix, implement or repeat
   * a used thread; all 46 from `medplum/medplum`, no issue threads. Written by someone who did not see
   * the ranking code; committed before the thirty-fifth round's ranking changes, measured once at the
   * end of that round (2026-12-07: top 1 63%, top 3 80%, 29 and 37 of 46) and spent since, so it is
   * reported.
   */
  holdout37: ReaderQuery[];
  /**
   * Issue 42, thirty-sixth round: taken from the titles of pull requests in upstream Medplum's git
   * history up to release 5.1.12 (commit `53eba89`; each squashed commit subject is its pull request's
   * title, with a conventional-commit prefix such as `feat(cdk):` dropped), whose numbers no set and
   * no `question-threads.txt` entry had used, leaving out pull requests that fix, implement or repeat
   * a used thread; all 46 from `medplum/medplum`, no issue threads. Written by someone who did not see
   * the ranking code; committed before the thirty-sixth round's ranking changes, measured once at the
   * end of that round (2026-12-07: top 1 48%, top 3 70%, 22 and 32 of 46) and spent since, so it is
   * reported.
   */
  holdout38: ReaderQuery[];
  /**
   * Issue 42, thirty-seventh round: taken from the titles of pull requests in upstream Medplum's git
   * history up to release 5.1.12 (commit `53eba89`; each squashed commit subject is its pull request's
   * title, with a conventional-commit prefix such as `feat(core):` or a `Fixes #1234 -` prefix
   * dropped), whose numbers no set and no `question-threads.txt` entry had used, leaving out pull
   * requests that fix, implement or repeat a used thread; all 45 from `medplum/medplum`, no issue
   * threads. Written by someone who did not see the ranking code; committed before the
   * thirty-seventh round's ranking changes, measured once at the end of that round
   * (2026-12-07: top 1 56%, top 3 78%, 25 and 35 of 45) and spent since, so it is reported.
   */
  holdout39: ReaderQuery[];
  /**
   * Issue 42, thirty-eighth round: taken from the titles of pull requests in upstream Medplum's git
   * history up to release 5.1.12 (commit `53eba89`; each squashed commit subject is its pull request's
   * title, with a conventional-commit prefix such as `feat(agent):` or a `Fixes #1234 -` prefix
   * dropped), whose numbers no set and no `question-threads.txt` entry had used, leaving out pull
   * requests that fix, implement or repeat a used thread; all 49 from `medplum/medplum`, no issue
   * threads. Written by someone who did not see the ranking code; committed before the
   * thirty-eighth round's ranking changes, measured once at the end of that round
   * (2026-12-08: top 1 69%, top 3 92%, 34 and 45 of 49) and spent since, so it is reported.
   */
  holdout40: ReaderQuery[];
  /**
   * Issue 42, thirty-ninth round: taken from the titles of pull requests in upstream Medplum's git
   * history up to release 5.1.12 (commit `53eba89`; each squashed commit subject is its pull request's
   * title, with a conventional-commit prefix such as `feat(agent):` or a `Fixes #1234 -` prefix
   * dropped), whose numbers no set and no `question-threads.txt` entry had used, leaving out pull
   * requests that fix, implement or repeat a used thread; all 48 from `medplum/medplum`, no issue
   * threads. Written by someone who did not see the ranking code; committed before the
   * thirty-ninth round's ranking changes, to be measured once at the end of that round.
   */
  holdout41: ReaderQuery[];
}

export interface QueryOutcome extends ReaderQuery {
  /** Result routes in the order shown (at most 10), without anchors. */
  results: string[];
  /** The links as shown, anchors included (a result can open at a heading). */
  links: string[];
  /** Each result's excerpt as shown (its HTML, with the `<mark>` of matched words). */
  excerpts: string[];
  /** 1-based rank of the first expected route, or undefined when none is shown. */
  rank?: number;
  /** Milliseconds from the last keystroke to the results of that exact term on screen. */
  ms: number;
}

/** Every query set, in the order they were written (the bench reports them in this order). */
export const QUERY_SETS: readonly (keyof QuerySets)[] = [
  'tune',
  'holdout',
  'holdout2',
  'holdout3',
  'holdout4',
  'holdout5',
  'holdout6',
  'holdout7',
  'holdout8',
  'holdout9',
  'holdout10',
  'holdout11',
  'holdout12',
  'holdout13',
  'holdout14',
  'holdout15',
  'holdout16',
  'holdout17',
  'holdout18',
  'holdout19',
  'holdout20',
  'holdout21',
  'holdout22',
  'holdout23',
  'holdout24',
  'holdout25',
  'holdout26',
  'holdout27',
  'holdout28',
  'holdout29',
  'holdout30',
  'holdout31',
  'holdout32',
  'holdout33',
  'holdout34',
  'holdout35',
  'holdout36',
  'holdout37',
  'holdout38',
  'holdout39',
  'holdout40',
  'holdout41',
];

/**
 * Pages whose sections moved to new pages after query sets were written, with the routes they went
 * to. A set is never edited once written (a held-out one is sealed, unseen), so an expectation of
 * the old route is met by the old page or any of the new ones: the set keeps measuring whether the
 * reader reaches the text it was written for. A moved-away route that no longer exists is a
 * redirect (REDIRECTS in site.settings.ts).
 */
export const MOVED_ROUTES: Readonly<Record<string, readonly string[]>> = {
  '/docs/cli/bots-agents-aws': [
    '/docs/cli/bot-commands',
    '/docs/cli/agent-commands',
    '/docs/cli/hl7-commands',
    '/docs/cli/aws-commands',
  ],
  '/docs/auth': ['/docs/auth/sign-in-flow', '/docs/auth/sign-in-rate-limit', '/docs/auth/auth-me'],
  '/docs/ui-components': ['/docs/ui-components/sign-in-form', '/docs/ui-components/testing-components'],
  '/docs/ui-components/forms-pickers-tabs': ['/docs/ui-components/formatting-values'],
  '/docs/ui-components/search-voice-eprescribing': [
    '/docs/ui-components/conditional-searches',
    '/docs/ui-components/dictation',
    '/docs/ui-components/eprescribing-components',
  ],
  '/docs/fhir-datastore/client-options': [
    '/docs/fhir-datastore/react-native',
    '/docs/fhir-datastore/other-fhir-servers',
  ],
  '/docs/troubleshooting/writes-and-transactions': [
    '/docs/troubleshooting/validation-errors',
    '/docs/troubleshooting/scheduling',
  ],
  '/docs/troubleshooting/sign-in-and-tokens': ['/docs/troubleshooting/sign-in'],
};

/**
 * The routes that answer a query expecting `expect`: each, and where its sections moved
 * (MOVED_ROUTES). An expectation written as a folder's index file (`/docs/labs-imaging/index`,
 * from `docs/labs-imaging/index.mdx`) means the page Docusaurus serves at the folder's route
 * (`/docs/labs-imaging`): the `/index` form is no route, so no result could ever match it.
 */
export function acceptedRoutes(expect: readonly string[]): string[] {
  const routes = expect.flatMap((route) => (route.endsWith('/index') ? [route.slice(0, -'/index'.length)] : [route]));
  return [...new Set(routes.flatMap((route) => [route, ...(MOVED_ROUTES[route] ?? [])]))];
}

/** The held-out sets not yet measured (see SEALED_SETS): holdout41, until the end of the thirty-ninth round. */
const UNMEASURED: readonly (keyof QuerySets)[] = ['holdout41'];

/**
 * Held-out sets whose numbers are not printed until the round they measure ends: a ranking
 * change must not be judged, even at a glance, on the set that will measure it. The bench and
 * the search-quality test still run their queries (links, excerpts). `SEARCH_UNSEAL=<set>`
 * (comma-separated names) reports the sets named, once, at the end of their round; the others
 * stay sealed.
 */
export const SEALED_SETS: readonly (keyof QuerySets)[] = UNMEASURED.filter(
  (name) => !(process.env.SEARCH_UNSEAL ?? '').split(',').includes(name),
);

export function loadQuerySets(): QuerySets {
  return JSON.parse(
    fs.readFileSync(path.join(__dirname, '..', 'tests', 'search', 'queries.json'), 'utf8'),
  ) as QuerySets;
}

/**
 * Opens the search dialog with its keyboard shortcut, once the app runs and the search button is
 * ready, and waits for the search panel's own box (not the box shown while its code loads,
 * marked `data-search-pending`, which the panel replaces).
 */
export async function openSearchDialog(page: Page) {
  await startApp(page);
  await page.locator('[data-search-ready]').waitFor();
  await page.keyboard.press('Control+K');
  const dialog = page.getByRole('dialog', { name: 'Search the docs' });
  const box = dialog.locator('input[type="search"]:not([data-search-pending])');
  await box.waitFor();
  return { dialog, box };
}

/**
 * Opens the search dialog on `page` (already on a docs page, with `origin` as its origin) and runs
 * each query, replacing the box's text in one input event as a paste or a last keystroke does.
 * With `warm` (the default) a first search loads the index before the queries are timed; without
 * it the first query is typed as soon as the dialog is open, as a reader who searches at once
 * does, and its time includes loading the index.
 */
export async function runQueries(
  page: Page,
  queries: ReaderQuery[],
  basePath = '/',
  { warm = true }: { warm?: boolean } = {},
): Promise<QueryOutcome[]> {
  await openSearchDialog(page);
  const terms = [...(warm ? ['fhir'] : []), ...queries.map((query) => query.q)];
  const shown = (await page.evaluate(typeEach(terms))) as { ms: number; links: { href: string; excerpt: string }[] }[];
  if (warm) shown.shift();
  await page.keyboard.press('Escape');
  return queries.map((query, i) => {
    const links = shown[i].links.map(({ href }) => routeOf(href, basePath, true));
    const excerpts = shown[i].links.map(({ excerpt }) => excerpt);
    const results = links.map((link) => link.split('#')[0]);
    const accepted = acceptedRoutes(query.expect);
    const index = results.findIndex((r) => accepted.includes(r));
    return { ...query, results, links, excerpts, rank: index === -1 ? undefined : index + 1, ms: shown[i].ms };
  });
}

/**
 * The page-side loop of runQueries: for each term, puts it in the open dialog's box in one input
 * event (the native value setter, then `input`, which React reads as a change), waits until the
 * panel marks itself done with exactly that term (`data-search-done`), and keeps the links shown
 * and the time, on the page's clock, from the input event to the next frame after that. The loop
 * runs in the page because a wait driven from the test polls: Playwright's waits at growing
 * intervals (up to 500 ms apart) would add up to half a second to a search already on screen.
 * A script string, not a function: the compiler would wrap a function's inner arrows in a helper
 * (`__name`) that the page does not have.
 */
const typeEach = (terms: string[]) => `(async () => {
  const dialog = document.querySelector('[role="dialog"]');
  const box = dialog && dialog.querySelector('input[type="search"]');
  if (!box) throw new Error('the search dialog is not open');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const doneWith = () => (dialog.querySelector('[data-search-done]') || { getAttribute: () => null }).getAttribute('data-search-done');
  const type = (text) => { setValue.call(box, text); box.dispatchEvent(new Event('input', { bubbles: true })); };
  const shown = [];
  for (const text of ${JSON.stringify(terms)}) {
    const term = text.trim();
    // The same term again would change nothing on screen: empty the box first.
    if (doneWith() === term) type('');
    const ms = await new Promise((resolve, reject) => {
      let typed = 0;
      const timeout = setTimeout(() => { observer.disconnect(); reject(new Error('search "' + text + '": no results within 20 s')); }, 20000);
      const observer = new MutationObserver(() => {
        if (doneWith() !== term) return;
        observer.disconnect();
        clearTimeout(timeout);
        requestAnimationFrame(() => resolve(Math.round(performance.now() - typed)));
      });
      observer.observe(dialog, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-search-done'] });
      typed = performance.now();
      type(text);
    });
    const links = [...dialog.querySelectorAll('ul a')].map((a) => {
      const excerpt = a.querySelector('[class*="hitExcerpt"]');
      return { href: a.getAttribute('href') || '', excerpt: excerpt ? excerpt.innerHTML : '' };
    });
    shown.push({ ms, links });
  }
  return shown;
})()`;

/**
 * A route under the site's base path, without the base (so expectations hold at any base). A
 * result that links outside the base is a broken link on a site served under a path: it fails.
 */
function routeOf(href: string, basePath: string, keepAnchor = false): string {
  const base = basePath.replace(/\/$/, '');
  const link = keepAnchor ? href : href.split('#')[0];
  if (!base) return link;
  if (link !== base && !link.startsWith(`${base}/`))
    throw new Error(`search result ${href} links outside the base ${basePath}`);
  return link.slice(base.length) || '/';
}

export interface QualitySummary {
  queries: number;
  top1: number;
  top3: number;
  p50ms: number;
  p95ms: number;
}

export function summarize(outcomes: QueryOutcome[]): QualitySummary {
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? 0;
  return {
    queries: outcomes.length,
    top1: outcomes.filter((o) => o.rank === 1).length / Math.max(1, outcomes.length),
    top3: outcomes.filter((o) => o.rank !== undefined && o.rank <= 3).length / Math.max(1, outcomes.length),
    p50ms: at(0.5),
    p95ms: at(0.95),
  };
}
