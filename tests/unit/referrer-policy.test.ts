/**
 * Every page's HTML head carries `<meta name="referrer" content="no-referrer">` (step 1 of the
 * tools' privacy work), injected by plugins/bundle/client-bundle so that the siteConfig serialized into
 * every page's JavaScript stays as it was. The browser test in tests/browser/tools.test.ts checks
 * the effect on a built site; this one checks the tag Docusaurus renders from the plugin.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import clientBundlePlugin from '../../plugins/bundle/client-bundle';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { loadHtmlTags } = require('@docusaurus/core/lib/server/htmlTags.js') as {
  loadHtmlTags(args: { plugins: unknown[]; router: string }): { headTags: string; preBodyTags: string };
};

test('the client-bundle plugin puts a no-referrer meta tag in every page head', () => {
  const tags = loadHtmlTags({ plugins: [clientBundlePlugin()], router: 'browser' });
  assert.equal(tags.headTags, '<meta name="referrer" content="no-referrer">');
  assert.equal(tags.preBodyTags, '');
});

test('docusaurus.config.ts sets no headTags, which would ship in every page bundle', () => {
  const config = fs.readFileSync(path.join(__dirname, '..', '..', 'docusaurus.config.ts'), 'utf8');
  assert.doesNotMatch(config, /^\s*headTags\s*:/m);
});
