/** The crawl's reader of built HTML (lib/built-html.ts) finds what a browser would. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { servedFacts } from '../../lib/built-html';

const PAGE = `<!doctype html><html><head><title data-rh=true>Chained search &amp; more | Medplum Docs</title>
<link rel=stylesheet href=/medplum-docs/assets/css/styles.css><link rel=canonical href="https://docs.example.org/medplum-docs/docs/x">
<link rel="alternate" type="text/markdown" href="x.md"><link rel=icon href='/favicon.ico'>
<script>var s = '<a href="/not-a-link">';</script><script src=https://cdn.example.com/x.js defer></script></head>
<body><main><h1 class=title>Chained <code>search</code> &amp; more</h1><a href=/docs/y>y</a>
<img alt="" srcset="a.png 1x, /b.png 2x"><a href="https://www.hl7.org/fhir/">FHIR</a></main></body></html>`;

test('title, first heading and every address, with unquoted attributes, srcset and script bodies', () => {
  const facts = servedFacts(PAGE);
  assert.equal(facts.title, 'Chained search & more | Medplum Docs');
  assert.equal(facts.h1, 'Chained search & more');
  const seen = facts.addresses.map((a) => `${a.loads ? 'loads' : 'names'} ${a.where} ${a.value}`);
  assert.deepEqual(seen, [
    'loads link[stylesheet] href /medplum-docs/assets/css/styles.css',
    'names link[canonical] href https://docs.example.org/medplum-docs/docs/x',
    'names link[alternate] href x.md',
    'loads link[icon] href /favicon.ico',
    'loads script src https://cdn.example.com/x.js',
    'names a href /docs/y',
    'loads img srcset a.png',
    'loads img srcset /b.png',
    'names a href https://www.hl7.org/fhir/',
  ]);
});
