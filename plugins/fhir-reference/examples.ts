/**
 * Builds the smallest JSON instance of a definition: every element with min >= 1, recursively,
 * with placeholder values of the right type. Codes with a binding take the first code the value
 * set lists. The unit tests validate every example with @medplum/core's validator.
 */
import { choiceName } from './elements';
import { DefinitionError, EXTRA_PRIMITIVES, stripVersion, type Definition, type ElementDef, type FhirModel, type TypeRef } from './model';
import { nameForProfile } from './links';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const FHIR_TYPE_EXT = 'http://hl7.org/fhir/StructureDefinition/structuredefinition-fhir-type';

/** Placeholder values by primitive type; each matches the type's regex. */
const PRIMITIVE_SAMPLES: Record<string, Json> = {
  base64Binary: 'ZXhhbXBsZQ==',
  boolean: true,
  canonical: 'https://example.org/fhir/StructureDefinition/example',
  code: 'example',
  date: '2024-05-01',
  dateTime: '2024-05-01T09:30:00Z',
  decimal: 1.5,
  id: 'example',
  instant: '2024-05-01T09:30:00.000Z',
  integer: 1,
  integer64: '1',
  markdown: 'Example text',
  oid: 'urn:oid:1.3.6.1.4.1.0',
  positiveInt: 1,
  string: 'Example',
  time: '09:30:00',
  unsignedInt: 0,
  uri: 'https://example.org/example',
  url: 'https://example.org/example',
  uuid: 'urn:uuid:3f2c6a1e-8a77-4a8e-9f64-3b2b1c0d9e11',
  xhtml: '<div xmlns="http://www.w3.org/1999/xhtml">Example</div>',
};

/** Elements every element or resource may carry; never needed for a minimal instance. */
const BASE_CHILDREN = new Set(['id', 'extension', 'modifierExtension', 'meta', 'implicitRules', 'language', 'text', 'contained']);

interface Ctx {
  model: FhirModel;
  def: Definition;
  depth: number;
}

/** The minimal example, or undefined for abstract types that have no instances of their own. */
export function buildExample(model: FhirModel, def: Definition): Record<string, Json> | undefined {
  if (def.sd.abstract) return undefined;
  const ctx: Ctx = { model, def, depth: 0 };
  const root = def.elements[0].path;
  // A resource needs nothing but its resourceType; a datatype value must not be empty.
  const body = buildChildren(ctx, def, root, def.kind !== 'resource');
  if (def.kind === 'resource') return { resourceType: def.name, ...body };
  return body;
}

function childrenOf(def: Definition, parentPath: string): ElementDef[] {
  const prefix = `${parentPath}.`;
  return def.elements.filter((e) => e.path.startsWith(prefix) && !e.path.slice(prefix.length).includes('.'));
}

function buildChildren(ctx: Ctx, def: Definition, parentPath: string, mustHaveContent: boolean): Record<string, Json> {
  const children = childrenOf(def, parentPath);
  const out: Record<string, Json> = {};
  for (const el of children) {
    if ((el.min ?? 0) < 1) continue;
    addElement(ctx, def, el, out);
  }
  if (mustHaveContent && Object.keys(out).length === 0) {
    // FHIR forbids empty objects (ele-1), so fill the first element that is not generic.
    const first = children.find((e) => !BASE_CHILDREN.has(e.path.slice(e.path.lastIndexOf('.') + 1)) && e.max !== '0');
    if (first) addElement(ctx, def, first, out);
  }
  return out;
}

function addElement(ctx: Ctx, def: Definition, el: ElementDef, out: Record<string, Json>): void {
  const segment = el.path.slice(el.path.lastIndexOf('.') + 1);
  let value: Json;
  let name = segment;
  if (el.contentReference) {
    const target = el.contentReference.slice(el.contentReference.indexOf('#') + 1);
    value = nested(ctx, () => buildChildren(ctx, def, target, true), def, el);
  } else {
    const type = el.type?.[0];
    if (!type) throw new DefinitionError(def.file, def.sd.url, `${el.path}: cannot build an example for an element without type`);
    if (segment.endsWith('[x]')) name = choiceName(el.path, type.code);
    if (type.code === 'BackboneElement' || type.code === 'Element') {
      value = nested(ctx, () => buildChildren(ctx, def, el.path, true), def, el);
    } else {
      value = valueForType(ctx, type, el);
    }
  }
  out[name] = el.max === '1' || el.max === '0' ? value : [value];
}

function nested<T>(ctx: Ctx, fn: () => T, def: Definition, el: ElementDef): T {
  if (ctx.depth > 12) throw new DefinitionError(def.file, def.sd.url, `${el.path}: required elements recurse too deeply for an example`);
  ctx.depth++;
  try {
    return fn();
  } finally {
    ctx.depth--;
  }
}

function valueForType(ctx: Ctx, type: TypeRef, el: ElementDef): Json {
  const { model, def } = ctx;
  let code = type.code;
  if (code.startsWith('http://hl7.org/fhirpath/System.')) {
    code = type.extension?.find((e) => e.url === FHIR_TYPE_EXT)?.valueUrl ?? code;
  }
  if (model.primitives.has(code) || code in EXTRA_PRIMITIVES) {
    if (code === 'code' && el.binding?.valueSet) {
      return model.firstCodes.get(stripVersion(el.binding.valueSet)) ?? 'example';
    }
    if (code === 'canonical' && type.targetProfile?.[0]) {
      const target = nameForProfile(model, type.targetProfile[0]) ?? 'StructureDefinition';
      return `https://example.org/fhir/${target}/example`;
    }
    const sample = PRIMITIVE_SAMPLES[code];
    if (sample === undefined) throw new DefinitionError(def.file, def.sd.url, `${el.path}: no example value for type "${code}"`);
    return sample;
  }
  if (code === 'Reference') {
    const targetName = type.targetProfile?.[0] ? nameForProfile(model, type.targetProfile[0]) : undefined;
    const target = !targetName || targetName === 'Resource' ? 'Patient' : targetName;
    return { reference: `${target}/example` };
  }
  if (code === 'CodeableConcept') {
    const bound = el.binding?.valueSet ? model.firstCodes.get(stripVersion(el.binding.valueSet)) : undefined;
    return bound ? { coding: [{ code: bound }], text: 'Example' } : { text: 'Example' };
  }
  if (code === 'Coding') {
    const bound = el.binding?.valueSet ? model.firstCodes.get(stripVersion(el.binding.valueSet)) : undefined;
    return { code: bound ?? 'example', display: 'Example' };
  }
  const typeDef = model.definitions.get(code);
  if (!typeDef || typeDef.kind !== 'complex-type') {
    throw new DefinitionError(def.file, def.sd.url, `${el.path}: cannot build an example value of type "${code}"`);
  }
  return nested(ctx, () => buildChildren(ctx, typeDef, typeDef.elements[0].path, true), def, el);
}
