/**
 * The front page's goal routes: built from the same area list as the sidebar, so every area is
 * reachable from a goal and a goal shows only pages that exist.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildFrontPage } from '../../plugins/site/front-page/goals';
import { GUIDE_AREAS, READER_GOALS } from '../../sidebars/areas';

test('every guide area belongs to a reader goal, and goals name only real areas', () => {
  const inGoals = new Set(READER_GOALS.flatMap((goal) => goal.areas));
  assert.deepEqual(
    GUIDE_AREAS.filter((area) => !inGoals.has(area)),
    [],
    'areas missing from READER_GOALS',
  );
  assert.deepEqual(
    [...inGoals].filter((area) => !GUIDE_AREAS.includes(area)),
    [],
    'unknown areas in READER_GOALS',
  );
});

const doc = (id: string, title: string) => ({
  id,
  title,
  description: `About ${title}.`,
  permalink: `/docs/${id.replace(/\/?index$/, '')}`,
});

test('a goal lists its first three existing areas, the rest as "more", and hides when empty', () => {
  const data = buildFrontPage([
    doc('tutorials/index', 'Tutorials'),
    doc('search/index', 'Search'),
    doc('fhir-datastore/index', 'FHIR datastore'),
    doc('graphql/index', 'GraphQL'),
    doc('auth/index', 'Authentication'),
    doc('fhir-basics', 'FHIR basics'),
    doc('api/index', 'API overview'),
  ]);
  const app = data.goals.find((g) => g.title === 'Build an app')!;
  assert.deepEqual(
    app.start.map((l) => l.title),
    ['Tutorials', 'FHIR datastore', 'Search'],
  );
  assert.deepEqual(
    app.more.map((l) => l.title),
    ['GraphQL'],
  );
  assert.deepEqual(
    data.goals.map((g) => g.title),
    ['Build an app', 'Sign users in and control access'],
  );
  assert.deepEqual(
    data.newToFhir.map((l) => l.to),
    ['/docs/fhir-basics'],
  );
  assert.deepEqual(
    data.reference.map((l) => l.title),
    ['API overview'],
  );
});
