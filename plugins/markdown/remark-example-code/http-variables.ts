/**
 * The ids of a region's requests as variables of its curl and Python tabs (http-snippets.ts).
 *
 * The HTTP tab is a record: it shows the ids the region's requests sent, as the region's own shown
 * ids (withShownIds). The curl and Python tabs are code a reader runs, and a shown id names no
 * resource on the reader's server. So each id a request sends becomes a variable:
 * - an id an earlier response of the region answered with (a created resource's `id`, an id in a
 *   search bundle, the status URL in an OperationOutcome's `issue[0].diagnostics`) is captured
 *   from that response (`jq` on the saved body, `response.json()` in Python) and used from there on;
 * - an id the region's first use of it already needs (the resource was made before the region, or
 *   its response was not recorded) is one the reader sets first; the caption names it and says
 *   whose id it is (variableNote).
 * An id after `urn:uuid:` is a transaction bundle's own temporary id, not a resource's: it stays.
 */
import { shownResponse, UUID_SOURCE, type RecordedRequest, type RegionRecording } from './http-recordings';

/**
 * Where an earlier response holds an id: the JSON path of a string in its body, and which part of
 * that string it is: all of it (-1), its last `/` segment ('last', a status URL or reference), or
 * its n-th UUID.
 */
export interface Capture {
  /** 0-based index of the request whose response holds the id. */
  request: number;
  path: (string | number)[];
  match: number | 'last';
}

export interface Variable {
  /** The id as the shown recording has it (lower case). */
  id: string;
  /** Shell name (`PATIENT_ID`); the Python name is its lower case. */
  name: string;
  /** What it is the id of, for the caption (`the Patient`, `the export`). */
  of: string;
  /** Where it is read from, or undefined when the reader sets it. */
  capture?: Capture;
}

export interface VariablePlan {
  /** Id (lower case) → its variable. */
  byId: Map<string, Variable>;
  /** The variables the reader sets, in order of first use. */
  toSet: Variable[];
  /** Request index → the variables read from its response. */
  captures: Map<number, Variable[]>;
}

/** Loose on purpose: what the tabs' `jq scan` and Python `re.findall` use to pull an id out of a longer string (a URL). */
export const ID_IN_STRING = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The ids in a string that name something on the server: a UUID that is the whole value or
 * follows `/`, `=`, `|`, `,`, a quote or a percent-encoded separator. A UUID inside a word the
 * example made unique with it (`grace-<uuid>`, an email `forgetful-<uuid>@…`) is data, not an id,
 * and `urn:uuid:<uuid>` is a transaction bundle's own temporary id: both stay as written.
 */
function ids(s: string): RegExpMatchArray[] {
  return [...s.matchAll(new RegExp(UUID_SOURCE, 'gi'))].filter((m) => {
    // The few characters before the id are enough (`urn:uuid:` is the longest): testing `$`
    // against all of `s` before each id would scan a long body once per id.
    const before = s.slice(Math.max(0, m.index! - 9), m.index);
    const after = s[m.index! + m[0].length] ?? '';
    return (
      (m.index === 0 || /(?:[/=|,"' ]|%[0-9A-Fa-f]{2})$/.test(before)) && !/urn:uuid:$/i.test(before) && after !== '@'
    );
  });
}

/** The strings a request sends, where an id can be: its path, header values and body. */
function sentStrings(req: RecordedRequest): string[] {
  const out = [req.path, ...req.headers.map(([, v]) => v)];
  const b = req.body;
  if (b && 'json' in b) out.push(JSON.stringify(b.json));
  if (b && 'form' in b) out.push(...b.form.map(([k, v]) => `${k}=${v}`));
  if (b && 'text' in b) out.push(b.text);
  return out;
}

/** Every string in a JSON value with its path. */
function stringsOf(value: unknown, at: (string | number)[] = []): { path: (string | number)[]; value: string }[] {
  if (typeof value === 'string') return [{ path: at, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringsOf(v, [...at, i]));
  if (value && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => stringsOf(v, [...at, k]));
  return [];
}

/**
 * Where a response body holds `id`: a string that is the id itself, on the shortest path (the
 * resource's own `id` before a reference to it), else the first string that contains it.
 */
function findInBody(body: unknown, id: string, request: number): Capture | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const strings = stringsOf(body);
  const exact = strings.filter((s) => s.value.toLowerCase() === id).sort((a, b) => a.path.length - b.path.length)[0];
  if (exact) return { request, path: exact.path, match: -1 };
  for (const s of strings) {
    const found = [...s.value.matchAll(new RegExp(ID_IN_STRING, 'gi'))].map((m) => m[0].toLowerCase());
    const n = found.indexOf(id);
    if (n === -1) continue;
    return { request, path: s.path, match: s.value.toLowerCase().endsWith(`/${id}`) ? 'last' : n };
  }
  return undefined;
}

/** `MedicationRequest` → `MEDICATION_REQUEST`, `projectId` → `PROJECT`. */
function constantCase(word: string): string {
  return word
    .replace(/Id$/, '')
    .replace(/^_+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();
}

/**
 * A name for an id from what comes before it where a request sends it, when that reads as a
 * reference to a resource: a resource type (`Patient/<id>`, `Patient%2F<id>` → PATIENT, "the
 * Patient"), a version (`_history/<id>`, `If-Match: W/"<id>"` → VERSION), a path word
 * (`bulkdata/export/<id>` → EXPORT), `_id=` on a search of one type, a parameter or JSON key
 * naming an id (`projectId=<id>`, `"membershipId":"<id>"` → PROJECT, MEMBERSHIP) or the `id` of a
 * resource in a body, a GraphQL request's `id` variable or a whole value under a naming key
 * (`"login":"<id>"`). Undefined otherwise: a UUID the example made up as data (a trace id, an
 * event's id, an identifier's value) names nothing on the server, and any UUID does there.
 */
function nameOf(sent: string, index: number): { base: string; of: string } | undefined {
  const before = sent.slice(0, index);
  // SCIM names its collections in the plural (`scim/v2/Users/<id>` is a User).
  const type = /(?:^|[^A-Za-z0-9]|%[0-9A-Fa-f]{2})([A-Z][A-Za-z]+)(?:\/|%2[Ff])$/
    .exec(before)?.[1]
    ?.replace(/^(User|Group)s$/, '$1');
  if (type) return { base: constantCase(type), of: `the ${type}` };
  // An OAuth client's id (`client_id=`, `"clientId":`) is the ClientApplication id the tabs
  // already call MEDPLUM_CLIENT_ID for Basic auth: one id, one variable.
  if (/(?:client_id=|"clientId":")$/.test(before)) return { base: 'MEDPLUM_CLIENT', of: 'the client application' };
  if (/_history(?:\/|%2[Ff])$/.test(before) || /W\/"$/.test(before)) return { base: 'VERSION', of: 'the version' };
  // A path word, also for a second id right after the first (`storage/<id>/<id>`); a plural
  // collection (`admin/projects/<id>`) names one of its members.
  const word = /(?:^|\/)([a-z][a-z-]*)(?:\/|%2[Ff])(?:[0-9a-f-]{36}(?:\/|%2[Ff]))*$/
    .exec(before)?.[1]
    ?.replace(/s$/, '');
  if (word) return { base: constantCase(word), of: `the ${word.replace(/-/g, ' ')}` };
  const searched = /(?:^|\/)([A-Z][A-Za-z]+)\?(?:.*&)?_?id=$/.exec(before)?.[1];
  if (searched) return { base: constantCase(searched), of: `the ${searched}` };
  const param = /([A-Za-z][A-Za-z0-9.-]*?)_?[Ii]d=$/.exec(before)?.[1];
  if (param) return { base: constantCase(param), of: `the ${param}` };
  const key = /"([A-Za-z][A-Za-z0-9]*?)_?[Ii]d":"$/.exec(before)?.[1];
  if (key) return { base: constantCase(key), of: `the ${key}` };
  const resource = /"resourceType":"([A-Z][A-Za-z]+)"[^{}]*"id":"$/.exec(before)?.[1];
  if (resource) return { base: constantCase(resource), of: `the ${resource}` };
  // The id a GraphQL query or mutation reads (`"variables":{"id":"<id>"}`).
  if (/"variables":\{(?:[^{}]*,)?"id":"$/.test(before)) return { base: 'RESOURCE', of: 'the resource' };
  // A whole JSON value under a key that names what it is (`"login":"<id>"`), not a `value…`.
  const whole = /"([a-z][A-Za-z]*)":"$/.exec(before)?.[1];
  if (whole && whole !== 'id' && !whole.startsWith('value') && sent[index + 36] === '"')
    return { base: constantCase(whole), of: `the ${whole}` };
  return undefined;
}

/** A name for an id read from a response, where the request's text gave none: the type of the resource whose `id` it is, or the key that holds it. */
function nameFromResponse(rec: RegionRecording, c: Capture): { base: string; of: string } {
  let node: unknown = shownResponse(rec.requests[c.request].response)?.body;
  for (const k of c.path.slice(0, -1)) node = (node as Record<string | number, unknown>)[k];
  const last = c.path[c.path.length - 1];
  const type = (node as { resourceType?: unknown })?.resourceType;
  if (last === 'id' && typeof type === 'string') return { base: constantCase(type), of: `the ${type}` };
  if (typeof last === 'string' && last !== 'id') return { base: constantCase(last), of: `the ${last}` };
  return { base: 'RESOURCE', of: 'the resource' };
}

/** How the caption tells a second, third … id of one type from the first. */
const ORDINALS: Record<number, string> = { 2: 'a second', 3: 'a third', 4: 'a fourth', 5: 'a fifth', 6: 'a sixth' };

/**
 * The variables of a shown recording (withShownIds): each id a request sends, in order, named
 * after its type or path word (a second distinct id of one type gets `_2`), captured from the
 * first earlier response that holds it, or else set by the reader when it reads as a reference
 * (nameOf); a UUID that is neither stays as written.
 */
export function variablesOf(rec: RegionRecording): VariablePlan {
  const byId = new Map<string, Variable>();
  const taken = new Map<string, number>();
  const toSet: Variable[] = [];
  const captures = new Map<number, Variable[]>();
  rec.requests.forEach((req, i) => {
    for (const sent of sentStrings(req)) {
      for (const m of ids(sent)) {
        const id = m[0].toLowerCase();
        if (byId.has(id)) continue;
        let capture: Capture | undefined;
        for (let j = 0; j < i && !capture; j++)
          capture = findInBody(shownResponse(rec.requests[j].response)?.body, id, j);
        const named = nameOf(sent, m.index!) ?? (capture && nameFromResponse(rec, capture));
        if (!named) continue;
        const n = (taken.get(named.base) ?? 0) + 1;
        taken.set(named.base, n);
        const variable: Variable = {
          id,
          name: n === 1 ? `${named.base}_ID` : `${named.base}_ID_${n}`,
          of: n === 1 ? named.of : `${ORDINALS[n] ?? 'another'} ${named.of.replace(/^the /, '')}`,
          capture,
        };
        byId.set(id, variable);
        if (variable.capture)
          captures.set(variable.capture.request, [...(captures.get(variable.capture.request) ?? []), variable]);
        else toSet.push(variable);
      }
    }
  });
  return { byId, toSet, captures };
}

/**
 * A string split around the ids that have variables: literal text and variables in turn, so each
 * tab can quote the text for its language and write the variable as a reference.
 */
export function splitByIds(s: string, plan: VariablePlan): ({ text: string } | { variable: Variable })[] {
  const out: ({ text: string } | { variable: Variable })[] = [];
  let at = 0;
  for (const m of ids(s)) {
    const variable = plan.byId.get(m[0].toLowerCase());
    if (!variable) continue;
    if (m.index! > at) out.push({ text: s.slice(at, m.index) });
    out.push({ variable });
    at = m.index! + m[0].length;
  }
  if (at < s.length || out.length === 0) out.push({ text: s.slice(at) });
  return out;
}

/** A jq filter for a capture: the path, then the n-th id in that string when the id is part of it. */
export function jqFilter(c: Capture): string {
  const path = c.path
    .map((k) =>
      typeof k === 'number' ? `[${k}]` : /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`,
    )
    .join('')
    .replace(/^\[/, '.[');
  const whole = path || '.';
  if (c.match === -1) return whole;
  if (c.match === 'last') return `${whole} | split("/") | last`;
  return `[${whole} | scan(${JSON.stringify(ID_IN_STRING)})][${c.match}]`;
}

/** A Python expression for a capture from `response`. */
export function pyCapture(c: Capture): string {
  const value = `response.json()${c.path.map((k) => `[${JSON.stringify(k)}]`).join('')}`;
  if (c.match === -1) return value;
  if (c.match === 'last') return `${value}.rsplit("/", 1)[-1]`;
  return `re.findall(r"${ID_IN_STRING}", ${value})[${c.match}]`;
}
