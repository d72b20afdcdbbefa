/** axe-core finds no serious or critical violation on any page template, in either colour mode. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { builtRoutes, offlineContext, startApp, startSession, templateOf, type Session } from '../../lib/browser';

const axePath = createRequire(__filename).resolve('axe-core/axe.min.js');

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

test('no serious or critical axe violations on each template', async () => {
  const routes = builtRoutes();
  const templates = new Map<string, string>();
  for (const r of routes) if (!templates.has(templateOf(r))) templates.set(templateOf(r), r);
  // The guide template is checked on the page with the most kinds of content (code, tables, lists).
  if (routes.includes('/docs/fhir-basics')) templates.set('guide', '/docs/fhir-basics');
  templates.set('404', '/docs/no-such-page');
  console.log(`# checking templates: ${[...templates].map(([t, r]) => `${t} (${r})`).join(', ')}`);

  const problems: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    const { context } = await offlineContext(session, { colorScheme: scheme });
    const page = await context.newPage();
    for (const [template, route] of templates) {
      await page.goto(session.url(route));
      // Check the page a reader sees once the app runs (plugins/bundle/boot-on-intent starts it on the
      // reader's first action), with everything React renders on top of the server's HTML.
      await startApp(page);
      await page.locator('[data-search-ready]').waitFor();
      // Long static bodies draw blocks only near the viewport (content-visibility, src/css/custom.css);
      // a reader scrolling draws them all, so the check sees every block drawn, as the reader would.
      await page.addStyleTag({ content: '[data-static-body] > * { content-visibility: visible !important; }' });
      // Evaluated, not added as a <script>: the page's Content-Security-Policy refuses inline scripts.
      await page.evaluate(fs.readFileSync(axePath, 'utf8'));
      const violations = (await page.evaluate(async () => {
        const axe = (
          window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } }
        ).axe;
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations;
      })) as AxeViolation[];
      for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        const where = v.nodes
          .slice(0, 3)
          .map((n) => JSON.stringify(n.target))
          .join(' ');
        problems.push(`${template} ${route} [${scheme}]: ${v.impact} ${v.id} — ${v.help} at ${where}`);
      }
    }
    await context.close();
  }
  assert.deepEqual(problems, [], problems.join('\n'));
});
