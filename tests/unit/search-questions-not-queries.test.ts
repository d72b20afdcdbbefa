/**
 * A page's reader questions (front matter `questions:`) are a reader's words for what the page
 * answers, never a copy of a measured query (tests/search/queries.json): a copied query is a
 * hard-coded search result, which makes the measurement say the search finds that page for those
 * words while a reader's own words would not.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { loadQuerySets } from '../../lib/search-quality';
import { questionWords, readQuestions } from '../../lib/search-questions.mjs';

const SITE = path.join(__dirname, '..', '..');

test('questions and queries are compared by their words only, in lower case', () => {
  assert.equal(questionWords('Sign agent release artifacts'), 'sign agent release artifacts');
  assert.equal(questionWords('  sign agent-release   artifacts!'), 'sign agent release artifacts');
  assert.equal(
    questionWords('[Medplum Provider] Require resource profiles'),
    'medplum provider require resource profiles',
  );
  assert.equal(questionWords('exports.handler is not a function'), 'exports handler is not a function');
  assert.equal(questionWords('_format and _pretty query params'), 'format and pretty query params');
  assert.equal(questionWords('$cancel operation'), 'cancel operation');
  assert.equal(questionWords('"Questionnaire.item._text"'), 'questionnaire item text');
  assert.equal(questionWords('Öffnen 2 Fälle'), 'öffnen 2 fälle');
  assert.equal(questionWords('?!'), '');
});

test("no page's reader question is a query of a measured set", () => {
  const queries = new Map<string, string[]>();
  for (const [set, entries] of Object.entries(loadQuerySets())) {
    if (!Array.isArray(entries)) continue; // `about`
    for (const { q } of entries as { q: string }[]) {
      const words = questionWords(q);
      queries.set(words, [...(queries.get(words) ?? []), set]);
    }
  }
  assert.ok(queries.size > 100, 'the query sets were read');
  const pages = readQuestions(SITE);
  assert.ok(pages.size > 100, 'the pages were read');
  const copies: string[] = [];
  for (const { source, questions } of pages.values()) {
    for (const question of questions) {
      const sets = queries.get(questionWords(question));
      if (sets) copies.push(`${source}: "${question}" repeats a query of ${[...new Set(sets)].join(', ')}`);
    }
  }
  assert.deepEqual(copies, [], `questions that copy a measured query:\n${copies.join('\n')}`);
});
