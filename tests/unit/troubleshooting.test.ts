/**
 * The troubleshooting catalogue (docs/troubleshooting/entries/*.yaml): every entry has a cause, a
 * way to confirm it and a fix, no message is catalogued twice, every guide it points to exists,
 * and each group page cites the sources its entries rest on. Bad data fails with file and line.
 */
import { parseSourceEntry, sourceFileKey } from '../../plugins/markdown/docs-frontmatter-check/sources';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import yaml from 'js-yaml';
import { docFileOfRoute, loadCatalogue, routeOfDoc } from '../../plugins/markdown/remark-troubleshooting/catalogue';
import remarkTroubleshooting from '../../plugins/markdown/remark-troubleshooting';

const siteDir = path.join(__dirname, '..', '..');
const docsDir = path.join(siteDir, 'docs');

const entry = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  message: `Message ${id}`,
  status: 400,
  where: '`POST /fhir/R4/Patient` answers with an OperationOutcome',
  cause: 'Why it happens.',
  confirm: 'How to see it is this.',
  fix: 'What to do.',
  see: ['/docs/fhir-datastore/create'],
  sources: ['medplum/medplum@8a37915abad8f5dd142c0195adc728f7d5a8b596 packages/server/src/fhir/repo.ts (x)'],
  ...extra,
});

/** A site folder with the given group files, and the real docs/ linked in for `see:` routes. */
function fixtureSite(groups: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'troubleshooting-'));
  const entries = path.join(dir, 'docs', 'troubleshooting', 'entries');
  fs.mkdirSync(entries, { recursive: true });
  for (const [name, data] of Object.entries(groups)) {
    fs.writeFileSync(path.join(entries, `${name}.yaml`), typeof data === 'string' ? data : yaml.dump(data));
  }
  fs.mkdirSync(path.join(dir, 'docs', 'fhir-datastore'));
  fs.copyFileSync(
    path.join(docsDir, 'fhir-datastore', 'create.mdx'),
    path.join(dir, 'docs', 'fhir-datastore', 'create.mdx'),
  );
  return dir;
}

test('the catalogue has at least 187 entries in its fifteen groups, each with a cause, a check and a fix', () => {
  const { groups } = loadCatalogue(siteDir);
  const all = [...groups.values()].flat();
  assert.ok(all.length >= 187, `only ${all.length} entries`);
  assert.deepEqual([...groups.keys()].sort(), [
    'access-and-403s',
    'agent-and-hl7',
    'apps-and-components',
    'bots',
    'files-and-binary',
    'medplum-client',
    'rate-limits',
    'scheduling',
    'search',
    'self-hosting',
    'sign-in',
    'sign-in-and-tokens',
    'subscriptions',
    'validation-errors',
    'writes-and-transactions',
  ]);
  for (const e of all) {
    for (const field of ['cause', 'confirm', 'fix'] as const)
      assert.ok(e[field].length > 20, `${e.at}: ${field} is too thin`);
  }
  assert.ok(all.filter((e) => e.symptom).length >= 5, 'symptoms without a message have entries too');
});

test('every guide an entry points to exists, and each group page cites its entries’ sources', () => {
  const { groups } = loadCatalogue(siteDir);
  for (const [group, entries] of groups) {
    const page = path.join(docsDir, 'troubleshooting', `${group}.mdx`);
    assert.ok(fs.existsSync(page), `no page for group ${group}`);
    const text = fs.readFileSync(page, 'utf8');
    assert.match(text, new RegExp(`<TroubleshootingEntries group="${group}" />`));
    const front = yaml.load(/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '') as { sources: string[] };
    for (const e of entries) {
      for (const route of e.see) assert.ok(docFileOfRoute(docsDir, route), `${e.at}: no page for ${route}`);
      // The page lists each file once (notes merged), so an entry's source counts as cited when
      // the page names the same file.
      const cited = new Set(front.sources.map((s) => sourceFileKey(parseSourceEntry(s))));
      for (const s of e.sources)
        assert.ok(cited.has(sourceFileKey(parseSourceEntry(s))), `${group}.mdx does not cite ${s} (used by ${e.at})`);
    }
  }
});

test('a message catalogued twice, a repeated id or a missing fix fails with file and line', () => {
  const dup = fixtureSite({
    a: { entries: [entry('one'), entry('two', { message: 'Message one' })] },
    b: { entries: [entry('one', { message: 'Other' })] },
  });
  assert.throws(() => loadCatalogue(dup), /a\.yaml:\d+: "Message one" is already catalogued at .*a\.yaml:\d+/);
  assert.throws(() => loadCatalogue(dup), /b\.yaml:\d+: id "one" is already used/);
  const thin = fixtureSite({ a: { entries: [entry('ok'), entry('nofix', { fix: undefined, cause: '' })] } });
  assert.throws(() => loadCatalogue(thin), /a\.yaml:\d+: entry is missing "fix"/);
  assert.throws(() => loadCatalogue(thin), /a\.yaml:\d+: "cause" must be non-empty text/);
  const shared = fixtureSite({
    a: {
      entries: [entry('one', { message: 'Forbidden' }), entry('two', { message: 'Forbidden', title: 'super admin' })],
    },
  });
  assert.throws(() => loadCatalogue(shared), /a\.yaml:\d+: "Forbidden" has 2 entries: give each a "title"/);
  const named = fixtureSite({
    a: {
      entries: [
        entry('one', { message: 'Forbidden', title: 'project admin' }),
        entry('two', { message: 'Forbidden', title: 'super admin' }),
      ],
    },
  });
  assert.equal(loadCatalogue(named).groups.get('a')?.length, 2, 'a shared message with each case named is fine');
  const both = fixtureSite({ a: { entries: [entry('both', { symptom: 'Also a symptom' })] } });
  assert.throws(() => loadCatalogue(both), /give exactly one of "message"/);
  const broken = fixtureSite({ a: 'entries:\n  - id: x\n    message: [oops\n' });
  assert.throws(() => loadCatalogue(broken), /a\.yaml:\d+: invalid YAML/);
  const lookup = fixtureSite({
    a: { entries: [entry('x', { sources: ['medplum/medplum (search-index id 123) a.ts'] })] },
  });
  assert.throws(() => loadCatalogue(lookup), /look-up service id/);
});

async function compilePage(site: string, file: string, body: string): Promise<string> {
  // @mdx-js/mdx is ESM-only; this test file is loaded as CommonJS.
  const { compile } = await import('@mdx-js/mdx');
  const out = await compile(
    { value: body, path: path.join(site, 'docs', file) },
    { remarkPlugins: [[remarkTroubleshooting, { siteDir: site, generatedDirs: ['sdk'] }]] },
  );
  return String(out);
}

test('a group page gets one anchored heading per entry; a guide lists the entries that point to it', async () => {
  const site = fixtureSite({
    writes: {
      entries: [
        entry('strict-isolation'),
        entry('quiet', { message: undefined, symptom: 'Nothing happens', status: undefined }),
      ],
    },
  });
  const page = await compilePage(
    site,
    'troubleshooting/writes.mdx',
    'Intro.\n\n<TroubleshootingEntries group="writes" />\n',
  );
  assert.match(page, /id: "strict-isolation"/);
  assert.match(page, /Message strict-isolation/);
  assert.match(page, /Nothing happens/);
  assert.match(page, /HTTP 400/);
  assert.match(page, /Creating resources/, 'links are labelled with the guide title');
  const guide = await compilePage(site, 'fhir-datastore/create.mdx', '# Creating resources\n\nBody.\n');
  assert.match(guide, /Errors and symptoms/);
  assert.match(guide, /\/docs\/troubleshooting\/writes#strict-isolation/);
  assert.doesNotMatch(await compilePage(site, 'sdk/core.mdx', 'Body.\n'), /Errors and symptoms/);
});

test('an unknown group or a see route without a page fails the build naming the file', async () => {
  const site = fixtureSite({ writes: { entries: [entry('a')] } });
  await assert.rejects(
    compilePage(site, 'troubleshooting/x.mdx', 'Intro.\n\n<TroubleshootingEntries group="nope" />\n'),
    /docs\/troubleshooting\/x\.mdx:3: <TroubleshootingEntries group="nope" \/>: no such group/,
  );
  const missing = fixtureSite({ writes: { entries: [entry('a', { see: ['/docs/no/such-page'] })] } });
  await assert.rejects(
    compilePage(missing, 'troubleshooting/writes.mdx', '<TroubleshootingEntries group="writes" />\n'),
    /writes\.yaml:\d+: "see" names \/docs\/no\/such-page, which is no page/,
  );
});

test('routes and files map both ways', () => {
  assert.equal(routeOfDoc(docsDir, path.join(docsDir, 'bots', 'index.mdx')), '/docs/bots');
  assert.equal(routeOfDoc(docsDir, path.join(docsDir, 'index.mdx')), '/docs');
  assert.equal(routeOfDoc(docsDir, path.join(docsDir, 'bots', 'bot-basics.mdx')), '/docs/bots/bot-basics');
  assert.equal(docFileOfRoute(docsDir, '/docs/bots'), path.join(docsDir, 'bots', 'index.mdx'));
  assert.equal(docFileOfRoute(docsDir, '/docs/nope'), undefined);
});
