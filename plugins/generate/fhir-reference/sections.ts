/**
 * The cross-reference sections of a page: search parameters, operations, "referenced by" and
 * compartments. Each is computed from the whole model, not written by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import { code, joinWith, link, plainText, table, text } from './html';
import { nameForProfile, pageRoute } from './links';
import type { Definition, FhirModel, OperationDefinition, SearchParameter } from './model';

/* ---------- search parameters ---------- */

export interface SearchParamRow {
  code: string;
  type: string;
  description: string;
  expression: string;
  source: 'FHIR R4' | 'Medplum';
  /** Defined on Resource/DomainResource, so it applies to every resource type. */
  common: boolean;
}

/** Splits a FHIRPath union at top-level `|` only. */
export function splitUnion(expression: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = false;
  let start = 0;
  for (let i = 0; i < expression.length; i++) {
    const ch = expression[i];
    if (ch === "'" && expression[i - 1] !== '\\') quote = !quote;
    if (quote) continue;
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '|' && depth === 0) {
      parts.push(expression.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(expression.slice(start).trim());
  return parts.filter((p) => p.length > 0);
}

/** Keeps the union branches that start at this type; the whole expression when none do. */
export function narrowExpression(expression: string | undefined, type: string): string {
  if (!expression) return '';
  const own = splitUnion(expression).filter((p) => new RegExp(`^\\(*${type}\\b`).test(p));
  return own.length > 0 ? own.join(' | ') : expression;
}

/**
 * R4 descriptions of shared parameters list one bullet per resource
 * (`* [Patient](patient.html): text`); this picks the bullet for `type`.
 */
export function narrowDescription(description: string | undefined, type: string): string {
  if (!description) return '';
  if (!/^Multiple Resources:/.test(description)) return description;
  for (const line of description.split(/\r?\n/)) {
    const m = /^\*\s*\[([^\]]+)\]\([^)]*\):\s*(.*)$/.exec(line.trim());
    if (m && m[1] === type) return m[2];
  }
  return description;
}

/** Per model: the positions in `model.searchParameters` of the parameters naming each base type. */
const paramsByBase = new WeakMap<FhirModel, Map<string, number[]>>();

function paramPositions(model: FhirModel, base: string): number[] {
  let index = paramsByBase.get(model);
  if (!index) {
    index = new Map();
    model.searchParameters.forEach(({ sp }, i) => {
      for (const b of new Set(sp.base)) {
        const list = index!.get(b);
        if (list) list.push(i);
        else index!.set(b, [i]);
      }
    });
    paramsByBase.set(model, index);
  }
  return index.get(base) ?? [];
}

export function searchParamsFor(model: FhirModel, def: Definition): SearchParamRow[] {
  const rows: SearchParamRow[] = [];
  const isResource = def.kind === 'resource';
  const seen = new Set<string>();
  // The parameters on this type and, for resources, those on every resource, in definition order.
  const positions = [
    ...new Set([
      ...paramPositions(model, def.name),
      ...(isResource ? [...paramPositions(model, 'Resource'), ...paramPositions(model, 'DomainResource')] : []),
    ]),
  ].sort((a, b) => a - b);
  for (const { sp, medplum } of positions.map((i) => model.searchParameters[i])) {
    const own = sp.base.includes(def.name);
    const common = isResource && (sp.base.includes('Resource') || sp.base.includes('DomainResource'));
    if (!own && !common) continue;
    const key = `${sp.code}|${medplum}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push(searchRow(sp, def.name, medplum, !own));
  }
  return rows.sort((a, b) => Number(a.common) - Number(b.common) || a.code.localeCompare(b.code, 'en'));
}

function searchRow(sp: SearchParameter, type: string, medplum: boolean, common: boolean): SearchParamRow {
  return {
    code: sp.code,
    type: sp.type,
    description: plainText(narrowDescription(sp.description, type), 400),
    expression: common ? (sp.expression ?? '') : narrowExpression(sp.expression, type),
    source: medplum ? 'Medplum' : 'FHIR R4',
    common,
  };
}

/** "all resources", under the name of a parameter or operation that every resource type has. */
function allResources(common: boolean): Element[] {
  return common ? [h('div', { className: 'fhir-muted' }, 'all resources')] : [];
}

export function renderSearchParams(rows: SearchParamRow[]): Element {
  const tr = rows.map((r) =>
    h('tr', { id: `sp-${r.code}${r.source === 'Medplum' ? '-medplum' : ''}` }, [
      h('td', [code(r.code), ...allResources(r.common)]),
      h('td', r.type),
      h('td', r.source),
      h('td', r.description),
      h('td', code(r.expression)),
    ]),
  );
  return table('fhir-search', 'Search parameters', ['Code', 'Type', 'Defined by', 'Description', 'Expression'], tr);
}

/* ---------- operations ---------- */

export interface OperationRow {
  op: OperationDefinition;
  /** Declared on Resource, so it applies to every resource type. */
  common: boolean;
  /** Route of the operation's page, when one exists. */
  href?: string;
  /** Defined in profiles-medplum.json rather than the FHIR R4 bundle. */
  medplum: boolean;
}

export function operationsFor(model: FhirModel, def: Definition, siteDir: string): OperationRow[] {
  const rows: OperationRow[] = [];
  for (const { op, file } of model.operations) {
    const resources = op.resource ?? [];
    const own = resources.includes(def.name);
    const common = def.kind === 'resource' && resources.includes('Resource');
    if (!own && !common) continue;
    rows.push({ op, common: !own, href: operationPage(siteDir, op.code), medplum: file === model.files.medplum });
  }
  return rows.sort((a, b) => Number(a.common) - Number(b.common) || a.op.code.localeCompare(b.op.code, 'en'));
}

/** `/docs/api/fhir/operations/<code>` when `docs/api/fhir/operations/<code>.mdx` exists now. */
export function operationPage(siteDir: string, code: string): string | undefined {
  const slug = code.replace(/^\$/, '').toLowerCase();
  const file = path.join(siteDir, 'docs', 'api', 'fhir', 'operations', `${slug}.mdx`);
  return fs.existsSync(file) ? `/docs/api/fhir/operations/${slug}` : undefined;
}

export function renderOperations(rows: OperationRow[]): Element {
  const tr = rows.map(({ op, common, href, medplum }) => {
    const name = `$${op.code}`;
    const levels = [op.system && 'system', op.type && 'type', op.instance && 'instance'].filter(Boolean).join(', ');
    return h('tr', [
      h('td', [h('code', href ? link(href, name) : name), ...allResources(common)]),
      h('td', op.title ?? op.name),
      h('td', medplum ? 'Medplum' : 'FHIR R4'),
      h('td', levels),
      h('td', plainText(op.description, 300)),
    ]);
  });
  return table('fhir-operations', 'Operations', ['Operation', 'Name', 'Defined by', 'Invoked on', 'Summary'], tr);
}

/* ---------- referenced by ---------- */

export interface Referrer {
  def: Definition;
  paths: string[];
}

/** Collects, per target type, the definitions and element paths that point at it. */
class ReferrerIndex {
  private readonly byTarget = new Map<string, Map<string, Referrer>>();

  add(target: string, def: Referrer['def'], path: string): void {
    let byDef = this.byTarget.get(target);
    if (!byDef) this.byTarget.set(target, (byDef = new Map()));
    let r = byDef.get(def.name);
    if (!r) byDef.set(def.name, (r = { def, paths: [] }));
    if (!r.paths.includes(path)) r.paths.push(path);
  }

  /** Referrers per target, ordered by definition name. */
  sorted(): Map<string, Referrer[]> {
    const out = new Map<string, Referrer[]>();
    for (const [name, byDef] of this.byTarget) {
      out.set(
        name,
        [...byDef.values()].sort((a, b) => a.def.name.localeCompare(b.def.name, 'en')),
      );
    }
    return out;
  }
}

/** For every definition, the elements of other definitions whose Reference targets it. */
export function indexReferrers(model: FhirModel): Map<string, Referrer[]> {
  const index = new ReferrerIndex();
  for (const def of model.definitions.values()) {
    for (const el of def.elements) {
      for (const t of el.type ?? []) {
        if (t.code !== 'Reference') continue;
        for (const target of t.targetProfile ?? []) {
          const name = nameForProfile(model, target);
          if (!name || !model.definitions.has(name)) continue;
          index.add(name, def, el.path);
        }
      }
    }
  }
  return index.sorted();
}

/** For every datatype, the elements of other definitions typed with it (profiles count as their base). */
export function indexTypeUsers(model: FhirModel): Map<string, Referrer[]> {
  const index = new ReferrerIndex();
  for (const def of model.definitions.values()) {
    for (const el of def.elements) {
      for (const t of el.type ?? []) {
        const names = new Set<string>([t.code]);
        for (const p of t.profile ?? []) {
          const name = nameForProfile(model, p);
          if (name) names.add(name);
        }
        for (const name of names) {
          const target = model.definitions.get(name);
          if (!target || target.kind !== 'complex-type' || name === def.name) continue;
          index.add(name, def, el.path);
        }
      }
    }
  }
  return index.sorted();
}

export function renderReferrers(referrers: Referrer[]): Element {
  const items = referrers.map((r) => {
    const paths = r.paths.map((p) => code(p.slice(p.indexOf('.') + 1)));
    return h('li', [link(pageRoute(r.def), r.def.name), text(': '), ...joinWith(paths, ', ')]);
  });
  return h('ul', { className: 'fhir-referrers' }, items);
}

/* ---------- compartments ---------- */

export interface CompartmentRow {
  compartment: string;
  params: string[];
  url: string;
  file: string;
}

export function compartmentsFor(model: FhirModel, def: Definition): CompartmentRow[] {
  const rows: CompartmentRow[] = [];
  for (const { cd, file } of model.compartments) {
    const entry = (cd.resource ?? []).find((r) => r.code === def.name);
    if (!entry || !entry.param || entry.param.length === 0) continue;
    rows.push({ compartment: cd.code, params: entry.param, url: cd.url, file: path.basename(file) });
  }
  return rows;
}

export function renderCompartments(model: FhirModel, rows: CompartmentRow[]): Element {
  const tr = rows.map((r) => {
    const owner = model.definitions.get(r.compartment);
    const name: ElementContent = owner ? link(pageRoute(owner), r.compartment) : text(r.compartment);
    return h('tr', [h('td', name), h('td', joinWith(r.params.map(code), ', ')), h('td', code(r.file))]);
  });
  return table(
    'fhir-compartments',
    'Compartments',
    ['Compartment', 'Membership via search parameters', 'Defined in'],
    tr,
  );
}
