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
import { isRefused, shownResponse, UUID_SOURCE, type RecordedRequest, type RegionRecording } from './http-recordings';

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
  /**
   * Set when the path starts at a search bundle's `entry[n]` with n > 0 and that entry is the
   * k-th of its resource type there while other entries have another type (a Task search with
   * `_include`d ServiceRequests): the tabs pick the entry by its type, as the example's code does,
   * rather than by a position the reader's server need not reproduce.
   */
  entryOfType?: { type: string; index: number };
}

export interface Variable {
  /** The id as the shown recording has it (lower case). */
  id: string;
  /** Shell name (`PATIENT_ID`); the Python name is its lower case. */
  name: string;
  /** What it is the id of, for the caption (`the Patient`, `the export`). */
  of: string;
  /** Where it is read from, or undefined when the reader sets it (or the tab makes it). */
  capture?: Capture;
  /** For a value that is not an id (a secret, a signed URL): what the caption asks the reader to set it to. */
  what?: string;
  /** A PKCE verifier or its S256 challenge, which the tab makes itself when set (see ValueKind). */
  pkce?: 'verifier' | 'challenge';
  /** The tab makes this value itself (a new PKCE verifier for a sign-in the region starts). */
  generated?: boolean;
  /** The reader chooses it and it may hold any character (see ValueKind). */
  freeText?: boolean;
}

export interface VariablePlan {
  /** Id (lower case) → its variable. */
  byId: Map<string, Variable>;
  /** The variables the reader sets, in order of first use. */
  toSet: Variable[];
  /** Request index → the variables read from its response. */
  captures: Map<number, Variable[]>;
  /** The variables the tab makes before its first request (a PKCE verifier and its challenge). */
  generated: Variable[];
}

/**
 * A value a request sends that is not an id and still names nothing on the reader's server: a
 * credential (a client secret, a password, an authorization code, a PKCE verifier or challenge, a
 * refresh or exchanged token, an authenticator code) or a signed storage URL, which expires and is
 * signed for the recording server's own Binary. The curl and Python tabs send a variable instead
 * (withValueVariables): read from an earlier response that answered with the value (a sign-in's
 * `code`, a Binary's `url`), made by the tab (`generated`: a PKCE verifier for a sign-in the
 * region starts, and its S256 challenge), or set by the reader, whom the caption tells `what` to
 * set it to.
 */
export interface ValueKind {
  /** The variable's shell name; a second distinct value of one kind gets `_2`. */
  name: string;
  /** What to set it to, for the caption (`the client application’s secret`). */
  what: string;
  pkce?: 'verifier' | 'challenge';
  generated?: boolean;
  /**
   * A value the reader chooses (a password, an identity provider's secret) that may hold any
   * character, `"` and `&` included: the curl tab escapes it for the JSON string or form field it
   * goes into, where a server-made value (a hex code, a token, a URL) needs no escaping.
   */
  freeText?: boolean;
}

const PASSWORD: ValueKind = { name: 'PASSWORD', what: 'the user’s password', freeText: true };
const NEW_PASSWORD: ValueKind = { name: 'NEW_PASSWORD', what: 'the new password', freeText: true };
const AUTH_CODE: ValueKind = { name: 'CODE', what: 'the authorization code the sign-in returned' };
const CLIENT_SECRET: ValueKind = { name: 'MEDPLUM_CLIENT_SECRET', what: 'the client application’s secret' };
const VERIFIER: ValueKind = {
  name: 'CODE_VERIFIER',
  what: 'the PKCE code verifier of the sign-in that returned the code',
  pkce: 'verifier',
};
const CHALLENGE: ValueKind = { name: 'CODE_CHALLENGE', what: 'the S256 challenge of CODE_VERIFIER', pkce: 'challenge' };
const STORAGE_URL: ValueKind = {
  name: 'BINARY_URL',
  what: 'the url the server answered with for the Binary (a signed storage URL)',
};

/** Form fields (`oauth2/token`) whose value is a credential. */
const FORM_VALUES: Record<string, ValueKind> = {
  client_secret: CLIENT_SECRET,
  code: AUTH_CODE,
  code_verifier: VERIFIER,
  refresh_token: { name: 'REFRESH_TOKEN', what: 'a refresh token from an earlier token response' },
  subject_token: {
    name: 'SUBJECT_TOKEN',
    what: 'an access token from the identity provider the client application trusts',
  },
  client_assertion: { name: 'CLIENT_ASSERTION', what: 'a JWT signed with the client application’s key' },
  password: PASSWORD,
};

/** JSON keys whose value is a credential, by the request's path. */
function jsonValueKind(key: string, path: string): ValueKind | undefined {
  if (key === 'codeChallenge') return CHALLENGE;
  if (key === 'clientSecret')
    return { name: 'IDP_CLIENT_SECRET', what: 'the client secret your identity provider issued', freeText: true };
  if (key === 'password' || key === 'oldPassword')
    return /^auth\/(login|changepassword)\b/.test(path) || key === 'oldPassword' ? PASSWORD : NEW_PASSWORD;
  if (key === 'newPassword') return NEW_PASSWORD;
  if (key === 'secret' && /^auth\//.test(path))
    return { name: 'RESET_SECRET', what: 'the secret from the link in the password email' };
  if (key === 'token' && /^auth\/mfa\//.test(path))
    return { name: 'MFA_CODE', what: 'the code the authenticator app shows' };
  return undefined;
}

/** A signed URL of a Binary's content on the server (`…/storage/<id>/<version>?Expires=…&Signature=…`), as the shown recording has it. */
const STORAGE = /^https:\/\/api\.medplum\.com\/storage\/\S+$/;

/** A request path as a full URL when it is the server's storage (the SDK fetches a signed URL relative to its base). */
function absolutePath(p: string): string {
  return /^storage\//.test(p) ? `https://api.medplum.com/${p}` : p;
}

/**
 * Calls `visit` with each value of a request that is a credential or a signed URL and its kind;
 * a string it returns replaces that value in the returned request.
 */
function mapValues(
  req: RecordedRequest,
  visit: (value: string, kind: ValueKind) => string | undefined,
): RecordedRequest {
  const out: RecordedRequest = { ...req };
  const full = absolutePath(req.path);
  if (STORAGE.test(full)) out.path = visit(full, STORAGE_URL) ?? req.path;
  const b = req.body;
  const path = req.path.split('?')[0];
  if (b && 'form' in b) {
    out.body = {
      form: b.form.map(([k, v]): [string, string] => {
        const kind = Object.hasOwn(FORM_VALUES, k) ? FORM_VALUES[k] : undefined;
        return [k, (kind && v && visit(v, kind)) || v];
      }),
    };
  }
  if (b && 'json' in b) {
    const walk = (v: unknown, key?: string): unknown => {
      if (typeof v === 'string') {
        const kind = key !== undefined ? jsonValueKind(key, path) : undefined;
        if (kind && v) return visit(v, kind) ?? v;
        return STORAGE.test(v) ? (visit(v, STORAGE_URL) ?? v) : v;
      }
      if (Array.isArray(v)) return v.map((x) => walk(x));
      if (v && typeof v === 'object')
        return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, walk(x, k)]));
      return v;
    };
    out.body = { ...b, json: walk(b.json) };
  }
  return out;
}

/** The UUID-shaped mark that stands in a request for the n-th value variable, so the id machinery (ids, splitByIds) handles it. */
function valueMark(n: number): string {
  return `fffffffe-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/**
 * The recording with each credential and signed URL its requests send (ValueKind) replaced by a
 * mark that variablesOf turns into a variable, and the same value in earlier responses replaced
 * too, so that a value the server answered with (a sign-in's `code`, a Binary's `url`) is read
 * from there. A value sent only in requests the server refused (a 4xx: a wrong secret, an
 * invalid token, a code sent a second time is not one) is the example's on purpose and stays. A
 * region's PKCE verifiers are one variable, and so are its challenges: a `plain` challenge is the
 * verifier itself, an S256 one is computed from it; when the region's first such value is a
 * challenge, the region starts the sign-in and the tab makes the verifier.
 */
export function withValueVariables(rec: RegionRecording): { rec: RegionRecording; values: Map<string, ValueKind> } {
  const s256 = rec.requests.some(
    (r) =>
      r.body && 'json' in r.body && (r.body.json as { codeChallengeMethod?: unknown })?.codeChallengeMethod === 'S256',
  );
  /** The key one variable stands for: the value itself, or the region's PKCE verifier or challenge. */
  const keyOf = (value: string, kind: ValueKind): string =>
    kind.pkce ? (kind.pkce === 'challenge' && s256 ? 'pkce:challenge' : 'pkce:verifier') : `value:${value}`;
  const seen = new Map<string, { kind: ValueKind; accepted: boolean; value: string }>();
  let firstPkce: 'verifier' | 'challenge' | undefined;
  for (const req of rec.requests) {
    const refused = isRefused(req);
    mapValues(req, (value, kind) => {
      const key = keyOf(value, kind);
      firstPkce ??= kind.pkce;
      const was = seen.get(key);
      if (!was) seen.set(key, { kind: key === 'pkce:verifier' ? VERIFIER : kind, accepted: !refused, value });
      else was.accepted ||= !refused;
      return undefined;
    });
  }
  const marks = new Map<string, string>();
  const values = new Map<string, ValueKind>();
  for (const [key, { kind, accepted }] of seen) {
    if (!accepted && !kind.pkce) continue;
    const mark = valueMark(marks.size + 1);
    marks.set(key, mark);
    const generated = kind.pkce === 'challenge' || (kind.pkce === 'verifier' && firstPkce === 'challenge');
    values.set(mark, generated ? { ...kind, generated } : kind);
  }
  if (!marks.size) return { rec, values };
  const byValue = new Map(
    [...seen].filter(([k]) => marks.has(k) && k.startsWith('value:')).map(([k, s]) => [s.value, marks.get(k)!]),
  );
  const inResponse = (v: unknown): unknown => {
    if (typeof v === 'string') return byValue.get(v) ?? v;
    if (Array.isArray(v)) return v.map(inResponse);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, inResponse(x)]));
    return v;
  };
  const requests = rec.requests.map((req) => {
    const sent = mapValues(req, (value, kind) => marks.get(keyOf(value, kind)));
    const res = req.response;
    return 'body' in res && res.body !== undefined
      ? { ...sent, response: { ...res, body: inResponse(res.body) } }
      : sent;
  });
  return { rec: { ...rec, requests }, values };
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
  if (exact)
    return (
      referenceFromFirstEntry(body, strings, exact.path, id, request) ??
      withEntryOfType(body, { request, path: exact.path, match: -1 })
    );
  for (const s of strings) {
    const found = [...s.value.matchAll(new RegExp(ID_IN_STRING, 'gi'))].map((m) => m[0].toLowerCase());
    const n = found.indexOf(id);
    if (n === -1) continue;
    return withEntryOfType(body, {
      request,
      path: s.path,
      match: s.value.toLowerCase().endsWith(`/${id}`) ? 'last' : n,
    });
  }
  return undefined;
}

/** The resource type of a search bundle's entry. */
function entryType(entry: unknown): unknown {
  return (entry as { resource?: { resourceType?: unknown } } | undefined)?.resource?.resourceType;
}

/**
 * For an id found as the `id` of an included entry of a search bundle (one whose type is not the
 * first entry's: a Task search's `_include`d ServiceRequest), the reference to it in the first
 * entry (`entry[0].resource.focus.reference`), if there is one: an example that reads an included
 * resource pairs it with the match that points at it (referralInbox), and that pairing holds on
 * any server, where the included entry's place among several of its type need not.
 */
function referenceFromFirstEntry(
  body: object,
  strings: { path: (string | number)[]; value: string }[],
  at: (string | number)[],
  id: string,
  request: number,
): Capture | undefined {
  const entries = (body as { entry?: unknown }).entry;
  if (at[0] !== 'entry' || typeof at[1] !== 'number' || at[1] === 0 || !Array.isArray(entries)) return undefined;
  if ((body as { resourceType?: unknown }).resourceType !== 'Bundle') return undefined;
  if (entryType(entries[at[1]]) === entryType(entries[0])) return undefined;
  const ref = strings.find((s) => s.path[0] === 'entry' && s.path[1] === 0 && s.value.toLowerCase().endsWith(`/${id}`));
  return ref && { request, path: ref.path, match: 'last' };
}

/**
 * A capture from a later entry of a search bundle (`entry[1]`), picked by its resource type when
 * the bundle's entries are of more than one type (a search with `_include`): the code the tab
 * stands for picks a resource by type, and the position of an included resource is not one the
 * reader's server is bound to repeat.
 */
function withEntryOfType(body: object, c: Capture): Capture {
  const entries = (body as { resourceType?: unknown; entry?: unknown }).entry;
  const n = c.path[1];
  if ((body as { resourceType?: unknown }).resourceType !== 'Bundle' || c.path[0] !== 'entry') return c;
  if (!Array.isArray(entries) || typeof n !== 'number' || n === 0) return c;
  const type = entryType(entries[n]);
  if (typeof type !== 'string' || entries.every((e) => entryType(e) === type)) return c;
  return { ...c, entryOfType: { type, index: entries.slice(0, n).filter((e) => entryType(e) === type).length } };
}

/**
 * Which entry of a search's answer a capture reads by position, for the caption: the n-th (1-based)
 * entry, or the n-th entry of one type, when that is not the first. Undefined for the first entry
 * and for anything else.
 */
export function entryPosition(c: Capture | undefined): { n: number; type?: string } | undefined {
  if (!c || c.path[0] !== 'entry' || typeof c.path[1] !== 'number') return undefined;
  if (c.entryOfType)
    return c.entryOfType.index > 0 ? { n: c.entryOfType.index + 1, type: c.entryOfType.type } : undefined;
  return c.path[1] > 0 ? { n: c.path[1] + 1 } : undefined;
}

/** Sign-ins that answer with `{ login, code }` (packages/server/src/auth/utils.ts, sendLoginResult). */
const SIGN_IN = /^auth\/(login|google|profile|newpatient|mfa\/verify|mfa\/login-enroll)\b/;

/**
 * Where an authorization code comes from when no recorded response holds it: the region's last
 * sign-in before request `i`, when that sign-in's answer was not recorded (the mock has no route
 * for `auth/google`). A server answers it with the code, and only a code from the tab's own
 * sign-in matches the PKCE verifier the tab made.
 */
function codeOfUnrecordedSignIn(rec: RegionRecording, i: number): Capture | undefined {
  for (let j = i - 1; j >= 0; j--)
    if (SIGN_IN.test(rec.requests[j].path))
      return shownResponse(rec.requests[j].response) ? undefined : { request: j, path: ['code'], match: -1 };
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
export function variablesOf(rec: RegionRecording, values: Map<string, ValueKind> = new Map()): VariablePlan {
  const byId = new Map<string, Variable>();
  const taken = new Map<string, number>();
  const toSet: Variable[] = [];
  const captures = new Map<number, Variable[]>();
  const generated: Variable[] = [];
  rec.requests.forEach((req, i) => {
    for (const sent of sentStrings(req)) {
      for (const m of ids(sent)) {
        const id = m[0].toLowerCase();
        if (byId.has(id)) continue;
        const kind = values.get(id);
        let capture: Capture | undefined;
        for (let j = 0; j < i && !capture && !kind?.generated; j++)
          capture = findInBody(shownResponse(rec.requests[j].response)?.body, id, j);
        if (!capture && kind === AUTH_CODE) capture = codeOfUnrecordedSignIn(rec, i);
        const named = kind
          ? { base: kind.name, of: kind.what }
          : (nameOf(sent, m.index!) ?? (capture && nameFromResponse(rec, capture)));
        if (!named) continue;
        const n = (taken.get(named.base) ?? 0) + 1;
        taken.set(named.base, n);
        const nth = (of: string): string => (n === 1 ? of : `${ORDINALS[n] ?? 'another'} ${of.replace(/^the /, '')}`);
        const variable: Variable = kind
          ? {
              id,
              name: n === 1 ? kind.name : `${kind.name}_${n}`,
              of: nth(kind.what),
              what: nth(kind.what),
              capture,
              ...(kind.pkce ? { pkce: kind.pkce } : {}),
              ...(kind.generated ? { generated: true } : {}),
              ...(kind.freeText ? { freeText: true } : {}),
            }
          : { id, name: n === 1 ? `${named.base}_ID` : `${named.base}_ID_${n}`, of: nth(named.of), capture };
        byId.set(id, variable);
        if (variable.generated) generated.push(variable);
        else if (variable.capture)
          captures.set(variable.capture.request, [...(captures.get(variable.capture.request) ?? []), variable]);
        else toSet.push(variable);
      }
    }
  });
  // An S256 challenge the tab makes is computed from a verifier: the region's, else a new one.
  if (generated.some((v) => v.pkce === 'challenge') && ![...byId.values()].some((v) => v.pkce === 'verifier'))
    generated.push({
      id: '',
      name: VERIFIER.name,
      of: VERIFIER.what,
      what: VERIFIER.what,
      pkce: 'verifier',
      generated: true,
    });
  // The verifier first: its challenge is computed from it.
  generated.sort((a, b) => Number(a.pkce === 'challenge') - Number(b.pkce === 'challenge'));
  return { byId, toSet, captures, generated };
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
  const keys = c.entryOfType ? c.path.slice(2) : c.path;
  const path = keys
    .map((k) =>
      typeof k === 'number' ? `[${k}]` : /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`,
    )
    .join('')
    .replace(/^\[/, '.[');
  const entry = c.entryOfType
    ? `[.entry[] | select(.resource.resourceType == ${JSON.stringify(c.entryOfType.type)})][${c.entryOfType.index}]`
    : '';
  const whole = entry + path || '.';
  if (c.match === -1) return whole;
  if (c.match === 'last') return `${whole} | split("/") | last`;
  return `[${whole} | scan(${JSON.stringify(ID_IN_STRING)})][${c.match}]`;
}

/** A Python expression for a capture from `response`. */
export function pyCapture(c: Capture): string {
  const keys = c.entryOfType ? c.path.slice(2) : c.path;
  const from = c.entryOfType
    ? `[e for e in response.json()["entry"] if e["resource"]["resourceType"] == ${JSON.stringify(c.entryOfType.type)}][${c.entryOfType.index}]`
    : 'response.json()';
  const value = `${from}${keys.map((k) => `[${JSON.stringify(k)}]`).join('')}`;
  if (c.match === -1) return value;
  if (c.match === 'last') return `${value}.rsplit("/", 1)[-1]`;
  return `re.findall(r"${ID_IN_STRING}", ${value})[${c.match}]`;
}
