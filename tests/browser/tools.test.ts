/**
 * The in-browser FHIR tools (docs/tools), in Chromium against the built site: a reader types into
 * each tool and sees the result; bad input gets a message at the spot; links from the Patient
 * reference page open each tool prefilled; nothing leaves the origin; axe finds no serious issue.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { offlineContext, startSession, type Session } from './helpers';

const axePath = createRequire(__filename).resolve('axe-core/axe.min.js');

let session: Session;
let context: BrowserContext;
let offOrigin: string[];
const pageErrors: string[] = [];

before(async () => {
  session = await startSession();
  ({ context, offOrigin } = await offlineContext(session));
});
after(async () => {
  await context?.close();
  await session?.close();
});

async function open(route: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(`${route}: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') pageErrors.push(`${route}: ${msg.text()}`);
  });
  await page.goto(session.origin + route, { waitUntil: 'load' });
  return page;
}

test('FHIRPath: typing an expression shows typed values; bad input is explained in place', async () => {
  const page = await open('/docs/tools/fhirpath');
  const expression = page.getByLabel('Expression', { exact: true });
  await expression.fill("name.where(use = 'official').family");
  const result = page.getByTestId('fhirpath-result');
  await result.filter({ hasText: 'Chalmers' }).waitFor();
  assert.match((await result.textContent()) ?? '', /"type": "string",\s*"value": "Chalmers"/);
  assert.match(page.url(), /expression=name\.where/, 'the expression is kept in the URL');

  await expression.fill('birthDate');
  await result.filter({ hasText: '"type": "date"' }).waitFor();

  await expression.fill('name.where(');
  const alert = page.getByRole('alert');
  await alert.filter({ hasText: 'The expression cannot be parsed' }).waitFor();

  await expression.fill('name.given');
  await page.getByLabel('Resource', { exact: true }).fill('{ "resourceType": "Patient", ');
  await alert.filter({ hasText: 'This is not valid JSON' }).waitFor();

  // A click on an example expression runs it.
  await page.getByLabel('Resource', { exact: true }).fill('{ "resourceType": "Patient", "id": "p1" }');
  await page.getByRole('button', { name: 'id', exact: true }).click();
  await result.filter({ hasText: '"value": "p1"' }).waitFor();
  await page.close();
});

test('validator: lists issues with path and message, selects the line, says valid plainly', async () => {
  const page = await open('/docs/tools/validator');
  const issues = page.getByTestId('validator-issues');
  await issues.waitFor();
  const text = (await issues.textContent()) ?? '';
  assert.match(text, /error at Patient\.birthDate: Invalid date format/);
  assert.match(text, /Patient\.name\[0\]\.given\[1\]/);
  assert.match(text, /Invalid additional property "nickname"/);

  await issues.getByRole('button', { name: /Patient\.birthDate/ }).click();
  const textarea = page.getByLabel('Resource', { exact: true });
  const selected = await textarea.evaluate((el: HTMLTextAreaElement) =>
    el.value.slice(el.selectionStart, el.selectionEnd),
  );
  assert.match(selected, /"birthDate": "1974-25-12"/);

  await textarea.fill('{ "resourceType": "Patinet" }');
  await page
    .getByTestId('validator-input-error')
    .filter({ hasText: 'not a FHIR R4 or Medplum resource type' })
    .waitFor();

  await textarea.fill('{"resourceType": "Observation", "status": "final", "code": {"text": "Heart rate"}}');
  await page.getByTestId('validator-valid').filter({ hasText: 'Valid: this Observation conforms' }).waitFor();

  await textarea.fill('{"resourceType": "Observation", "status": "final"}');
  await page.getByTestId('validator-issues').filter({ hasText: 'Observation.code' }).waitFor();
  await page.close();
});

test('search builder: parameters, modifiers and prefixes make the query string', async () => {
  const page = await open('/docs/tools/search-builder');
  await page.locator('.fhir-tool[data-ready]').waitFor();
  const add = page.getByLabel('Search parameter to add');
  await add.selectOption('birthdate');
  await page.getByRole('button', { name: 'Add parameter' }).click();
  await page.getByLabel('Prefix').selectOption('ge');
  await page.getByLabel('Value of birthdate').fill('2000-01-01');
  await add.selectOption('name');
  await page.getByRole('button', { name: 'Add parameter' }).click();
  // String parameters get string modifiers and no prefix box.
  const modifiers = await page.getByLabel('Modifier').nth(1).locator('option').allTextContents();
  assert.deepEqual(modifiers, ['none', ':exact', ':contains', ':missing']);
  assert.equal(await page.getByLabel('Prefix').count(), 1);
  await page.getByLabel('Modifier').nth(1).selectOption('contains');
  await page.getByLabel('Value of name').fill('smi');

  const url = page.getByTestId('search-url');
  await url.filter({ hasText: 'GET /fhir/R4/Patient?birthdate=ge2000-01-01&name:contains=smi' }).waitFor();
  assert.equal(
    await page.getByTestId('search-sdk').textContent(),
    "const results = await medplum.searchResources('Patient', 'birthdate=ge2000-01-01&name:contains=smi');",
  );
  const parsed = JSON.parse((await page.getByTestId('search-parsed').textContent()) ?? '{}');
  assert.deepEqual(parsed.filters, [
    { code: 'birthdate', operator: 'ge', value: '2000-01-01' },
    { code: 'name', operator: 'contains', value: 'smi' },
  ]);

  await page.getByLabel('Value of birthdate').fill('yesterday');
  await page.getByTestId('search-error').filter({ hasText: 'Invalid format for date search parameter' }).waitFor();
  await page.close();
});

test('the Patient reference page links into each tool with its example or type filled in', async () => {
  const page = await open('/docs/api/fhir/resources/patient');
  await page.getByRole('link', { name: 'validate this example' }).click();
  await page.waitForURL(/\/docs\/tools\/validator\?resource=/);
  await page.getByTestId('validator-valid').filter({ hasText: 'this Patient conforms' }).waitFor();
  assert.match(await page.getByLabel('Resource', { exact: true }).inputValue(), /"resourceType": "Patient"/);

  await page.goBack();
  await page.getByRole('link', { name: 'try FHIRPath on this example' }).click();
  await page.waitForURL(/\/docs\/tools\/fhirpath\?resource=/);
  assert.match(await page.getByLabel('Resource', { exact: true }).inputValue(), /"resourceType": "Patient"/);
  assert.match(await page.getByLabel('Expression', { exact: true }).inputValue(), /^Patient\./);
  await page.getByTestId('fhirpath-count').waitFor();

  await page.goBack();
  await page.getByRole('link', { name: 'search builder' }).click();
  await page.waitForURL(/\/docs\/tools\/search-builder\?type=Patient/);
  await page.locator('.fhir-tool[data-ready]').waitFor();
  assert.equal(await page.getByLabel('Resource type').inputValue(), 'Patient');
  await page.close();
});

/** Base64url of UTF-8 text, as the tools encode a resource for a link. */
function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

test('requests made by a tool page carry no Referer, so no typed input reaches the server', async () => {
  // A marker that can only come from the reader's input, in both the old (?) and new (#) form.
  const marker = 'ReferrerMarker7731';
  const resource = base64url(JSON.stringify({ resourceType: 'Patient', id: marker }));
  for (const route of [
    `/docs/tools/fhirpath?expression=${marker}&resource=${resource}`,
    `/docs/tools/fhirpath#expression=${marker}&resource=${resource}`,
    `/docs/tools/validator#resource=${resource}`,
  ]) {
    // A fresh context per route: nothing comes from the cache, so every request is seen.
    const ctx = await offlineContext(session);
    const page = await ctx.context.newPage();
    const seen: { url: string; referer: string | undefined }[] = [];
    page.on('request', async (req) => {
      seen.push({ url: req.url(), referer: (await req.allHeaders()).referer });
    });
    await page.goto(session.origin + route, { waitUntil: 'load' });
    await page.locator('.fhir-tool[data-ready], .fhir-tool[data-state="done"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    const own = seen.filter((r) => /\/fhir-tools\/|logo\.svg/.test(r.url));
    assert.ok(
      own.some((r) => r.url.includes('/fhir-tools/')),
      `${route}: the tool fetched its definitions`,
    );
    assert.ok(
      own.some((r) => r.url.includes('logo.svg')),
      `${route}: the page fetched the logo`,
    );
    // no-referrer: the header is absent altogether, not merely stripped of the input.
    assert.deepEqual(
      own.filter((r) => r.referer !== undefined),
      [],
      `${route}: requests with a Referer`,
    );
    assert.equal(await page.locator('meta[name="referrer"]').getAttribute('content'), 'no-referrer');
    offOrigin.push(...ctx.offOrigin);
    await ctx.context.close();
  }
});

/** Tool pages checked by axe, each with the selector that shows the tool has run. */
const AXE_PAGES: [string, string][] = [
  // An expression error on screen, so its contrast is checked too.
  ['/docs/tools/fhirpath?expression=name.(', '.fhir-tool-error'],
  ['/docs/tools/fhirpath', '.fhir-tool[data-ready]'],
  ['/docs/tools/validator', '.fhir-tool[data-state="done"]'],
  [
    '/docs/tools/search-builder?type=Observation&query=code%3Dhttp%3A%2F%2Floinc.org%7C8867-4%26date%3Dge2024-01-01',
    '.fhir-tool[data-ready]',
  ],
];

test('the tool pages have no serious or critical axe violations once the tools have loaded', async () => {
  const problems: string[] = [];
  // Messages and results included: the validator's default resource shows its error list.
  for (const [scheme, route, ready] of (['light', 'dark'] as const).flatMap((scheme) =>
    AXE_PAGES.map(([route, ready]) => [scheme, route, ready] as const),
  )) {
    const ctx = await offlineContext(session, { colorScheme: scheme });
    const page = await ctx.context.newPage();
    await page.goto(session.origin + route, { waitUntil: 'load' });
    await page.locator(ready).waitFor();
    await page.addScriptTag({ path: axePath });
    const violations = (await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } }
      ).axe;
      return (await axe.run(document, { resultTypes: ['violations'] })).violations;
    })) as { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[];
    for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      problems.push(`${route} [${scheme}]: ${v.impact} ${v.id} — ${v.help} at ${JSON.stringify(v.nodes[0]?.target)}`);
    }
    offOrigin.push(...ctx.offOrigin);
    await ctx.context.close();
  }
  assert.deepEqual(problems, []);
});

test('a guide page downloads neither the tool code nor any definitions', async () => {
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (req) => requested.push(req.url()));
  await page.goto(`${session.origin}/docs/search`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  assert.deepEqual(
    requested.filter((url) => /fhir-tool-|\/fhir-tools\//.test(url)),
    [],
  );
  await page.close();
});

test('nothing left the origin and no page logged an error', () => {
  assert.deepEqual(offOrigin, []);
  assert.deepEqual(pageErrors, []);
});
