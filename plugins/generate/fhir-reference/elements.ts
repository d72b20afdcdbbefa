/**
 * Renders a StructureDefinition's snapshot as HL7-style element tables: one row per element,
 * nested by path, plus the constraints declared on them.
 */
import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import { code, joinWith, link as anchor, plainText, renderInline, renderText, table, text } from './html';
import { linkForProfile, linkForType, pageRoute, type TypeLink } from './links';

/** A link, or, for a type without a page, its name with the reason as a tooltip. */
function link(href: string | undefined, label: string, note?: string): Element {
  return href ? anchor(href, label) : h('span', { title: note ?? '' }, label);
}

function linkTo(l: TypeLink): Element {
  return link(l.href, l.label, l.note);
}
import { stripVersion, type Constraint, type Definition, type ElementDef, type FhirModel, type TypeRef } from './model';

export interface ElementTables {
  /** The definition's own elements (including the root row). */
  elements: Element;
  /** Top-level elements inherited from a base definition (Resource, DomainResource, Element…), if any. */
  inherited?: Element;
  /** Names of the base definitions the inherited elements come from. */
  inheritedFrom: string[];
  /** The constraints table, when any element declares one. */
  constraints?: Element;
  constraintCount: number;
}

/** Anchor id of an element row: its element id, which is unique within the snapshot. */
export function elementAnchor(el: ElementDef): string {
  return el.id ?? el.path;
}

function depthOf(path: string): number {
  return path.split('.').length - 1;
}

/** True when a top-level element comes from a base definition rather than this one. */
export function isInheritedTopLevel(def: Definition, el: ElementDef): boolean {
  const root = def.elements[0].path;
  if (depthOf(el.path) !== 1 || !el.base) return false;
  return el.base.path.split('.')[0] !== root;
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1);
}

export function renderElementTables(model: FhirModel, def: Definition): ElementTables {
  const where = (el: ElementDef) => ({ file: def.file, url: def.sd.url, path: el.path });
  const own: Element[] = [];
  const inherited: Element[] = [];
  const inheritedFrom = new Set<string>();
  for (const el of def.elements) {
    if (isInheritedTopLevel(def, el)) {
      inherited.push(renderRow(model, def, el, where(el), 1));
      inheritedFrom.add(el.base!.path.split('.')[0]);
    } else {
      own.push(renderRow(model, def, el, where(el), depthOf(el.path)));
    }
  }
  const headers = ['Name', 'Flags', 'Card.', 'Type', 'Description'];
  const constraints = collectConstraints(model, def);
  return {
    elements: table('fhir-elements', 'Elements', headers, own),
    inherited: inherited.length > 0 ? table('fhir-elements', 'Inherited elements', headers, inherited) : undefined,
    inheritedFrom: [...inheritedFrom],
    constraints: constraints.table,
    constraintCount: constraints.count,
  };
}

function renderRow(
  model: FhirModel,
  def: Definition,
  el: ElementDef,
  where: { file: string; url: string; path: string },
  depth: number,
): Element {
  const isRoot = el.path === def.elements[0].path;
  const fromBase = !isRoot && el.base !== undefined && el.base.path.split('.')[0] !== def.elements[0].path;
  const name = isRoot ? el.path : lastSegment(el.path);
  const card = isRoot ? [] : [text(`${el.min ?? 0}..${el.max ?? '*'}`)];
  // Rows like contact.id and contact.extension come from Element/BackboneElement: shown muted.
  const muted = fromBase && depth > 1 ? { className: 'fhir-base-row', title: 'Inherited from the base type' } : {};
  return h('tr', { id: elementAnchor(el), ...muted }, [
    h('td', { className: ['fhir-name', `fhir-d${Math.min(depth, 9)}`] }, code(name)),
    h('td', { className: 'fhir-flags' }, flags(def, el)),
    h('td', { className: 'fhir-card' }, card),
    h('td', { className: 'fhir-type' }, isRoot ? rootType(model, def) : typeCell(model, el, where)),
    h('td', { className: 'fhir-desc' }, description(el)),
  ]);
}

function rootType(model: FhirModel, def: Definition): ElementContent[] {
  const base = def.sd.baseDefinition;
  if (!base) return [];
  const name = model.urlToName.get(stripVersion(base));
  if (!name) return [code(base)];
  const page = model.definitions.get(name);
  return [page ? link(pageRoute(page), name) : text(name)];
}

function flags(def: Definition, el: ElementDef): ElementContent[] {
  const out: Element[] = [];
  if (el.isSummary) out.push(h('span', { title: 'Part of the summary view (_summary=true)' }, 'Σ'));
  if (el.isModifier) {
    out.push(h('span', { title: `Modifier: ${el.isModifierReason ?? 'changes the meaning of the resource'}` }, '?!'));
  }
  const ownConstraints = (el.constraint ?? []).filter((c) => !c.source || stripVersion(c.source) === def.sd.url);
  if (ownConstraints.length > 0) {
    out.push(h('span', { title: `Constraints: ${ownConstraints.map((c) => c.key).join(', ')}` }, 'I'));
  }
  return joinWith(out, ' ');
}

/** JSON property name of one choice-type branch: value[x] + Quantity = valueQuantity. */
export function choiceName(path: string, code: string): string {
  const base = lastSegment(path).replace(/\[x\]$/, '');
  return base + code.charAt(0).toUpperCase() + code.slice(1);
}

function typeCell(
  model: FhirModel,
  el: ElementDef,
  where: { file: string; url: string; path: string },
): ElementContent[] {
  if (el.contentReference) {
    const target = el.contentReference.slice(el.contentReference.indexOf('#') + 1);
    return [text('See '), anchor(`#${target}`, target)];
  }
  const types = el.type ?? [];
  if (types.length === 0) return [];
  if (el.path.endsWith('[x]')) {
    return types.map((t) => h('div', [code(choiceName(el.path, t.code)), text(': '), ...renderType(model, t, where)]));
  }
  return joinWith(
    types.map((t) => renderType(model, t, where)),
    ' | ',
  );
}

function renderType(
  model: FhirModel,
  t: TypeRef,
  where: { file: string; url: string; path: string },
): ElementContent[] {
  const main = linkForType(model, t, where);
  const profiles = (t.profile ?? []).map((p) => linkForProfile(model, p, where));
  const head = profiles.length > 0 ? joinWith(profiles.map(linkTo), ' | ') : [linkTo(main)];
  if (t.targetProfile && t.targetProfile.length > 0) {
    const targets = t.targetProfile.map((p) => linkForProfile(model, p, where));
    return [...head, text('('), ...joinWith(targets.map(linkTo), ' | '), text(')')];
  }
  return head;
}

function valueSetHref(url: string): string | undefined {
  const m = /^http:\/\/hl7\.org\/fhir\/ValueSet\/([A-Za-z0-9.-]+)$/.exec(stripVersion(url));
  return m ? `http://hl7.org/fhir/R4/valueset-${m[1]}.html` : undefined;
}

/** Equal but for surrounding space and a final full stop. */
function same(a: string, b: string): boolean {
  return a.trim().replace(/\.$/, '') === b.trim().replace(/\.$/, '');
}

/** A bold label paragraph, then the markdown's paragraphs. */
function labelled(label: string, markdown: string): ElementContent[] {
  return [h('p', h('strong', label)), ...renderText(markdown)];
}

function description(el: ElementDef): ElementContent[] {
  const short = el.short ?? plainText(el.definition, 120);
  // `short` is markdown; the fallback from `plainText` is already plain text (decoded, no code).
  const out: ElementContent[] = el.short !== undefined ? renderInline(el.short) : [text(short)];
  if (el.binding) {
    const vs = el.binding.valueSet;
    const href = vs ? valueSetHref(vs) : undefined;
    const vsNode = vs ? (href ? link(href, stripVersion(vs)) : code(stripVersion(vs))) : undefined;
    out.push(
      h('div', { className: 'fhir-binding' }, [
        text('Binding: '),
        h('strong', el.binding.strength),
        ...(vsNode ? [text(' '), vsNode] : []),
      ]),
    );
  }
  const more: ElementContent[][] = [];
  if (el.definition && !same(el.definition, short)) more.push(renderText(el.definition));
  if (el.comment) more.push(labelled('Comment:', el.comment));
  if (el.requirements) more.push(labelled('Why:', el.requirements));
  if (el.binding?.description) more.push(labelled('Binding:', el.binding.description));
  if (more.length > 0) out.push(h('details', [h('summary', 'Details'), ...more.flat()]));
  return out;
}

interface ConstraintUse {
  c: Constraint;
  paths: string[];
}

function collectConstraints(model: FhirModel, def: Definition): { table?: Element; count: number } {
  const byKey = new Map<string, ConstraintUse>();
  for (const el of def.elements) {
    for (const c of el.constraint ?? []) {
      const use = byKey.get(c.key);
      if (use) use.paths.push(el.path);
      else byKey.set(c.key, { c, paths: [el.path] });
    }
  }
  const rows = [...byKey.values()].map(({ c, paths }) => {
    const sourceName = c.source ? (model.urlToName.get(stripVersion(c.source)) ?? c.source) : def.name;
    const shown: ElementContent[] = paths.slice(0, 3).map(code);
    if (paths.length > 3) shown.push(text(`and ${paths.length - 3} more`));
    const from = sourceName === def.name ? [] : [h('div', { className: 'fhir-muted' }, `from ${sourceName}`)];
    return h('tr', { id: `inv-${c.key}` }, [
      h('td', [code(c.key), ...from]),
      h('td', c.severity),
      h('td', joinWith(shown, ', ')),
      h('td', renderInline(c.human)),
      h('td', code(c.expression ?? '')),
    ]);
  });
  return {
    table:
      rows.length > 0
        ? table('fhir-constraints', 'Constraints', ['Key', 'Severity', 'On', 'Rule', 'Expression (FHIRPath)'], rows)
        : undefined,
    count: rows.length,
  };
}
