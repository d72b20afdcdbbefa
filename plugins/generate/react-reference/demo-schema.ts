/**
 * Builds the small schema file the live demos load into `@medplum/core` before rendering.
 *
 * In a real app `MedplumClient.requestSchema()` fetches StructureDefinitions and SearchParameters
 * over GraphQL. `MockClient` cannot answer that query, and the full definition bundles are tens of
 * megabytes, so at build time we copy only what the demos touch, in the same shape that
 * `requestSchema()` asks for, and the demo indexes it with `indexStructureDefinitionBundle` /
 * `indexSearchParameter`. After that `requestSchema()` returns at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Bundle, ElementDefinition, SearchParameter, StructureDefinition } from '@medplum/fhirtypes';
import { dataDir } from '../registry';

/** Resource types the demos display, edit, search or put on a timeline. */
export const DEMO_RESOURCE_TYPES = [
  'Patient',
  'Practitioner',
  'Organization',
  'RelatedPerson',
  'Observation',
  'DiagnosticReport',
  'ServiceRequest',
  'Encounter',
  'Communication',
  'Media',
  'Task',
  'ClinicalImpression',
  'Device',
  'DeviceRequest',
  'Questionnaire',
  'QuestionnaireResponse',
] as const;

export interface DemoSchema {
  structureDefinitions: StructureDefinition[];
  searchParameters: SearchParameter[];
}

function definitionsDir(siteDir: string): string {
  return path.join(siteDir, 'node_modules', '@medplum', 'definitions', 'dist', 'fhir', 'r4');
}

/** Keeps the element fields `requestSchema()` queries; drops long comments and mappings. */
function trimElement(e: ElementDefinition): ElementDefinition {
  const out: ElementDefinition = { id: e.id, path: e.path, min: e.min, max: e.max };
  // Forms show the definition as help text; its first sentence is enough for a demo.
  if (e.definition) out.definition = /^[\s\S]*?[.!?](?=\s|$)/.exec(e.definition)?.[0] ?? e.definition;
  if (e.base) out.base = e.base;
  if (e.contentReference) out.contentReference = e.contentReference;
  if (e.type) out.type = e.type.map((t) => ({ code: t.code, profile: t.profile, targetProfile: t.targetProfile }));
  if (e.binding) out.binding = { strength: e.binding.strength, valueSet: e.binding.valueSet };
  return out;
}

export function buildDemoSchema(siteDir: string): DemoSchema {
  const dir = definitionsDir(siteDir);
  const wanted = new Set<string>(DEMO_RESOURCE_TYPES);
  const resources = JSON.parse(
    fs.readFileSync(path.join(dir, 'profiles-resources.json'), 'utf8'),
  ) as Bundle<StructureDefinition>;
  const structureDefinitions: StructureDefinition[] = [];
  for (const entry of resources.entry ?? []) {
    const sd = entry.resource;
    if (!sd || sd.resourceType !== 'StructureDefinition' || !wanted.has(sd.name ?? '') || sd.kind !== 'resource')
      continue;
    structureDefinitions.push({
      resourceType: 'StructureDefinition',
      name: sd.name,
      kind: sd.kind,
      description: sd.description,
      type: sd.type,
      url: sd.url,
      status: sd.status,
      abstract: sd.abstract,
      snapshot: { element: (sd.snapshot?.element ?? []).map(trimElement) },
    } as StructureDefinition);
  }
  const missing = [...wanted].filter((t) => !structureDefinitions.some((sd) => sd.name === t));
  if (missing.length > 0) throw new Error(`react-reference: no StructureDefinition for ${missing.join(', ')}`);

  const params = JSON.parse(
    fs.readFileSync(path.join(dir, 'search-parameters.json'), 'utf8'),
  ) as Bundle<SearchParameter>;
  const searchParameters: SearchParameter[] = [];
  for (const entry of params.entry ?? []) {
    const sp = entry.resource;
    // `Resource`/`DomainResource` parameters (_id, _lastUpdated, …) apply to every type.
    const bases = (sp?.base ?? []) as string[];
    if (!sp || !bases.some((b) => wanted.has(b) || b === 'Resource' || b === 'DomainResource')) continue;
    searchParameters.push({
      resourceType: 'SearchParameter',
      id: sp.id,
      url: sp.url,
      name: sp.name,
      status: sp.status,
      description: '',
      base: sp.base,
      code: sp.code,
      type: sp.type,
      expression: sp.expression,
      target: sp.target,
    } as SearchParameter);
  }
  return { structureDefinitions, searchParameters };
}

/** Writes the schema where the demo island imports it from. */
export function writeDemoSchema(siteDir: string): string {
  const file = path.join(siteDir, dataDir('react-components'), 'demo-schema.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(buildDemoSchema(siteDir)));
  return file;
}

/**
 * Stylesheets of the demos, in cascade order. They are shipped as a string inside the demo chunk
 * and injected by DemoHost, because any CSS file imported through the bundler would be merged
 * into the site-wide stylesheet that every page loads.
 */
export const DEMO_STYLESHEETS = [
  'node_modules/@mantine/core/styles.css',
  'node_modules/@medplum/react/dist/esm/index.css',
  'src/components/react-demos/demo-host.css',
];

/** Writes the demo stylesheets as one JSON string next to the schema. */
export function writeDemoStyles(siteDir: string): string {
  const css = DEMO_STYLESHEETS.map((file) => {
    const text = fs.readFileSync(path.join(siteDir, file), 'utf8');
    // Source map comments would point at files the site does not serve.
    return `/* ${file.replace(/^node_modules\//, '')} */\n${text.replace(/\/\*# sourceMappingURL=[^*]*\*\//g, '')}`;
  }).join('\n');
  const file = path.join(siteDir, dataDir('react-components'), 'demo-styles.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ css }));
  return file;
}
