/**
 * `npm run check-sources` on a small git repository made here: pages citing a file that changed
 * after the cited commit are listed, unchanged ones are not, and unpinned pages are named.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { changedSince, checkSources, formatReport, formatSinceReport, isHistoricalPin } from '../../lib/check-sources';

let root: string;
let repo: string;
let docs: string;
let first: string;

function git(...args: string[]): string {
  const run = spawnSync('git', ['-C', repo, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.org',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.org',
    },
  });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.trim();
}

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

function page(name: string, sources: string[]): void {
  const list = sources.map((s) => `  - "${s}"`).join('\n');
  write(
    path.join(docs, `${name}.mdx`),
    `---\nid: ${path.basename(name)}\ntitle: T\ndescription: D.\nsources:\n${list}\nlast_verified: 2026-11-25\n---\n\nBody.\n`,
  );
}

before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-sources-'));
  repo = path.join(root, 'medplum');
  docs = path.join(root, 'docs');
  fs.mkdirSync(repo);
  git('init', '-q', '-b', 'main');
  write(path.join(repo, 'packages/server/src/email/routes.ts'), 'export const a = 1;\n');
  write(path.join(repo, 'packages/server/src/fhir/repo.ts'), 'export const b = 1;\n');
  write(path.join(repo, 'packages/server/src/old.ts'), 'export const c = 1;\n');
  git('add', '.');
  git('commit', '-q', '-m', 'first');
  first = git('rev-parse', 'HEAD');
  // The release after the pages were checked: one file changes, one goes away.
  write(path.join(repo, 'packages/server/src/email/routes.ts'), 'export const a = 2;\n');
  git('rm', '-q', 'packages/server/src/old.ts');
  git('commit', '-q', '-am', 'second');

  page('communications/notifications', [
    `medplum/medplum@${first} packages/server/src/email/routes.ts (sendEmail)`,
    `medplum/medplum@${first} packages/server/src/fhir/repo.ts (createResource)`,
    '@medplum/core@5.2.13 dist/types.d.ts (MedplumClient.sendEmail)',
  ]);
  page('fhir-datastore/create', [`medplum/medplum@${first} packages/server/src/fhir/repo.ts (createResource)`]);
  // An old release's behaviour, cited on purpose at its commit: never "to re-read".
  page('fhir-datastore/history', [
    `medplum/medplum@${first} packages/server/src/email/routes.ts (before 5.0.11: a = 1)`,
  ]);
  page('self-hosting/upgrades', [`medplum/medplum@${first} packages/server/src/old.ts (gone)`]);
  page('auth/logout', ['medplum/medplum packages/server/src/oauth/logout.ts (read 2026-11-25; logoutHandler)']);
  page('agent/push', [`medplum/medplum@${'f'.repeat(40)} packages/agent/src/app.ts (App)`]);
  // Generated reference folders are not the checker's business.
  page('sdk/core/index', [`medplum/medplum@${first} packages/server/src/email/routes.ts`]);
});

after(() => fs.rmSync(root, { recursive: true, force: true }));

test('lists each page whose cited file changed or disappeared at HEAD, and only those', () => {
  const report = checkSources(repo, docs);
  const stale = Object.fromEntries(
    report.pages
      .filter((p) => p.changed.length > 0)
      .map((p) => [p.page, p.changed.map((c) => `${c.status} ${c.path}`)]),
  );
  assert.deepEqual(stale, {
    [path.join('communications', 'notifications.mdx')]: ['changed packages/server/src/email/routes.ts'],
    [path.join('self-hosting', 'upgrades.mdx')]: ['deleted packages/server/src/old.ts'],
  });
  assert.equal(report.head, git('rev-parse', 'HEAD'));
});

test('names unpinned pages and commits the checkout does not have', () => {
  const report = checkSources(repo, docs);
  assert.deepEqual(report.unpinnedPages, [path.join('auth', 'logout.mdx')]);
  const unknown = report.pages.find((p) => p.page === path.join('agent', 'push.mdx'));
  assert.deepEqual(unknown?.unknownCommits, [{ path: 'packages/agent/src/app.ts', commit: 'f'.repeat(40) }]);
  assert.ok(!report.pages.some((p) => p.page.startsWith('sdk')), 'generated folders are skipped');
});

test('the printed report groups pages under what a maintainer must do', () => {
  const text = formatReport(checkSources(repo, docs));
  assert.match(text, /Pages to re-read \(2\)/);
  assert.match(text, /communications\/notifications\.mdx\n\s+changed: packages\/server\/src\/email\/routes\.ts/);
  assert.match(text, /gone: packages\/server\/src\/old\.ts/);
  assert.match(text, /Unpinned pages \(1\)[\s\S]*auth\/logout\.mdx/);
  assert.doesNotMatch(text, /fhir-datastore\/create/);
});

test('--rev compares with a given commit instead of HEAD', () => {
  const report = checkSources(repo, docs, first);
  assert.equal(report.head, first);
  assert.ok(!report.pages.some((p) => p.changed.length > 0), 'nothing differs from the cited commit itself');
});

test('--since lists, by area, the pages citing a file changed since a release, with the commits that changed it', () => {
  const report = changedSince(repo, docs, first);
  assert.equal(report.since, first);
  assert.deepEqual(
    report.areas.map((a) => [a.area, a.pages.map((p) => `${p.page}: ${p.files.join(',')}`)]),
    [
      ['communications', [`${path.join('communications', 'notifications.mdx')}: packages/server/src/email/routes.ts`]],
      ['self-hosting', [`${path.join('self-hosting', 'upgrades.mdx')}: packages/server/src/old.ts`]],
    ],
  );
  // The agent page cites a commit the checkout lacks, but its file did not change: not listed.
  assert.deepEqual(
    report.files.map((f) => [f.path, f.commits.map((c) => c.replace(/^[0-9a-f]+ /, ''))]),
    [
      ['packages/server/src/email/routes.ts', ['second']],
      ['packages/server/src/old.ts', ['second']],
    ],
  );
  const text = formatSinceReport(report);
  assert.match(text, /2 cited files, 2 pages to re-read/);
  assert.match(
    text,
    /communications \(1\)\n\s+communications\/notifications\.mdx: packages\/server\/src\/email\/routes\.ts/,
  );
  assert.match(text, /packages\/server\/src\/old\.ts\n\s+[0-9a-f]+ second/);
});

test('--since with no commit is a usage error', () => {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '../../scripts/check-sources.ts'), repo, '--since'],
    { encoding: 'utf8' },
  );
  assert.equal(run.status, 2, run.stderr);
});

test('the command exits 2 with a usage line when no checkout is given', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, '../../scripts/check-sources.ts')], {
    encoding: 'utf8',
  });
  assert.equal(run.status, 2, run.stderr);
  assert.match(run.stderr, /usage: npm run check-sources -- <path to a medplum\/medplum checkout>/);
});

test('a pin of history ("before 5.0.11: …", "as of v4.0.0: …") is not listed to re-read', () => {
  assert.ok(isHistoricalPin('before 5.0.11: displayLanguage not read'));
  assert.ok(isHistoricalPin('as of v4.0.0: engines node >=18.0.0'));
  assert.ok(!isHistoricalPin('buildAccessPolicy; before the admin rules'));
  const report = checkSources(repo, docs);
  assert.ok(!report.pages.some((p) => p.page === path.join('fhir-datastore', 'history.mdx')));
  assert.ok(!changedSince(repo, docs, first).areas.some((a) => a.area === 'fhir-datastore'));
});
