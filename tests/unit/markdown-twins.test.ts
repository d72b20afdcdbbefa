/**
 * The llms.txt outline: one section per guide area in sidebar order, hand-written pages only,
 * generated families by their index page, and a clear error for a sidebar doc that was not loaded.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { renderLlmsFullTxt, renderLlmsTxt } from '../../plugins/site/markdown-twins/llms-files';
import { markdownPath } from '../../plugins/site/markdown-twins/paths';
import { buildOutline, type LoadedDocs } from '../../plugins/site/markdown-twins/structure';

const doc = (id: string, title: string, permalink: string) => ({ id, title, description: `${title} page.`, permalink });

const loaded: LoadedDocs = {
  docs: [
    doc('index', 'Overview', '/docs'),
    doc('bots/index', 'Bots', '/docs/bots'),
    doc('bots/bot-basics', 'Bot basics', '/docs/bots/bot-basics'),
    doc('api/index', 'API overview', '/docs/api'),
    doc('api/fhir/resources/index', 'FHIR resources', '/docs/api/fhir/resources'),
    doc('api/fhir/resources/patient', 'Patient', '/docs/api/fhir/resources/patient'),
  ],
  sidebars: {
    guide: [
      { type: 'doc', id: 'index' },
      { type: 'html', value: '<span>Automation</span>' },
      {
        type: 'category',
        label: 'Bots',
        link: { type: 'doc', id: 'bots/index' },
        items: [{ type: 'doc', id: 'bots/bot-basics' }],
      },
    ],
    api: [
      { type: 'doc', id: 'api/index' },
      {
        type: 'category',
        label: 'FHIR resources',
        link: { type: 'doc', id: 'api/fhir/resources/index' },
        items: [{ type: 'doc', id: 'api/fhir/resources/patient' }],
      },
    ],
  },
};

test('markdown paths follow the twin naming', () => {
  assert.equal(markdownPath('/'), '/index.md');
  assert.equal(markdownPath('/docs'), '/docs.md');
  assert.equal(markdownPath('/docs/search/chained-search'), '/docs/search/chained-search.md');
});

test('outline: start pages first, areas in order, generated families by index page only', () => {
  const outline = buildOutline(loaded, { guide: 'Start here', api: 'API reference' });
  assert.deepEqual(
    outline.map((s) => [s.title, s.pages.map((p) => p.title)]),
    [
      ['Start here', ['Overview']],
      ['Bots', ['Bots', 'Bot basics']],
      ['API reference', ['API overview', 'FHIR resources']],
    ],
  );
});

test('llms.txt follows the llms.txt layout with .md links and descriptions', () => {
  const outline = buildOutline(loaded, { guide: 'Start here', api: 'API reference' });
  const text = renderLlmsTxt({ title: 'Docs', summary: 'Summary.', details: 'Details.' }, outline);
  assert.match(text, /^# Docs\n\n> Summary\.\n\nDetails\.\n/);
  assert.match(
    text,
    /\n## Bots\n\n- \[Bots\]\(\/docs\/bots\.md\): Bots page\.\n- \[Bot basics\]\(\/docs\/bots\/bot-basics\.md\): Bot basics page\.\n/,
  );
});

test('llms-full.txt concatenates hand-written twins in order and fails on a missing twin', () => {
  const outline = buildOutline(loaded, { guide: 'Start here', api: 'API reference' });
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'twins-'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
    fs.writeFileSync(path.join(out, rel), text);
  };
  write('docs.md', '# Overview\n');
  write('docs/bots.md', '# Bots\n');
  write('docs/bots/bot-basics.md', '# Bot basics\n');
  write('docs/api.md', '# API overview\n');
  const handWritten = (permalink: string) => !permalink.startsWith('/docs/api/fhir/');
  const site = { title: 'Docs', summary: 'Summary.', details: '' };
  const full = renderLlmsFullTxt(site, outline, out, handWritten);
  const order = ['# Overview', '# Bots', '# Bot basics', '# API overview'].map((h) => full.indexOf(h));
  assert.deepEqual(
    [...order].sort((a, b) => a - b),
    order,
  );
  assert.ok(!full.includes('FHIR resources'), 'generated family pages are not inlined');
  fs.rmSync(path.join(out, 'docs/bots.md'));
  assert.throws(() => renderLlmsFullTxt(site, outline, out, handWritten), /no Markdown twin at docs\/bots\.md/);
});

test('a sidebar doc the docs plugin did not load is named in the error', () => {
  const broken = { ...loaded, sidebars: { guide: [{ type: 'doc' as const, id: 'missing/page' }] } };
  assert.throws(() => buildOutline(broken, { guide: 'Start here' }), /"missing\/page"/);
});
