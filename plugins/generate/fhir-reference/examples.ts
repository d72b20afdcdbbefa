/**
 * Builds the smallest JSON instance of a definition: every element with min >= 1, recursively,
 * with placeholder values of the right type. Codes with a binding take a code the value set lists.
 *
 * Required elements alone can break an invariant (e.g. "either type or actor"). When a validator
 * is given, the builder checks the instance and, for each broken invariant, adds an element that
 * the invariant's FHIRPath names (or switches a bound code to the set's next code) until the
 * instance validates. If that does not work it fails with the invariant's key.
 */
import { choiceName } from './elements';
import { nameForProfile } from './links';
import {
  DefinitionError,
  EXTRA_PRIMITIVES,
  stripVersion,
  type BoundCode,
  type Definition,
  type ElementDef,
  type FhirModel,
  type TypeRef,
} from './model';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Returns the validation problems of a value of the definition's type; empty when valid. */
export type ExampleValidator = (def: Definition, value: JsonObject) => string[];

const FHIR_TYPE_EXT = 'http://hl7.org/fhir/StructureDefinition/structuredefinition-fhir-type';

/** Placeholder values by primitive type; each matches the type's regex. */
const PRIMITIVE_SAMPLES: Record<string, Json> = {
  base64Binary: 'ZXhhbXBsZQ==',
  boolean: true,
  canonical: 'https://example.org/fhir/StructureDefinition/example',
  code: 'example',
  date: '2024-05-01',
  dateTime: '2024-05-01T09:30:00Z',
  decimal: 10,
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

/** Samples for string elements whose name implies a format. */
const NAMED_STRING_SAMPLES: Record<string, string> = {
  reference: 'Patient/example',
  version: '1.0.0',
  max: '*',
};

/** Elements every element or resource may carry; never needed for a minimal instance. */
const BASE_CHILDREN = new Set([
  'id',
  'extension',
  'modifierExtension',
  'meta',
  'implicitRules',
  'language',
  'text',
  'contained',
]);

/** Where an element's children are defined: backbone children in the same definition, else its type's. */
interface Scope {
  def: Definition;
  path: string;
}

interface Ctx {
  model: FhirModel;
  depth: number;
}

/** The example, or undefined for abstract types that have no instances of their own. */
export function buildExample(model: FhirModel, def: Definition, validate?: ExampleValidator): JsonObject | undefined {
  if (def.sd.abstract) return undefined;
  const ctx: Ctx = { model, depth: 0 };
  const root: Scope = { def, path: def.elements[0].path };
  // A resource needs nothing but its resourceType; a datatype value must not be empty.
  let example: JsonObject = buildChildren(ctx, root, def.kind !== 'resource');
  if (def.kind === 'resource') example = { resourceType: def.name, ...example };
  return validate ? repair(ctx, def, example, validate) : example;
}

function childrenOf(scope: Scope): ElementDef[] {
  const prefix = `${scope.path}.`;
  return scope.def.elements.filter((e) => e.path.startsWith(prefix) && !e.path.slice(prefix.length).includes('.'));
}

function segmentOf(el: ElementDef): string {
  return el.path.slice(el.path.lastIndexOf('.') + 1);
}

function buildChildren(ctx: Ctx, scope: Scope, mustHaveContent: boolean): JsonObject {
  const children = childrenOf(scope);
  const out: JsonObject = {};
  for (const el of children) {
    if ((el.min ?? 0) >= 1) addElement(ctx, scope, el, out);
  }
  if (mustHaveContent && Object.keys(out).length === 0) {
    // FHIR forbids empty objects (ele-1), so fill the first element that is not generic.
    const first = children.find((e) => !BASE_CHILDREN.has(segmentOf(e)) && e.max !== '0');
    if (first) addElement(ctx, scope, first, out);
  }
  return out;
}

/** The JSON property name an element takes (choice elements use their first type). */
function propertyName(el: ElementDef): string {
  const seg = segmentOf(el);
  return seg.endsWith('[x]') && el.type?.[0] ? choiceName(el.path, el.type[0].code) : seg;
}

function isList(el: ElementDef): boolean {
  return el.max !== '1' && el.max !== '0';
}

function addElement(ctx: Ctx, scope: Scope, el: ElementDef, out: JsonObject): void {
  const value = valueFor(ctx, scope, el);
  out[propertyName(el)] = isList(el) ? [value] : value;
}

/** Where the children of `el` are defined, or undefined when it is a primitive. */
function innerScope(ctx: Ctx, scope: Scope, el: ElementDef): Scope | undefined {
  if (el.contentReference) {
    return { def: scope.def, path: el.contentReference.slice(el.contentReference.indexOf('#') + 1) };
  }
  const code = el.type?.[0]?.code;
  if (code === 'BackboneElement' || code === 'Element') return { def: scope.def, path: el.path };
  const typeDef = code ? ctx.model.definitions.get(code) : undefined;
  if (
    typeDef &&
    typeDef.kind === 'complex-type' &&
    code !== 'Reference' &&
    code !== 'CodeableConcept' &&
    code !== 'Coding'
  ) {
    return { def: typeDef, path: typeDef.elements[0].path };
  }
  return undefined;
}

function valueFor(ctx: Ctx, scope: Scope, el: ElementDef): Json {
  const def = scope.def;
  const type = el.type?.[0];
  if (!type && !el.contentReference) {
    throw new DefinitionError(def.file, def.sd.url, `${el.path}: cannot build an example for an element without type`);
  }
  const inner = innerScope(ctx, scope, el);
  if (inner) {
    if (ctx.depth > 12)
      throw new DefinitionError(def.file, def.sd.url, `${el.path}: required elements nest too deeply for an example`);
    ctx.depth++;
    try {
      return buildChildren(ctx, inner, true);
    } finally {
      ctx.depth--;
    }
  }
  return leafValue(ctx, scope, el, type as TypeRef);
}

function boundCodes(ctx: Ctx, el: ElementDef): BoundCode[] {
  return el.binding?.valueSet ? (ctx.model.valueSetCodes.get(stripVersion(el.binding.valueSet)) ?? []) : [];
}

function leafValue(ctx: Ctx, scope: Scope, el: ElementDef, type: TypeRef): Json {
  const { model } = ctx;
  const def = scope.def;
  let code = type.code;
  if (code.startsWith('http://hl7.org/fhirpath/System.')) {
    code = type.extension?.find((e) => e.url === FHIR_TYPE_EXT)?.valueUrl ?? code;
  }
  const bound = boundCodes(ctx, el)[0];
  if (model.primitives.has(code) || code in EXTRA_PRIMITIVES) {
    if (code === 'code' && bound) return bound.code;
    if (code === 'canonical' && type.targetProfile?.[0]) {
      const target = nameForProfile(model, type.targetProfile[0]) ?? 'StructureDefinition';
      return `https://example.org/fhir/${target}/example`;
    }
    const named = code === 'string' ? NAMED_STRING_SAMPLES[segmentOf(el)] : undefined;
    const sample = named ?? PRIMITIVE_SAMPLES[code];
    if (sample === undefined)
      throw new DefinitionError(def.file, def.sd.url, `${el.path}: no example value for type "${code}"`);
    return sample;
  }
  if (code === 'Reference') {
    const targetName = type.targetProfile?.[0] ? nameForProfile(model, type.targetProfile[0]) : undefined;
    const target = !targetName || targetName === 'Resource' ? 'Patient' : targetName;
    return { reference: `${target}/example` };
  }
  if (code === 'CodeableConcept') {
    return bound ? { coding: [codingOf(bound)], text: 'Example' } : { text: 'Example' };
  }
  if (code === 'Coding') {
    return bound ? { ...codingOf(bound), display: 'Example' } : { code: 'example', display: 'Example' };
  }
  if (code === 'Resource') {
    return { resourceType: 'Basic', code: { text: 'Example' } };
  }
  throw new DefinitionError(def.file, def.sd.url, `${el.path}: cannot build an example value of type "${code}"`);
}

function codingOf(bound: BoundCode): JsonObject {
  return bound.system ? { system: bound.system, code: bound.code } : { code: bound.code };
}

/* ---------- invariant repair ---------- */

const MAX_REPAIRS = 12;

function repair(ctx: Ctx, def: Definition, start: JsonObject, validate: ExampleValidator): JsonObject {
  let example = start;
  for (let round = 0; round <= MAX_REPAIRS; round++) {
    const problems = validate(def, example);
    if (problems.length === 0) return example;
    const key = /Constraint (\S+) not met/.exec(problems[0])?.[1];
    if (!key || round === MAX_REPAIRS) {
      throw new DefinitionError(def.file, def.sd.url, `the generated example does not validate: ${problems[0]}`);
    }
    const fixed = fixInvariant(ctx, def, example, key, validate);
    if (!fixed) {
      throw new DefinitionError(
        def.file,
        def.sd.url,
        `the generated example breaks invariant ${key} and no element its expression names repairs it: ${problems[0]}; example: ${JSON.stringify(example)}`,
      );
    }
    example = fixed;
  }
  return example;
}

function breaks(def: Definition, value: JsonObject, key: string, validate: ExampleValidator): boolean {
  return validate(def, value).some((p) => p.includes(`Constraint ${key} not met`));
}

/** Tries single changes first, then all of them together; returns the repaired copy. */
function fixInvariant(
  ctx: Ctx,
  def: Definition,
  example: JsonObject,
  key: string,
  validate: ExampleValidator,
): JsonObject | undefined {
  const owner = def.elements.find((el) => el.constraint?.some((c) => c.key === key));
  const expression = owner?.constraint?.find((c) => c.key === key)?.expression;
  if (!owner || !expression) return undefined;
  const candidates = candidatePaths(expression);
  const attempts: ((target: JsonObject) => boolean)[] = [];
  for (const { path, literal } of candidates) {
    attempts.push((target) => addPath(ctx, { def, path: owner.path }, target, path, literal));
  }
  for (const { path } of candidates) {
    for (let i = 1; i < 8; i++) attempts.push((target) => switchCode(ctx, { def, path: owner.path }, target, path, i));
  }
  // Prefer a change that fixes the invariant without breaking another; else the first that fixes it.
  const before = validate(def, example).length;
  let fallback: JsonObject | undefined;
  for (const attempt of attempts) {
    const copy = structuredClone(example);
    const targets = objectsAt(copy, def.elements[0].path, owner.path);
    if (targets.length === 0) return undefined;
    if (!attempt(targets[0])) continue;
    const problems = validate(def, copy);
    if (problems.some((p) => p.includes(`Constraint ${key} not met`))) continue;
    if (problems.length < before) return copy;
    fallback ??= copy;
  }
  if (fallback) return fallback;
  const copy = structuredClone(example);
  const target = objectsAt(copy, def.elements[0].path, owner.path)[0];
  let changed = false;
  for (const { path, literal } of candidates)
    changed = addPath(ctx, { def, path: owner.path }, target, path, literal) || changed;
  return changed && !breaks(def, copy, key, validate) ? copy : undefined;
}

/**
 * Element paths an invariant's FHIRPath mentions, in order, with the string literal it compares
 * them to (`code = '1'`). Function calls and %variables are skipped.
 */
export function candidatePaths(expression: string): { path: string[]; literal?: string }[] {
  const out: { path: string[]; literal?: string }[] = [];
  const seen = new Set<string>();
  const push = (path: string[], literal?: string): void => {
    const id = `${path.join('.')}=${literal ?? ''}`;
    if (seen.has(id)) return;
    seen.add(id);
    out.push({ path, literal });
  };
  const re = /(?<![\w.%$'])([a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)*)(\s*=\s*'([^']*)')?/g;
  // FHIRPath's %ucum stands for the UCUM system url.
  for (const m of expression.replace(/%ucum\b/g, "'http://unitsofmeasure.org'").matchAll(re)) {
    const path = m[1].split('.');
    // Inside `a.b.all(x...)` the name x is relative to a.b: try that reading first.
    const scope = enclosingPath(m.input ?? expression, m.index ?? 0);
    if (scope) push([...scope, ...path], m[3]);
    push(path, m[3]);
  }
  return out;
}

/** For a position inside `a.b.fn( ... )`, the path `a.b`; otherwise undefined. */
function enclosingPath(expression: string, index: number): string[] | undefined {
  let depth = 0;
  for (let i = index - 1; i >= 0; i--) {
    const ch = expression[i];
    if (ch === ')') depth++;
    else if (ch === '(') {
      if (depth === 0) {
        const m = /([a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)*)\.[a-z][A-Za-z]*$/.exec(expression.slice(0, i));
        return m ? m[1].split('.') : undefined;
      }
      depth--;
    }
  }
  return undefined;
}

/** The objects in the example that an element path points at (first item of each list). */
function objectsAt(example: JsonObject, rootPath: string, path: string): JsonObject[] {
  const segments = path === rootPath ? [] : path.slice(rootPath.length + 1).split('.');
  let current: Json | undefined = example;
  for (const seg of segments) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return [];
    current = (current as JsonObject)[seg];
    if (Array.isArray(current)) current = current[0];
  }
  return current !== null && typeof current === 'object' && !Array.isArray(current) ? [current as JsonObject] : [];
}

function findChild(scope: Scope, name: string): ElementDef | undefined {
  return childrenOf(scope).find((el) => segmentOf(el) === name || segmentOf(el) === `${name}[x]`);
}

/** Adds the element at `path` below `target` (creating parents); false when nothing changed. */
function addPath(ctx: Ctx, scope: Scope, target: JsonObject, path: string[], literal?: string): boolean {
  const el = findChild(scope, path[0]);
  if (!el || el.max === '0') return false;
  const name = propertyName(el);
  const existing = target[name];
  const inner = innerScope(ctx, scope, el);
  // Segments after the last element name are FHIRPath functions (exists, count…): stop there.
  const rest = inner && path.length > 1 && findChild(inner, path[1]) ? path.slice(1) : [];
  if (rest.length > 0 && inner) {
    let items = (Array.isArray(existing) ? existing : [existing]).filter(
      (v): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v),
    );
    if (items.length === 0) {
      const obj: JsonObject = {};
      target[name] = isList(el) ? [obj] : obj;
      items = [obj];
    }
    let changed = false;
    for (const obj of items) changed = addPath(ctx, inner, obj, rest, literal) || changed;
    return changed;
  }
  if (existing !== undefined) {
    if (literal !== undefined && !inner && existing !== literal) {
      target[name] = isList(el) ? [literal] : literal;
      return true;
    }
    // `item.count() > 1`: a second copy of the first item.
    if (Array.isArray(existing) && existing.length < 2 && path[1] === 'count') {
      existing.push(structuredClone(existing[0]));
      return true;
    }
    return false;
  }
  const value = literal !== undefined && !inner ? literal : valueFor(ctx, scope, el);
  target[name] = isList(el) ? [value] : value;
  return true;
}

/** Sets a bound code (or CodeableConcept) at `path` to the value set's code number `index`. */
function switchCode(ctx: Ctx, scope: Scope, target: JsonObject, path: string[], index: number): boolean {
  if (path.length !== 1) return false;
  const el = findChild(scope, path[0]);
  const code = boundCodes(ctx, el ?? ({} as ElementDef))[index];
  if (!el || !code || target[propertyName(el)] === undefined) return false;
  const typeCode = el.type?.[0]?.code;
  let value: Json;
  if (typeCode === 'code') value = code.code;
  else if (typeCode === 'CodeableConcept') value = { coding: [codingOf(code)], text: 'Example' };
  else return false;
  target[propertyName(el)] = isList(el) ? [value] : value;
  return true;
}
