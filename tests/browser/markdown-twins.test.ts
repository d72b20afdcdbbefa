/**
 * Markdown for coding assistants, as a reader (or a tool) meets it on the built site: a clean
 * `.md` twin for pages of every family, links in twins that resolve on this site, an llms.txt
 * listing every hand-written page, and the copy button putting the twin on the clipboard.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { listDocFiles } from '../../plugins/markdown/docs-frontmatter-check/check';
import { GENERATED_DOC_DIRS } from '../../site.settings';
import { BUILD_DIR, builtSiteUrl, offlineContext, SITE_DIR, startSession, type Session } from '../../lib/browser';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

/** One page of each family: guide, guide index, API endpoint, FHIR resource and datatype, SDK, React. */
const SAMPLES = [
  '/docs/search/chained-search',
  '/docs/search',
  '/docs/api/project-admin/bot',
  '/docs/api/fhir/resources/patient',
  '/docs/api/fhir/datatypes/humanname',
  '/docs/sdk/core.medplumclient',
  '/docs/api/react-components',
];

async function getText(route: string): Promise<{ status: number; text: string; type: string }> {
  const res = await fetch(session.url(route));
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
}

/**
 * What the llms files write before a page's path: SITE_URL for a build given one (their links
 * are absolute then), nothing otherwise. Twins' own links are always site-relative.
 */
const llmsPrefix = () => builtSiteUrl() ?? '';

/**
 * A link target exists in the build (as a twin, a page, or a static file). Site-relative links
 * carry the base (`/medplum-docs/docs/x.md`); absolute ones start with SITE_URL and the base.
 */
function resolves(href: string): boolean {
  const prefix = href.startsWith('/') ? session.baseUrl : `${llmsPrefix()}${session.baseUrl}`;
  if (!href.startsWith(prefix)) return false;
  const pathname = decodeURI(href.slice(prefix.length - 1).split(/[?#]/)[0]);
  const file = path.join(BUILD_DIR, pathname);
  return [file, `${file}.html`, path.join(file, 'index.html')].some((f) => fs.existsSync(f) && fs.statSync(f).isFile());
}

describe('Markdown twins', () => {
  for (const route of SAMPLES) {
    test(`${route}.md is clean Markdown whose links resolve on this site`, async () => {
      const { status, text } = await getText(`${route}.md`);
      assert.equal(status, 200);
      assert.match(text, /^# \S/, 'starts with the page title as a heading');
      assert.doesNotMatch(text, /^---\n/, 'no front matter');
      // Code examples may contain imports and generics; the page's own text may not.
      const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
      assert.doesNotMatch(prose, /^import\s/m, 'no MDX imports');
      assert.doesNotMatch(prose, /<\/?[A-Z][A-Za-z]*[\s>/]/, 'no JSX components');
      assert.doesNotMatch(prose, /<!--|<script|<button/, 'no HTML comments, scripts or buttons');
      assert.doesNotMatch(text, /Copy page as Markdown/, 'no page chrome');
      const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
      for (const href of links) {
        assert.doesNotMatch(href, /^https?:\/\/localhost/, `${href}: links are site-relative`);
        if (href.startsWith('/')) assert.ok(resolves(href), `${route}.md links to ${href}, which does not exist`);
      }
    });
  }

  test('code examples are fenced with their language, and notes are quotes', async () => {
    const { text } = await getText('/docs/search/chained-search.md');
    assert.match(text, /```ts\n[\s\S]*?searchResources\('Observation'[\s\S]*?\n```/);
    const { text: components } = await getText('/docs/api/react-components/datatype-inputs.md');
    assert.match(components, /^> \*\*Deprecated:\*\*$/m);
  });

  test('tables stay tables', async () => {
    const { text } = await getText('/docs/api/fhir/resources/patient.md');
    assert.match(text, /^\| *Name *\| *Flags *\| *Card\. *\|/m);
  });
});

describe('llms.txt and llms-full.txt', () => {
  test('llms.txt lists every hand-written page with its .md twin, by area', async () => {
    const { status, text } = await getText('/llms.txt');
    assert.equal(status, 200);
    assert.match(text, /^# Medplum Docs\n\n> \S/);
    const docsDir = path.join(SITE_DIR, 'docs');
    const handWritten = listDocFiles(docsDir, GENERATED_DOC_DIRS);
    assert.ok(handWritten.length > 50, 'the site has its hand-written pages');
    const missing = handWritten.filter((file) => {
      const rel = path
        .relative(docsDir, file)
        .replace(/\.mdx?$/, '')
        .replace(/(^|\/)index$/, '');
      const twin = llmsPrefix() + session.href(rel === '' ? '/docs.md' : `/docs/${rel}.md`);
      return !text.includes(`](${twin})`);
    });
    assert.deepEqual(missing, [], 'hand-written pages missing from llms.txt');
    assert.match(text, /^## Search$/m, 'one section per area');
    assert.ok(!text.includes('/docs/api/fhir/resources/patient.md'), 'generated pages are listed by family index only');
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    assert.ok(links.length > 50, 'llms.txt has its links');
    for (const href of links) {
      assert.ok(resolves(href), `llms.txt links to ${href}, which does not exist`);
    }
  });

  test('llms-full.txt holds the hand-written pages in sidebar order', async () => {
    const { status, text } = await getText('/llms-full.txt');
    assert.equal(status, 200);
    const order = ['/docs.md', '/docs/fhir-basics.md', '/docs/search/basic-search.md'].map((twin) =>
      text.indexOf(`Source: ${llmsPrefix()}${session.href(twin)}\n`),
    );
    assert.ok(
      order.every((i) => i >= 0),
      `pages present: ${order}`,
    );
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      order,
    );
  });
});

describe('page actions', () => {
  test('"Copy page as Markdown" copies the twin, "View as Markdown" opens it', async () => {
    const { context, offOrigin } = await offlineContext(session);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.origin });
    const page = await context.newPage();
    await page.goto(session.url('/docs/search/chained-search'));
    const copy = page.getByRole('button', { name: 'Copy page as Markdown' });
    await copy.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, (await getText('/docs/search/chained-search.md')).text);
    await page.getByRole('link', { name: 'View as Markdown' }).click();
    await page.waitForURL(session.url('/docs/search/chained-search.md'));
    assert.deepEqual(offOrigin, []);
    await context.close();
  });
});
