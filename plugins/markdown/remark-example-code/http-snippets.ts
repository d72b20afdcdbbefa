/**
 * Turns a recorded region (plugins/markdown/remark-example-code/http-recordings.ts) into the text of its
 * HTTP, curl and Python tabs. Every literal that comes from a recording is quoted for its target
 * (single-quoted shell words, Python string literals built from JSON), never pasted in raw.
 *
 * Paths are relative to the server's base URL: `$MEDPLUM_BASE_URL` is that URL with its trailing
 * slash (`https://api.medplum.com/`), so `fhir/R4/Patient` is appended as is.
 *
 * `seed` names the region (regionSeed): its ids and its "now" are shown as that region's own
 * (withShownIds), so two examples never show one id for two resources. withShownIds is the
 * costly step of making the tabs, so the build works out the shown recording once per region and
 * makes all three tabs from it (httpFromShown, runnableFromShown, curlFromRunnable,
 * pythonFromRunnable; see exampleTabs in http-tabs.ts). toHttp, toCurl, toPython and runnable
 * make one tab from a stored recording on its own, composed the same way, for the tests (a unit
 * test in http-tabs.test.ts checks that the build's three panels equal them).
 */
import {
  isRefused,
  MAX_ARRAY_ENTRIES,
  MAX_STRING_LENGTH,
  shownResponse,
  withShownIds,
  type RecordedBody,
  type RecordedRequest,
  type RegionRecording,
} from './http-recordings';
import {
  jqFilter,
  pyCapture,
  splitByIds,
  variablesOf,
  withValueVariables,
  type Variable,
  type VariablePlan,
} from './http-variables';

/**
 * Sign-in and sign-up endpoints, which take no bearer token (on 5.1.12 the MFA steps of a sign-in,
 * `auth/mfa/verify` and `auth/mfa/login-enroll`, have no authenticateRequest: packages/server/src/auth/mfa.ts).
 */
const NO_TOKEN =
  /^(oauth2\/token|auth\/(login|method|newuser|newproject|newpatient|google|exchange|resetpassword|setpassword|profile|scope|mfa\/verify|mfa\/login-enroll)\b)/;

export type Auth = 'bearer' | 'basic' | 'none';

/**
 * The credentials a request carries on a real server. MockClient is not signed in, so what it
 * sends has no Authorization header; a signed-in client sends its bearer token to every
 * endpoint but the sign-in ones, and the SDK never sends it to another origin.
 */
export function authOf(req: RecordedRequest): Auth {
  if (req.auth !== 'none') return req.auth;
  if (isAbsolute(req.path) || NO_TOKEN.test(req.path)) return 'none';
  return 'bearer';
}

function isAbsolute(p: string): boolean {
  return /^https?:\/\//.test(p);
}

/** The form body as it goes on the wire (`a=1&b=2`). */
function formString(pairs: [string, string][]): string {
  return new URLSearchParams(pairs).toString();
}

function statusText(status: number): string {
  const known: Record<number, string> = {
    200: 'OK',
    201: 'Created',
    202: 'Accepted',
    204: 'No Content',
    304: 'Not Modified',
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    410: 'Gone',
    412: 'Precondition Failed',
    422: 'Unprocessable Entity',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
  };
  return known[status] ? ` ${known[status]}` : '';
}

function bodyText(body: RecordedBody): string {
  if ('json' in body) return formatValue(body.json, false);
  if ('form' in body) return formString(body.form);
  if ('text' in body) return body.text;
  return `# (body not shown: ${fileDescription(body)})`;
}

/** What a body the tabs do not spell out is: binary content, or JSON too large to show. */
function fileDescription(body: { binary: { contentType?: string; bytes: number; resourceType?: string } }): string {
  const { contentType, bytes, resourceType } = body.binary;
  const size = bytes >= 0 ? `${bytes} bytes` : 'the content';
  const type = contentType ? ` of ${contentType}` : '';
  return resourceType
    ? `the ${resourceType} the example sends (${size}${type})`
    : `the file the example uploads (${size}${type})`;
}

function omittedNote(rec: RegionRecording, comment: string): string[] {
  return rec.omitted > 0
    ? [`${comment} ${rec.omitted} more request${rec.omitted === 1 ? '' : 's'} of the same run, not shown`]
    : [];
}

/**
 * The HTTP tab of a shown recording (withShownIds): raw requests, each followed by the mock's
 * answer (status and trimmed body) or a line saying why there is none.
 */
export function httpFromShown(rec: RegionRecording): string {
  const blocks = rec.requests.map((req) => {
    const lines = [`${req.method} ${isAbsolute(req.path) ? req.path : `/${req.path}`}`];
    const auth = authOf(req);
    if (auth === 'bearer') lines.push('Authorization: Bearer $ACCESS_TOKEN');
    if (auth === 'basic') lines.push('Authorization: Basic base64($MEDPLUM_CLIENT_ID:$MEDPLUM_CLIENT_SECRET)');
    for (const [name, value] of req.headers) lines.push(`${name}: ${value}`);
    if (req.body) lines.push('', bodyText(req.body));
    lines.push('');
    const res = shownResponse(req.response);
    if (res) {
      lines.push(`HTTP/1.1 ${res.status}${statusText(res.status)}`);
      if (res.body !== undefined) {
        if (res.trimmed)
          lines.push(
            `# (trimmed: arrays cut to ${MAX_ARRAY_ENTRIES} entries, strings over ${MAX_STRING_LENGTH.toLocaleString('en-US')} characters not shown)`,
          );
        lines.push('', typeof res.body === 'string' ? res.body : formatValue(res.body, false));
      }
    } else if ('reason' in req.response) {
      lines.push(`# no response shown: ${notServed(req.response.reason)}`);
    }
    return lines.join('\n');
  });
  return [...blocks.join('\n\n###\n\n').split('\n'), ...omittedNote(rec, '###')].join('\n');
}

/** Why a recorded request has no mock answer, in words. */
export function notServed(reason: string): string {
  if (reason.startsWith('scripted'))
    return 'the mock server cannot serve this request (the test answers it with a scripted reply)';
  if (reason.startsWith('unrouted')) return 'the mock server cannot serve this request';
  return `the mock server cannot serve this request (${reason})`;
}

/** A shell word that stays exactly `s`: single quotes, with each `'` written as `'\''`. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * `s` as one shell word with each id that has a variable written as `"$NAME"` between the quoted
 * pieces (`'fhir/R4/Patient/'"$PATIENT_ID"`): a shown id names nothing on the reader's server.
 */
function shellWords(s: string, plan: VariablePlan, inJsonString = false): string {
  return splitByIds(s, plan)
    .map((p) => ('variable' in p ? shellVariable(p.variable, inJsonString) : shellQuote(p.text)))
    .join('');
}

/**
 * A variable as a shell word. Inside a JSON body's string a value the reader chose (a password)
 * goes through jq, which escapes its `"` and `\`: pasted raw, such a password would break the body.
 */
function shellVariable(v: Variable, inJsonString: boolean): string {
  return inJsonString && v.freeText ? `"$(jq -rn --arg v "$${v.name}" '$v | @json | .[1:-1]')"` : `"$${v.name}"`;
}

/** `s` as a Python expression: string literals and id variables joined with `+`. */
function pyExpr(s: string, plan: VariablePlan): string {
  return splitByIds(s, plan)
    .map((p) => ('variable' in p ? p.variable.name.toLowerCase() : pyString(p.text)))
    .join(' + ');
}

/**
 * The `meta` fields a Medplum 5.1.12 server sets itself on a create or update, whatever the body
 * holds (packages/server/src/fhir/repo.ts, updateResourceImpl): a new `versionId` (the body's is
 * never compared; only an `If-Match` header is), `lastUpdated` now, `author` and `project` from the
 * caller's login (only a super admin's own are kept), `compartment` recomputed and `onBehalfOf`
 * from the login. `account`, `accounts`, `profile`, `tag`, `security` and `source` are the caller's.
 */
const SERVER_SET_META = ['versionId', 'lastUpdated', 'author', 'project', 'compartment', 'onBehalfOf'];

/** A create or update through the FHIR API: POST or PUT to `fhir/R4/`, a type or one resource, not an operation (`$…`). */
function isWrite(req: RecordedRequest): boolean {
  return (
    (req.method === 'POST' || req.method === 'PUT') &&
    /^(?:https?:\/\/[^/]+\/)?fhir\/R4\/?(?:[A-Z][A-Za-z]+(?:\/[^/?$]+)?)?(?:\?|$)/.test(req.path)
  );
}

/** `value` with SERVER_SET_META left out of each resource's `meta` (a bundle's entries too); `left` collects what was. */
function withoutServerMeta(value: unknown, left: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutServerMeta(v, left));
  if (!value || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === 'meta' && typeof o.resourceType === 'string' && v && typeof v === 'object' && !Array.isArray(v)) {
      const kept = Object.entries(v).filter(([f]) => !SERVER_SET_META.includes(f));
      for (const f of Object.keys(v)) if (SERVER_SET_META.includes(f)) left.add(f);
      if (kept.length) out[k] = Object.fromEntries(kept);
    } else out[k] = withoutServerMeta(v, left);
  }
  return out;
}

/** What the curl and Python tabs run: the shown recording as sent, less server-set `meta`, and its id variables. */
export interface Runnable {
  rec: RegionRecording;
  plan: VariablePlan;
  /** The SERVER_SET_META fields left out of some request body, for the caption. */
  metaLeftOut: string[];
}

/**
 * The curl and Python tabs' recording (the HTTP tab keeps what was sent), from the shown one
 * (withShownIds): the bodies of creates and updates without the `meta` fields the server sets
 * itself (a resource read before the region and sent back would otherwise ask the reader for its
 * version, author and project ids), and the id variables of what is left (variablesOf).
 */
export function runnableFromShown(shown: RegionRecording): Runnable {
  const left = new Set<string>();
  const requests = shown.requests.map((req) =>
    isWrite(req) && req.body && 'json' in req.body
      ? { ...req, body: { ...req.body, json: withoutServerMeta(req.body.json, left) } }
      : req,
  );
  const { rec, values } = withValueVariables({ ...shown, requests });
  return { rec, plan: variablesOf(rec, values), metaLeftOut: SERVER_SET_META.filter((f) => left.has(f)) };
}

/** The variable a request's whole URL is (a signed storage URL read from an earlier response), if it is one. */
function urlVariable(req: RecordedRequest, plan: VariablePlan): Variable | undefined {
  return plan.byId.get(req.path.toLowerCase());
}

/**
 * The credentials the curl and Python tabs send. A signed storage URL carries its own: the
 * server's storage route checks the signature and nothing else (packages/server/src/storage/routes.ts),
 * and the reader's server may answer with a URL on another origin (its `storageBaseUrl`), where the
 * SDK sends no token either.
 */
function sentAuth(req: RecordedRequest, plan: VariablePlan): Auth {
  return urlVariable(req, plan) ? 'none' : authOf(req);
}

/** The verifier a generated S256 challenge is computed from (the region's, else the one the tab makes: variablesOf). */
function verifierOf(plan: VariablePlan): string {
  return [...plan.byId.values(), ...plan.generated].find((v) => v.pkce === 'verifier')!.name;
}

/** Shell lines that make the generated values (a PKCE verifier and its S256 challenge) before the first request. */
function curlGenerated(plan: VariablePlan): string[] {
  if (!plan.generated.length) return [];
  const lines = ['# A new PKCE code verifier for this sign-in'];
  const verifier = verifierOf(plan);
  for (const v of plan.generated) {
    if (v.pkce === 'verifier') lines.push(`${v.name}=$(openssl rand -hex 32)`);
    else
      lines.push(
        `${v.name}=$(printf '%s' "$${verifier}" | openssl dgst -sha256 -binary | openssl base64 -A | tr '+/' '-_' | tr -d '=')`,
      );
  }
  return [...lines, ''];
}

/** Python lines for the same. */
function pyGenerated(plan: VariablePlan): string[] {
  if (!plan.generated.length) return [];
  const lines: string[] = [];
  const verifier = verifierOf(plan).toLowerCase();
  for (const v of plan.generated) {
    if (v.pkce === 'verifier') lines.push(`${v.name.toLowerCase()} = secrets.token_hex(32)`);
    else
      lines.push(
        `${v.name.toLowerCase()} = base64.urlsafe_b64encode(hashlib.sha256(${verifier}.encode()).digest()).rstrip(b"=").decode()`,
      );
  }
  return ['# A new PKCE code verifier for this sign-in', ...lines];
}

/**
 * One curl command per request (runnableFromShown). A request whose response holds an id a later
 * request sends saves its body (`-o response-N.json`) and reads the id from it with jq
 * (http-variables.ts).
 */
export function curlFromRunnable({ rec, plan }: Runnable): string {
  const commands = rec.requests.map((req, i) => {
    const url =
      isAbsolute(req.path) || urlVariable(req, plan)
        ? shellWords(req.path, plan)
        : `"$MEDPLUM_BASE_URL"${shellWords(req.path, plan)}`;
    const parts: string[] = [req.method === 'GET' ? `curl ${url}` : `curl -X ${req.method} ${url}`];
    const auth = sentAuth(req, plan);
    if (auth === 'bearer') parts.push('-H "Authorization: Bearer $ACCESS_TOKEN"');
    if (auth === 'basic') parts.push('-u "$MEDPLUM_CLIENT_ID:$MEDPLUM_CLIENT_SECRET"');
    for (const [name, value] of req.headers) parts.push(`-H ${shellWords(`${name}: ${value}`, plan)}`);
    const pre: string[] = [];
    if (req.body) {
      const b = req.body;
      if ('binary' in b) {
        pre.push(`# FILE: ${fileDescription(b)}`);
        parts.push('--data-binary @"$FILE"');
      } else if ('form' in b && b.form.some(([k, v]) => splitByIds(`${k}=${v}`, plan).some((p) => 'variable' in p))) {
        // curl encodes each field's value, so a variable's value may hold `&`, `+` or `%`.
        for (const [k, v] of b.form) parts.push(`--data-urlencode ${shellWords(`${k}=${v}`, plan)}`);
      } else {
        parts.push(`--data-raw ${shellWords(bodyText(b), plan, 'json' in b)}`);
      }
    }
    const captured = plan.captures.get(i) ?? [];
    const saved = `response-${i + 1}.json`;
    if (captured.length) parts.push(`-o ${saved}`);
    const reads = captured.map((v) => `${v.name}=$(jq -r ${shellQuote(jqFilter(v.capture!))} ${saved})`);
    return [...pre, parts.join(' \\\n  '), ...reads].join('\n');
  });
  return [...curlGenerated(plan), ...commands.join('\n\n').split('\n'), ...omittedNote(rec, '#')].join('\n');
}

/** A Python string literal for `s` (JSON's escapes are all valid in Python). */
export function pyString(s: string): string {
  return JSON.stringify(s);
}

/**
 * A JSON value laid out for reading: a container that fits on one short line stays on one line,
 * others get one entry per line. `python` writes Python literals (True/False/None, trailing commas).
 */
export function formatValue(
  value: unknown,
  python: boolean,
  indent = '',
  str: (s: string) => string = (s) => JSON.stringify(s),
): string {
  const step = python ? '    ' : '  ';
  const comma = python ? ',' : '';
  const scalar = (v: unknown): string => {
    if (v === null || v === undefined) return python ? 'None' : 'null';
    if (v === true) return python ? 'True' : 'true';
    if (v === false) return python ? 'False' : 'false';
    if (typeof v === 'number') return Number.isFinite(v) ? JSON.stringify(v) : python ? 'None' : 'null';
    return str(String(v));
  };
  const oneLine = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(oneLine).join(', ')}]`;
    if (v && typeof v === 'object') {
      return `{${Object.entries(v as Record<string, unknown>)
        .map(([k, x]) => `${JSON.stringify(k)}: ${oneLine(x)}`)
        .join(', ')}}`;
    }
    return scalar(v);
  };
  if (!isContainer(value)) return scalar(value);
  const flat = oneLine(value);
  if (flat.length + indent.length <= 72) return flat;
  const inner = indent + step;
  if (Array.isArray(value)) {
    const items = value.map(
      (v, i) => `${inner}${formatValue(v, python, inner, str)}${i < value.length - 1 ? ',' : comma}`,
    );
    return `[\n${items.join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const items = entries.map(
    ([k, v], i) =>
      `${inner}${JSON.stringify(k)}: ${formatValue(v, python, inner, str)}${i < entries.length - 1 ? ',' : comma}`,
  );
  return `{\n${items.join('\n')}\n${indent}}`;
}

function isContainer(v: unknown): boolean {
  return Array.isArray(v) ? v.length > 0 : !!v && typeof v === 'object' && Object.keys(v).length > 0;
}

/** A JSON value as a Python literal (its strings as pyExpr writes them when a plan is given). */
export function pyLiteral(value: unknown, indent = '', plan?: VariablePlan): string {
  return formatValue(value, true, indent, plan ? (s) => pyExpr(s, plan) : undefined);
}

/**
 * A `requests` script (runnableFromShown): base URL, token and the ids and credentials the
 * reader sets from the environment, a PKCE verifier it makes itself, `raise_for_status()` after
 * each call but one the recorded server refused with a 4xx (the example shows that refusal: the
 * script prints it and goes on), and an id or value a later request sends read from the response
 * that holds it (http-variables.ts).
 */
export function pythonFromRunnable({ rec, plan }: Runnable): string {
  const usesRe = [...plan.captures.values()].some((vs) =>
    vs.some((v) => typeof v.capture!.match === 'number' && v.capture!.match !== -1),
  );
  const lines = [
    // base64 and hashlib only to compute an S256 challenge.
    ...(plan.generated.some((v) => v.pkce === 'challenge') ? ['import base64', 'import hashlib'] : []),
    'import os',
    ...(usesRe ? ['import re'] : []),
    ...(plan.generated.length ? ['import secrets'] : []),
    '',
    'import requests',
    '',
    'base_url = os.environ["MEDPLUM_BASE_URL"]  # with its trailing slash',
  ];
  if (rec.requests.some((r) => sentAuth(r, plan) === 'bearer')) lines.push('token = os.environ["ACCESS_TOKEN"]');
  for (const v of plan.toSet) lines.push(`${v.name.toLowerCase()} = os.environ[${pyString(v.name)}]`);
  const made = pyGenerated(plan);
  if (made.length) lines.push('', ...made);
  rec.requests.forEach((req, i) => {
    lines.push('');
    const args: string[] = [];
    args.push(
      isAbsolute(req.path) || urlVariable(req, plan) ? pyExpr(req.path, plan) : `base_url + ${pyExpr(req.path, plan)}`,
    );
    const headers: string[] = [];
    const auth = sentAuth(req, plan);
    if (auth === 'bearer') headers.push(`"Authorization": "Bearer " + token`);
    for (const [name, value] of req.headers) headers.push(`${pyString(name)}: ${pyExpr(value, plan)}`);
    if (headers.length) args.push(`headers={\n        ${headers.join(',\n        ')},\n    }`);
    if (auth === 'basic') args.push('auth=(os.environ["MEDPLUM_CLIENT_ID"], os.environ["MEDPLUM_CLIENT_SECRET"])');
    const b = req.body;
    if (b) {
      if ('json' in b) args.push(`json=${pyLiteral(b.json, '    ', plan)}`);
      else if ('form' in b)
        args.push(`data=[${b.form.map(([k, v]) => `(${pyString(k)}, ${pyExpr(v, plan)})`).join(', ')}]`);
      else if ('text' in b) args.push(`data=${pyExpr(b.text, plan)}`);
      else {
        lines.push(`# FILE: ${fileDescription(b)}`);
        args.push('data=open(os.environ["FILE"], "rb")');
      }
    }
    const fn = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method) ? req.method.toLowerCase() : undefined;
    const head = fn ? `requests.${fn}(` : `requests.request(\n    ${pyString(req.method)},`;
    lines.push(
      `response = ${head}\n    ${args.join(',\n    ')},\n)`,
      // A request the example expects the server to refuse: the script shows the refusal and goes on.
      isRefused(req) ? 'print(response.status_code, response.text)' : 'response.raise_for_status()',
    );
    for (const v of plan.captures.get(i) ?? []) lines.push(`${v.name.toLowerCase()} = ${pyCapture(v.capture!)}`);
  });
  lines.push(...omittedNote(rec, '#'));
  return lines.join('\n');
}

/** The HTTP tab of a stored recording for the region `seed` (regionSeed). */
export function toHttp(recorded: RegionRecording, seed: string): string {
  return httpFromShown(withShownIds(recorded, seed));
}

/** What the curl and Python tabs of a stored recording run, for the region `seed`. */
export function runnable(recorded: RegionRecording, seed: string): Runnable {
  return runnableFromShown(withShownIds(recorded, seed));
}

/** The curl tab of a stored recording for the region `seed`. */
export function toCurl(recorded: RegionRecording, seed: string): string {
  return curlFromRunnable(runnable(recorded, seed));
}

/** The Python tab of a stored recording for the region `seed`. */
export function toPython(recorded: RegionRecording, seed: string): string {
  return pythonFromRunnable(runnable(recorded, seed));
}
