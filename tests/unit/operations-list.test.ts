/**
 * Keeps the FHIR operation reference honest: the list of operations read from the server's route
 * table (docs/api/fhir/operations/_operations.json) and the pages in that folder must match one to
 * one. An operation without a page, or a page for an operation that is not in the list, fails.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import matter from 'gray-matter';

const dir = path.join(process.cwd(), 'docs', 'api', 'fhir', 'operations');

interface OperationEntry {
  name: string;
  resource: string | null;
  levels: ('system' | 'type' | 'instance')[];
  methods: string[];
  page: string;
  /** The route paths in routes.ts this entry covers, e.g. "/Agent/:id/$push". */
  paths: string[];
  /** Present for operations newer than the route table: the handler file they were read from. */
  source?: { file: string; commit?: string; read?: string };
}

/** What a page must cite for an operation: its handler's commit or the date it was read, else the route table commit. */
const citationFor = (op: OperationEntry): string =>
  op.source?.commit ?? (op.source?.read ? `read ${op.source.read}` : undefined) ?? list.commit;

const list = JSON.parse(fs.readFileSync(path.join(dir, '_operations.json'), 'utf8')) as {
  commit: string;
  /** Every distinct operation path registered in packages/server/src/fhir/routes.ts at `commit`. */
  routes: string[];
  operations: OperationEntry[];
};

/** Registered by @medplum/fhir-router's FhirRouter itself, so it is not in the server's route table. */
const ROUTER_OWN = new Set(['$graphql']);

/** Operation pages: every .mdx in the folder except the index and files starting with `_`. */
const pages = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.mdx') && f !== 'index.mdx' && !f.startsWith('_'))
  .map((f) => f.replace(/\.mdx$/, ''));

const read = (page: string) => fs.readFileSync(path.join(dir, `${page}.mdx`), 'utf8');

test('the list names the server commit it was read from', () => {
  assert.match(list.commit, /^[0-9a-f]{40}$/);
});

test('every operation in the list has a page that names it', () => {
  for (const op of list.operations) {
    assert.ok(pages.includes(op.page), `${op.resource ?? ''}/${op.name}: no page ${op.page}.mdx`);
    assert.ok(read(op.page).includes(op.name), `${op.page}.mdx never mentions ${op.name}`);
  }
});

test('every page documents an operation in the list', () => {
  const listed = new Set(list.operations.map((op) => op.page));
  for (const page of pages) {
    assert.ok(listed.has(page), `${page}.mdx documents no operation in _operations.json`);
  }
});

test('every page has the required front matter', () => {
  for (const page of pages) {
    const { data } = matter(read(page));
    assert.equal(data.id, page, `${page}.mdx: id must equal the file name`);
    assert.ok(Array.isArray(data.sources) && data.sources.length > 0, `${page}.mdx: sources missing`);
    assert.ok(data.last_verified, `${page}.mdx: last_verified missing`);
  }
});

test('every page cites the commit (or read date) each of its operations was read from', () => {
  for (const op of list.operations) {
    const { data } = matter(read(op.page));
    const citation = citationFor(op);
    assert.ok(
      (data.sources as string[]).some((s) => s.includes(citation) && (!op.source || s.includes(op.source.file))),
      `${op.page}.mdx: no source cites ${op.source?.file ?? 'the route table'} at ${citation}`,
    );
  }
});

test('handler sources name a file and exactly one 40-hex commit or a read date', () => {
  for (const op of list.operations.filter((o) => o.source)) {
    const { file, commit, read } = op.source as NonNullable<OperationEntry['source']>;
    assert.match(file, /^packages\/server\/src\/.+\.ts$/, `${op.resource}/${op.name}: bad source file`);
    assert.ok((commit === undefined) !== (read === undefined), `${op.resource}/${op.name}: give commit or read`);
    if (commit !== undefined) assert.match(commit, /^[0-9a-f]{40}$/);
    if (read !== undefined) assert.match(read, /^\d{4}-\d{2}-\d{2}$/);
  }
});

test('no operation is listed twice at the same level', () => {
  const seen = new Set<string>();
  for (const op of list.operations) {
    for (const level of op.levels) {
      const key = `${op.resource ?? ''}/${op.name}@${level}`;
      assert.ok(!seen.has(key), `${key} is listed twice`);
      seen.add(key);
    }
  }
});

test('the index links every page', () => {
  const index = read('index');
  for (const page of pages) {
    assert.ok(index.includes(`(/docs/api/fhir/operations/${page})`), `index.mdx does not link ${page}`);
  }
});

test('levels and methods are well formed', () => {
  for (const op of list.operations) {
    assert.ok(op.name.startsWith('$'), `${op.name} must start with $`);
    assert.ok(op.levels.length > 0 && op.levels.every((l) => ['system', 'type', 'instance'].includes(l)));
    assert.ok(op.methods.length > 0 && op.methods.every((m) => ['GET', 'POST'].includes(m)));
  }
});

test('the route list has the 85 distinct operation paths of the release', () => {
  assert.equal(list.routes.length, 85);
  assert.equal(new Set(list.routes).size, list.routes.length, 'a route path is listed twice');
  for (const route of list.routes) {
    assert.match(route, /^\/([A-Za-z]+\/|:resourceType\/)?(:id\/)?\$[a-z-]+$/, `malformed route path ${route}`);
  }
});

test('every entry names the route paths it covers, and they are in the route list', () => {
  for (const op of list.operations) {
    const label = `${op.resource ?? ''}/${op.name}`;
    assert.ok(Array.isArray(op.paths) && op.paths.length > 0, `${label}: no paths`);
    for (const p of op.paths) {
      assert.ok(p.endsWith(`/${op.name}`), `${label}: path ${p} is for another operation`);
      if (!ROUTER_OWN.has(op.name)) {
        assert.ok(list.routes.includes(p), `${label}: ${p} is not a route in routes.ts`);
      }
    }
  }
});

test('every route path is covered by exactly one entry', () => {
  for (const route of list.routes) {
    const owners = list.operations.filter((op) => op.paths?.includes(route));
    assert.equal(owners.length, 1, `${route} is covered by ${owners.length} entries`);
  }
});

test('levels and resource follow from the paths', () => {
  for (const op of list.operations) {
    const levels = new Set<string>();
    for (const p of op.paths ?? []) {
      const segments = p.split('/').slice(1, -1);
      const resource = segments[0] === undefined ? null : segments[0] === ':resourceType' ? '*' : segments[0];
      assert.equal(resource, op.resource, `${op.name}: ${p} does not match resource ${op.resource}`);
      levels.add(segments.includes(':id') ? 'instance' : resource === null ? 'system' : 'type');
    }
    assert.deepEqual(
      [...levels].sort(),
      [...op.levels].sort(),
      `${op.resource ?? ''}/${op.name}: levels differ from paths`,
    );
  }
});
