import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { builtFileOf, questionsOf, readQuestions } from '../../lib/search-questions.mjs';

test('a page is found at the built file its id gives it', () => {
  assert.equal(builtFileOf('docs/bots/bot-runtimes.mdx'), 'docs/bots/bot-runtimes.html');
  assert.equal(builtFileOf('docs/auth/methods/index.mdx'), 'docs/auth/methods.html');
  assert.equal(builtFileOf('docs/index.mdx'), 'docs.html');
  assert.equal(builtFileOf('docs/fhir-basics.md'), 'docs/fhir-basics.html');
});

test('reader questions are read from front matter, keyed by built file; pages without them are left out', () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'questions-'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
    fs.writeFileSync(path.join(site, rel), text);
  };
  write(
    'docs/bots/index.mdx',
    '---\nid: index\ntitle: Bots\nquestions:\n  - run code on the server\n  - "cron: nightly job"\n---\nBody.',
  );
  write('docs/bots/plain.mdx', '---\nid: plain\ntitle: Plain\n---\nBody.');
  write('docs/bots/_partial.mdx', '---\nquestions:\n  - never read\n---\n');
  const found = readQuestions(site);
  assert.deepEqual(
    [...found.entries()],
    [['docs/bots.html', { source: 'docs/bots/index.mdx', questions: ['run code on the server', 'cron: nightly job'] }]],
  );
  assert.equal(questionsOf('no front matter'), undefined);
  fs.rmSync(site, { recursive: true, force: true });
});
