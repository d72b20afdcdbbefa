/**
 * Every `localeCompare` in the site's code names its locale. Without one, the order follows the
 * default locale of whatever runs it: the build machine's for generated pages (so two machines
 * could build different tables from the same packages), the reader's for the search builder's
 * parameter list (so it could differ from the list the built page shows before the worker runs).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(tsx?|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The argument list of each `.localeCompare(` call in `code`, up to its closing parenthesis. */
function localeCompareArgs(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/\.localeCompare\(/g)) {
    let depth = 1;
    let i = match.index + match[0].length;
    const start = i;
    for (; i < code.length && depth > 0; i++) {
      if (code[i] === '(') depth++;
      if (code[i] === ')') depth--;
    }
    found.push(code.slice(start, i - 1));
  }
  return found;
}

/** Commas outside brackets, quotes and template literals: how many arguments follow the first. */
function topLevelCommas(args: string): number {
  let depth = 0;
  let commas = 0;
  let quote: string | undefined;
  for (const ch of args) {
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (ch === ',' && depth === 0) commas++;
  }
  return commas;
}

test('the argument reader sees one argument or two', () => {
  assert.deepEqual(localeCompareArgs('a.localeCompare(b) + x.localeCompare(f(y, z), "en")'), ['b', 'f(y, z), "en"']);
  assert.equal(topLevelCommas('b'), 0);
  assert.equal(topLevelCommas('`${a},${b}`'), 0);
  assert.equal(topLevelCommas('f(y, z), "en"'), 1);
});

test('every localeCompare in src, plugins, lib and scripts names its locale', () => {
  const files = ['src', 'plugins', 'lib', 'scripts'].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
  assert.ok(files.length > 50, `${files.length} files`);
  const unnamed: string[] = [];
  let calls = 0;
  for (const file of files) {
    for (const args of localeCompareArgs(fs.readFileSync(file, 'utf8'))) {
      calls++;
      if (topLevelCommas(args) === 0) unnamed.push(`${path.relative(ROOT, file)}: localeCompare(${args})`);
    }
  }
  assert.ok(calls > 5, `${calls} calls`);
  assert.deepEqual(unnamed, []);
});
