/**
 * Readers see what servers do, not our working notes: no "the source we read", no commit hashes
 * or look-up ids in a page's text. Sources belong in front matter and the line at the end of the
 * page (plugins/markdown/remark-verified-line).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { listDocFiles } from '../../plugins/markdown/docs-frontmatter-check/check';
import { GENERATED_DOC_DIRS } from '../../site.settings';

/** Phrases that only make sense to whoever wrote the page. */
const WORKING_NOTES: { pattern: RegExp; why: string }[] = [
  { pattern: /\bsource (code )?(that )?we read\b|\bsource we read\b/i, why: 'say what servers do (by version)' },
  {
    pattern:
      /\b(this page|these pages|the page) (was|were|is|are) checked against\b|\bchecked against (does|do|did|had|registered)\b/i,
    why: 'say what servers do (by version)',
  },
  { pattern: /\b(search[- ]index|index) (file )?id\b|\bfile id \d{5,}/i, why: 'a look-up service id' },
  { pattern: /\b(route-table )?commit `?[0-9a-f]{7,40}\b/i, why: 'a commit hash in prose' },
  { pattern: /\bstored version(s)? (of|in) the search\b/i, why: 'a look-up service detail' },
  {
    // "The tests for this page run against MockClient", "the examples run in tests", "our tests";
    // advice such as "in your tests" or "stub the call in tests" is fine.
    pattern:
      /\btests? (for|of) this (page|example|guide|site)\b|\b(examples?|pages?|code) (are |is )?run in tests\b|\bruns? in tests against\b|\bthis (page|example|guide|site)'s tests?\b|\bour (unit )?tests?\b|\bthe examples?'s tests? (shows?|checks?|runs?)\b/i,
    why: "this site's tests; give advice about the product instead",
  },
];

/** Lines of a page's body (front matter and fenced code skipped) with their line numbers. */
function proseLines(file: string): { line: number; text: string }[] {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  const out: { line: number; text: string }[] = [];
  let start = 0;
  if (lines[0] === '---') start = lines.indexOf('---', 1) + 1;
  let fence = false;
  for (let i = start; i < lines.length; i++) {
    if (/^\s*(```|~~~)/.test(lines[i])) fence = !fence;
    else if (!fence) out.push({ line: i + 1, text: lines[i] });
  }
  return out;
}

test('no hand-written page shows working notes to readers', () => {
  const found: string[] = [];
  for (const file of listDocFiles('docs', GENERATED_DOC_DIRS)) {
    const lines = proseLines(file);
    lines.forEach(({ line, text }, i) => {
      // Notes wrap across lines; read each line with the next one.
      const window = `${text} ${lines[i + 1]?.text ?? ''}`;
      for (const { pattern, why } of WORKING_NOTES) {
        if (pattern.test(window) && !pattern.test(lines[i + 1]?.text ?? '')) {
          found.push(`${path.relative('.', file)}:${line}: ${why}: ${text.trim().slice(0, 100)}`);
        }
      }
    });
  }
  assert.deepEqual(found, [], `working notes in page text:\n${found.join('\n')}`);
});

/**
 * Pages describe today's Medplum (server 5.1.12, packages 5.2.13). A self-hoster on an older server
 * gets one short note per page, `:::note[On servers before 5.1]` (or the 5.1.x release that changed
 * it), naming the release each difference changed in; a 5.0.x version anywhere else is a page
 * still written for an old server. The docs' installed dev copy of `@medplum/cli` is 5.0.10 and
 * some source entries cite it, so a line naming that package may give its version.
 */
test('a 5.0.x version appears only in a page\'s one "On servers before" note', () => {
  const found: string[] = [];
  // A Medplum release number; "US Core 5.0.1" names an implementation guide's version.
  const OLD = /(?<!US Core )\b5\.0\.\d+\b/;
  for (const file of listDocFiles('docs', GENERATED_DOC_DIRS)) {
    let inNote = false;
    let notes = 0;
    for (const { line, text } of proseLines(file)) {
      if (/^:::\w+\[On servers before 5\.1(\.\d+)?\]\s*$/.test(text.trim())) {
        inNote = true;
        notes++;
        continue;
      }
      if (inNote && /^:::\s*$/.test(text.trim())) inNote = false;
      if (!inNote && OLD.test(text) && !/@medplum\/cli/.test(text)) {
        found.push(`${path.relative('.', file)}:${line}: ${text.trim().slice(0, 100)}`);
      }
    }
    if (notes > 1) found.push(`${path.relative('.', file)}: ${notes} "On servers before" notes (one per page)`);
  }
  const entries = path.join('docs', 'troubleshooting', 'entries');
  for (const name of fs.existsSync(entries) ? fs.readdirSync(entries) : []) {
    fs.readFileSync(path.join(entries, name), 'utf8')
      .split(/\r?\n/)
      .forEach((text, i) => {
        if (OLD.test(text) && !/@medplum\/cli/.test(text))
          found.push(`${path.join(entries, name)}:${i + 1}: ${text.trim().slice(0, 100)}`);
      });
  }
  assert.deepEqual(found, [], `pages written for an older server:\n${found.join('\n')}`);
});
