/**
 * Renders a StructureDefinition's snapshot as HL7-style element tables: one row per element,
 * nested by path, plus the constraints declared on them.
 */
import { escapeHtml, link as anchor, plainText, renderInline, renderText, table } from './html';
import { linkForProfile, linkForType, pageRoute, type TypeLink } from './links';

function link(href: string | undefined, text: string, note?: string): string {
  return href ? anchor(href, text) : `<span title="${escapeHtml(note ?? '')}">${escapeHtml(text)}</span>`;
}

function linkTo(l: TypeLink): string {
  return link(l.href, l.label, l.note);
}
import { stripVersion, type Constraint, type Definition, type ElementDef, type FhirModel, type TypeRef } from './model';

export interface ElementTables {
  /** The definition's own elements (including the root row). */
  elements: string;
  /** Top-level elements inherited from a base definition (Resource, DomainResource, Element…). */
  inherited: string;
  /** Names of the base definitions the inherited elements come from. */
  inheritedFrom: string[];
  constraints: string;
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
  const own: string[] = [];
  const inherited: string[] = [];
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
    inherited: inherited.length > 0 ? table('fhir-elements', 'Inherited elements', headers, inherited) : '',
    inheritedFrom: [...inheritedFrom],
    constraints: constraints.html,
    constraintCount: constraints.count,
  };
}

function renderRow(
  model: FhirModel,
  def: Definition,
  el: ElementDef,
  where: { file: string; url: string; path: string },
  depth: number,
): string {
  const isRoot = el.path === def.elements[0].path;
  const fromBase = !isRoot && el.base !== undefined && el.base.path.split('.')[0] !== def.elements[0].path;
  const name = isRoot ? el.path : lastSegment(el.path);
  const nameCell = `<td class="fhir-name fhir-d${Math.min(depth, 9)}"><code>${escapeHtml(name)}</code></td>`;
  const card = isRoot ? '' : `${el.min ?? 0}..${el.max ?? '*'}`;
  // Rows like contact.id and contact.extension come from Element/BackboneElement: shown muted.
  const rowClass = fromBase && depth > 1 ? ' class="fhir-base-row" title="Inherited from the base type"' : '';
  return `<tr id="${escapeHtml(elementAnchor(el))}"${rowClass}>${nameCell}<td class="fhir-flags">${flags(def, el)}</td><td class="fhir-card">${card}</td><td class="fhir-type">${
    isRoot ? rootType(model, def) : typeCell(model, el, where)
  }</td><td class="fhir-desc">${description(el)}</td></tr>`;
}

function rootType(model: FhirModel, def: Definition): string {
  const base = def.sd.baseDefinition;
  if (!base) return '';
  const name = model.urlToName.get(stripVersion(base));
  if (!name) return `<code>${escapeHtml(base)}</code>`;
  const page = model.definitions.get(name);
  return page ? link(pageRoute(page), name) : escapeHtml(name);
}

function flags(def: Definition, el: ElementDef): string {
  const out: string[] = [];
  if (el.isSummary) out.push('<span title="Part of the summary view (_summary=true)">Σ</span>');
  if (el.isModifier) {
    out.push(
      `<span title="${escapeHtml(`Modifier: ${el.isModifierReason ?? 'changes the meaning of the resource'}`)}">?!</span>`,
    );
  }
  const ownConstraints = (el.constraint ?? []).filter((c) => !c.source || stripVersion(c.source) === def.sd.url);
  if (ownConstraints.length > 0) {
    out.push(`<span title="${escapeHtml(`Constraints: ${ownConstraints.map((c) => c.key).join(', ')}`)}">I</span>`);
  }
  return out.join(' ');
}

/** JSON property name of one choice-type branch: value[x] + Quantity = valueQuantity. */
export function choiceName(path: string, code: string): string {
  const base = lastSegment(path).replace(/\[x\]$/, '');
  return base + code.charAt(0).toUpperCase() + code.slice(1);
}

function typeCell(model: FhirModel, el: ElementDef, where: { file: string; url: string; path: string }): string {
  if (el.contentReference) {
    const target = el.contentReference.slice(el.contentReference.indexOf('#') + 1);
    return `See <a href="#${escapeHtml(target)}">${escapeHtml(target)}</a>`;
  }
  const types = el.type ?? [];
  if (types.length === 0) return '';
  const isChoice = el.path.endsWith('[x]');
  const rendered = types.map((t) => {
    const html = renderType(model, t, where);
    return isChoice ? `<div><code>${escapeHtml(choiceName(el.path, t.code))}</code>: ${html}</div>` : html;
  });
  return isChoice ? rendered.join('') : rendered.join(' | ');
}

function renderType(model: FhirModel, t: TypeRef, where: { file: string; url: string; path: string }): string {
  const main = linkForType(model, t, where);
  const profiles = (t.profile ?? []).map((p) => linkForProfile(model, p, where));
  const head = profiles.length > 0 ? profiles.map(linkTo).join(' | ') : linkTo(main);
  if (t.targetProfile && t.targetProfile.length > 0) {
    const targets = t.targetProfile.map((p) => linkForProfile(model, p, where));
    return `${head}(${targets.map(linkTo).join(' | ')})`;
  }
  return head;
}

function valueSetHref(url: string): string | undefined {
  const m = /^http:\/\/hl7\.org\/fhir\/ValueSet\/([A-Za-z0-9.-]+)$/.exec(stripVersion(url));
  return m ? `http://hl7.org/fhir/R4/valueset-${m[1]}.html` : undefined;
}

function description(el: ElementDef): string {
  const short = el.short ?? plainText(el.definition, 120);
  // `short` is markdown; the fallback from `plainText` is already plain text (decoded, no code).
  let html = el.short !== undefined ? renderInline(el.short) : escapeHtml(short);
  if (el.binding) {
    const vs = el.binding.valueSet;
    const href = vs ? valueSetHref(vs) : undefined;
    const vsHtml = vs ? (href ? link(href, stripVersion(vs)) : `<code>${escapeHtml(stripVersion(vs))}</code>`) : '';
    html += `<div class="fhir-binding">Binding: <strong>${escapeHtml(el.binding.strength)}</strong>${vsHtml ? ` ${vsHtml}` : ''}</div>`;
  }
  const more: string[] = [];
  const same = (a: string, b: string) => a.trim().replace(/\.$/, '') === b.trim().replace(/\.$/, '');
  if (el.definition && !same(el.definition, short)) more.push(renderText(el.definition));
  if (el.comment) more.push(`<p><strong>Comment:</strong></p>${renderText(el.comment)}`);
  if (el.requirements) more.push(`<p><strong>Why:</strong></p>${renderText(el.requirements)}`);
  if (el.binding?.description) more.push(`<p><strong>Binding:</strong></p>${renderText(el.binding.description)}`);
  if (more.length > 0) html += `<details><summary>Details</summary>${more.join('')}</details>`;
  return html;
}

interface ConstraintUse {
  c: Constraint;
  paths: string[];
}

function collectConstraints(model: FhirModel, def: Definition): { html: string; count: number } {
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
    const shown = paths.slice(0, 3).map((p) => `<code>${escapeHtml(p)}</code>`);
    if (paths.length > 3) shown.push(`and ${paths.length - 3} more`);
    const from = sourceName === def.name ? '' : `<div class="fhir-muted">from ${escapeHtml(sourceName)}</div>`;
    return `<tr id="inv-${escapeHtml(c.key)}"><td><code>${escapeHtml(c.key)}</code>${from}</td><td>${escapeHtml(c.severity)}</td><td>${shown.join(', ')}</td><td>${renderInline(c.human)}</td><td><code>${escapeHtml(c.expression ?? '')}</code></td></tr>`;
  });
  return {
    html:
      rows.length > 0
        ? table('fhir-constraints', 'Constraints', ['Key', 'Severity', 'On', 'Rule', 'Expression (FHIRPath)'], rows)
        : '',
    count: rows.length,
  };
}
