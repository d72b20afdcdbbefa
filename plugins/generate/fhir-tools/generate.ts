/**
 * Writes the definition slices the in-browser FHIR tools (docs/tools) fetch on demand.
 *
 * The full R4 bundles are tens of megabytes, so the tools never import them. Instead this step
 * writes static files under static/fhir-tools/<definitions version>/ (copied into the build like
 * any static file, and served by the dev server):
 *   - datatypes.json: every datatype (R4 and Medplum), trimmed to what the validator reads;
 *   - types/<Type>.json: one resource type's trimmed StructureDefinition and its SearchParameters.
 * and .generated/fhir-tools/manifest.json (version and type names), which the tool code imports,
 * and .generated/fhir-tools/first-frame/<tool>.json, each tool's answer for its sample.
 *
 * Static files rather than bundler chunks: a chunk per type would add 173 entries to the chunk
 * map in the runtime script that every page of the site loads (about 3 KB gzip).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Bundle, ElementDefinition, SearchParameter, StructureDefinition } from '@medplum/fhirtypes';
import type { Generator } from '../generators';
import { dataDir, generated } from '../registry';
import { definitionsDir, definitionsPackageId } from '../fhir-reference/generate';
import { narrowDescription } from '../fhir-reference/sections';
import { computeFirstFrames, writeFirstFrames } from './first-frames';

/** Element fields that only document (long prose, mappings); the validator never reads them. */
const DOC_FIELDS = [
  'short',
  'definition',
  'comment',
  'requirements',
  'alias',
  'mapping',
  'meaningWhenMissing',
  'orderMeaning',
  'isModifierReason',
  'example',
] as const;

function trimElement(element: ElementDefinition): ElementDefinition {
  const out: Record<string, unknown> = { ...element };
  for (const field of DOC_FIELDS) delete out[field];
  if (element.constraint) {
    // Keep the human text: the validator puts it in the issue message.
    out.constraint = element.constraint.map((c) => ({
      key: c.key,
      severity: c.severity,
      human: c.human,
      expression: c.expression,
    }));
  }
  if (element.binding) out.binding = { strength: element.binding.strength, valueSet: element.binding.valueSet };
  delete out.extension;
  return out as unknown as ElementDefinition;
}

function trimDefinition(sd: StructureDefinition): StructureDefinition {
  return {
    resourceType: 'StructureDefinition',
    id: sd.id,
    url: sd.url,
    name: sd.name,
    status: sd.status,
    kind: sd.kind,
    abstract: sd.abstract,
    type: sd.type,
    baseDefinition: sd.baseDefinition,
    derivation: sd.derivation,
    snapshot: { element: (sd.snapshot?.element ?? []).map(trimElement) },
  } as StructureDefinition;
}

/** The first sentence of a parameter's description for one type, without markdown links. */
export function describeFor(sp: SearchParameter, resourceType: string): string {
  const text = narrowDescription(sp.description, resourceType)
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim();
  return /^[\s\S]*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
}

function trimSearchParameter(sp: SearchParameter, resourceType: string): SearchParameter {
  return {
    resourceType: 'SearchParameter',
    id: sp.id,
    url: sp.url,
    name: sp.name,
    status: sp.status,
    description: describeFor(sp, resourceType),
    base: sp.base,
    code: sp.code,
    type: sp.type,
    expression: sp.expression,
    target: sp.target,
    modifier: sp.modifier,
    comparator: sp.comparator,
    multipleOr: sp.multipleOr,
    multipleAnd: sp.multipleAnd,
  } as SearchParameter;
}

function readBundle<T>(dir: string, file: string): T[] {
  const bundle = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Bundle;
  return (bundle.entry ?? []).map((e) => e.resource as T).filter(Boolean);
}

export interface ToolSlices {
  datatypes: StructureDefinition[];
  types: Map<string, { structureDefinition: StructureDefinition; searchParameters: SearchParameter[] }>;
}

export function buildSlices(dir: string): ToolSlices {
  const definitions = [
    ...readBundle<StructureDefinition>(dir, 'profiles-types.json'),
    ...readBundle<StructureDefinition>(dir, 'profiles-resources.json'),
    ...readBundle<StructureDefinition>(dir, 'profiles-medplum.json'),
  ].filter((sd) => sd.resourceType === 'StructureDefinition' && sd.snapshot && sd.derivation !== 'constraint');
  const datatypes: StructureDefinition[] = [];
  const types: ToolSlices['types'] = new Map();
  for (const sd of definitions) {
    if (sd.kind === 'resource') {
      types.set(sd.type as string, { structureDefinition: trimDefinition(sd), searchParameters: [] });
    } else if (sd.kind === 'complex-type' || sd.kind === 'primitive-type') {
      datatypes.push(trimDefinition(sd));
    }
  }
  const params = [
    ...readBundle<SearchParameter>(dir, 'search-parameters.json'),
    ...readBundle<SearchParameter>(dir, 'search-parameters-medplum.json'),
  ].filter((sp) => sp.resourceType === 'SearchParameter');
  for (const sp of params) {
    for (const base of (sp.base ?? []) as string[]) {
      // Resource and DomainResource parameters (_id, _lastUpdated…) go to every type.
      const targets = base === 'Resource' || base === 'DomainResource' ? [...types.keys()] : [base];
      for (const t of targets) types.get(t)?.searchParameters.push(trimSearchParameter(sp, t));
    }
  }
  return { datatypes, types };
}

/** Where the static slices go: the version keeps browsers from mixing cached slices of two releases. */
export function staticDir(siteDir: string, version: string): string {
  return path.join(siteDir, generated('fhir-tools').outDir, version);
}

const generate: Generator = async ({ siteDir }) => {
  const { datatypes, types } = buildSlices(definitionsDir(siteDir));
  const version = definitionsPackageId(siteDir).split('@').pop() as string;
  fs.rmSync(path.join(siteDir, generated('fhir-tools').outDir), { recursive: true, force: true });
  const out = staticDir(siteDir, version);
  fs.mkdirSync(path.join(out, 'types'), { recursive: true });
  fs.writeFileSync(path.join(out, 'datatypes.json'), JSON.stringify(datatypes));
  for (const [name, slice] of types) fs.writeFileSync(path.join(out, 'types', `${name}.json`), JSON.stringify(slice));
  const data = path.join(siteDir, dataDir('fhir-tools'));
  fs.rmSync(data, { recursive: true, force: true });
  fs.mkdirSync(data, { recursive: true });
  fs.writeFileSync(path.join(data, 'manifest.json'), JSON.stringify({ version, types: [...types.keys()].sort() }));
  writeFirstFrames(path.join(data, 'first-frame'), await computeFirstFrames({ datatypes, types }));
  return {};
};

export default generate;
