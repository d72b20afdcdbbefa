import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { GUIDE_AREAS } from '../../sidebars/areas';
import { buildSidebars, hasIndex } from '../../sidebars/build';

function page(dir: string, rel: string, title: string) {
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `---\nid: ${path.basename(rel, '.mdx')}\ntitle: ${title}\n---\n`);
}

test('areas appear in spec order, only once their index page exists, under section titles', () => {
  const docs = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-'));
  page(docs, 'index.mdx', 'Home');
  page(docs, 'fhir-basics.mdx', 'FHIR basics');
  page(docs, 'search/index.mdx', 'Search');
  page(docs, 'auth/index.mdx', 'Authentication');
  page(docs, 'bots/only-a-page.mdx', 'No index here'); // no index: not shown
  const { guide, api } = buildSidebars(docs) as Record<
    string,
    { type: string; label?: string; value?: string; link?: { id: string } }[]
  >;
  assert.equal(api, undefined, 'no API pages yet: no API sidebar');
  const shape = guide.map((i) =>
    i.type === 'html' ? `# ${i.value!.replace(/<[^>]+>/g, '')}` : `${i.type}:${i.label ?? ''}`,
  );
  assert.deepEqual(shape, [
    'doc:Overview',
    'doc:',
    '# Identity and access',
    'category:Authentication',
    '# Data and APIs',
    'category:Search',
  ]);
  const search = guide.find((i) => i.label === 'Search')!;
  assert.equal(search.link!.id, 'search/index');
});

test('API families use their index, or an overview page, as the category link', () => {
  const docs = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-'));
  page(docs, 'api/index.mdx', 'API');
  page(docs, 'api/scim/overview.mdx', 'SCIM overview');
  page(docs, 'api/oauth/index.mdx', 'OAuth2');
  const { api } = buildSidebars(docs) as Record<string, { type: string; label?: string; link?: { id: string } }[]>;
  const categories = api.filter((i) => i.type === 'category');
  assert.deepEqual(
    categories.map((c) => [c.label, c.link!.id]),
    [
      ['OAuth2', 'api/oauth/index'],
      ['SCIM', 'api/scim/overview'],
    ],
  );
});

test('every guide area is a folder name used once', () => {
  assert.equal(new Set(GUIDE_AREAS).size, GUIDE_AREAS.length);
  // Each is a folder of docs/ with its index page: an area listed but never written would be a
  // silent gap in the sidebar (build.ts leaves out folders without an index).
  const missing = GUIDE_AREAS.filter((area) => !hasIndex('docs', area));
  assert.deepEqual(missing, []);
});

test('navbar sections: Reference covers the API and SDK, Docs covers everything else', async () => {
  const { NAV_SECTIONS } = await import('../../site.settings');
  const docs = new RegExp(NAV_SECTIONS.docs);
  const reference = new RegExp(NAV_SECTIONS.reference);
  for (const p of ['/docs', '/docs/fhir-basics', '/docs/auth/methods', '/docs/api-guides-not-api']) {
    assert.ok(docs.test(p) && !reference.test(p), p);
  }
  for (const p of ['/docs/api', '/docs/api/oauth/token', '/docs/sdk/core', '/docs/sdk/core.medplumclient']) {
    assert.ok(reference.test(p) && !docs.test(p), p);
  }
});
