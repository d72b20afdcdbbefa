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
}

const list = JSON.parse(fs.readFileSync(path.join(dir, '_operations.json'), 'utf8')) as {
  commit: string;
  operations: OperationEntry[];
};

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

test('every page cites the commit the list was read from and has the required front matter', () => {
  for (const page of pages) {
    const { data } = matter(read(page));
    assert.equal(data.id, page, `${page}.mdx: id must equal the file name`);
    assert.ok(Array.isArray(data.sources) && data.sources.length > 0, `${page}.mdx: sources missing`);
    assert.ok(data.last_verified, `${page}.mdx: last_verified missing`);
    assert.ok(
      data.sources.some((s: string) => s.includes(list.commit)),
      `${page}.mdx: no source cites the route table commit ${list.commit}`,
    );
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
