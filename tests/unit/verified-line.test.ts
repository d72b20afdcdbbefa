/**
 * The "checked against the source" line at the end of hand-written pages: built from the front
 * matter, server files first and linked at their commit, left off generated pages.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import remarkVerifiedLine, { formatVerifiedDate, verifiedLine } from '../../plugins/markdown/remark-verified-line';

const docsDir = path.resolve('docs');
const frontMatter = {
  last_verified: '2026-11-25',
  sources: [
    '@medplum/core@5.2.13 dist/types.d.ts (MedplumClient.sendEmail)',
    'medplum/medplum@8a37915abad8f5dd142c0195adc728f7d5a8b596 packages/server/src/email/routes.ts (sendEmail)',
    'medplum/medplum packages/server/src/email/email.ts (read 2026-11-25; sendEmail)',
  ],
};

async function render(file: string, fm: Record<string, unknown>): Promise<string> {
  // @mdx-js/mdx is ESM-only; this test file is loaded as CommonJS.
  const { compile } = await import('@mdx-js/mdx');
  const out = await compile(
    { value: '# Title\n\nBody.\n', path: path.join(docsDir, file), data: { frontMatter: fm } },
    { remarkPlugins: [[remarkVerifiedLine, { docsDir, generatedDirs: ['sdk', 'api/fhir/resources'] }]] },
  );
  return String(out);
}

test('dates read as a string or as gray-matter Date print the same way', () => {
  assert.equal(formatVerifiedDate('2026-11-25'), '25 November 2026');
  assert.equal(formatVerifiedDate(new Date('2026-01-03T00:00:00Z')), '3 January 2026');
  assert.equal(formatVerifiedDate('soon'), undefined);
});

test('a hand-written page ends with a collapsed line naming the date and the server files', async () => {
  const js = await render('communications/notifications.mdx', frontMatter);
  assert.match(js, /"details"/);
  assert.match(js, /Checked against the source on 25 November 2026 \(2 Medplum source files\)/);
  assert.match(
    js,
    /https:\/\/github\.com\/medplum\/medplum\/blob\/8a37915abad8f5dd142c0195adc728f7d5a8b596\/packages\/server\/src\/email\/routes\.ts/,
  );
  assert.match(js, /packages\/server\/src\/email\/email\.ts/);
  assert.match(js, /@medplum\/core@5\.2\.13/);
  // Server files come before package versions.
  assert.ok(js.indexOf('email/routes.ts') < js.indexOf('@medplum/core@5.2.13'));
});

test('generated pages and pages without last_verified get no line', async () => {
  assert.doesNotMatch(await render('sdk/core/index.mdx', frontMatter), /Checked against/);
  assert.doesNotMatch(await render('api/fhir/resources/patient.mdx', frontMatter), /Checked against/);
  assert.deepEqual(verifiedLine({ sources: frontMatter.sources }), []);
});

test('a file from a package source map is named by its repository path, at the package version, once', async () => {
  const js = await render('communications/notifications.mdx', {
    last_verified: '2026-12-01',
    sources: [
      '@medplum/core@5.2.13 src/client.ts (executeBot)',
      '@medplum/core@5.2.13 src/client.ts (executeBot)',
      '@medplum/core@5.2.13 dist/esm/index.d.ts (MedplumClient)',
    ],
  });
  assert.match(js, /Checked against the source on 1 December 2026 \(1 Medplum source file\)/);
  assert.match(js, /packages\/core\/src\/client\.ts/);
  assert.match(js, /as published in /);
  assert.equal(js.split('packages/core/src/client.ts').length - 1, 1, 'listed once');
});
