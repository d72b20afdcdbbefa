/**
 * Turns a recorded region (plugins/markdown/remark-example-code/http-recordings.ts) into the text of its
 * HTTP, curl and Python tabs. Every literal that comes from a recording is quoted for its target
 * (single-quoted shell words, Python string literals built from JSON), never pasted in raw.
 *
 * Paths are relative to the server's base URL: `$MEDPLUM_BASE_URL` is that URL with its trailing
 * slash (`https://api.medplum.com/`), so `fhir/R4/Patient` is appended as is.
 *
 * `seed` names the region (regionSeed): its ids and its "now" are shown as that region's own
 * (withShownIds), so two examples never show one id for two resources.
 */
import {
  MAX_ARRAY_ENTRIES,
  MAX_STRING_LENGTH,
  shownResponse,
  withShownIds,
  type RecordedBody,
  type RecordedRequest,
  type RegionRecording,
} from './http-recordings';

/** Sign-in and sign-up endpoints, which take no bearer token. */
const NO_TOKEN =
  /^(oauth2\/token|auth\/(login|method|newuser|newproject|newpatient|google|exchange|resetpassword|setpassword|profile|scope)\b)/;

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

/** Raw requests, each followed by the mock's answer (status and trimmed body) or a line saying why there is none. */
export function toHttp(recorded: RegionRecording, seed: string): string {
  const rec = withShownIds(recorded, seed);
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

/** One curl command per request. */
export function toCurl(recorded: RegionRecording, seed: string): string {
  const rec = withShownIds(recorded, seed);
  const commands = rec.requests.map((req) => {
    const url = isAbsolute(req.path) ? shellQuote(req.path) : `"$MEDPLUM_BASE_URL"${shellQuote(req.path)}`;
    const parts: string[] = [req.method === 'GET' ? `curl ${url}` : `curl -X ${req.method} ${url}`];
    const auth = authOf(req);
    if (auth === 'bearer') parts.push('-H "Authorization: Bearer $ACCESS_TOKEN"');
    if (auth === 'basic') parts.push('-u "$MEDPLUM_CLIENT_ID:$MEDPLUM_CLIENT_SECRET"');
    for (const [name, value] of req.headers) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
    const pre: string[] = [];
    if (req.body) {
      const b = req.body;
      if ('binary' in b) {
        pre.push(`# FILE: ${fileDescription(b)}`);
        parts.push('--data-binary @"$FILE"');
      } else {
        parts.push(`--data-raw ${shellQuote(bodyText(b))}`);
      }
    }
    return [...pre, parts.join(' \\\n  ')].join('\n');
  });
  return [...commands.join('\n\n').split('\n'), ...omittedNote(rec, '#')].join('\n');
}

/** A Python string literal for `s` (JSON's escapes are all valid in Python). */
export function pyString(s: string): string {
  return JSON.stringify(s);
}

/**
 * A JSON value laid out for reading: a container that fits on one short line stays on one line,
 * others get one entry per line. `python` writes Python literals (True/False/None, trailing commas).
 */
export function formatValue(value: unknown, python: boolean, indent = ''): string {
  const step = python ? '    ' : '  ';
  const comma = python ? ',' : '';
  const scalar = (v: unknown): string => {
    if (v === null || v === undefined) return python ? 'None' : 'null';
    if (v === true) return python ? 'True' : 'true';
    if (v === false) return python ? 'False' : 'false';
    if (typeof v === 'number') return Number.isFinite(v) ? JSON.stringify(v) : python ? 'None' : 'null';
    return JSON.stringify(String(v));
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
    const items = value.map((v, i) => `${inner}${formatValue(v, python, inner)}${i < value.length - 1 ? ',' : comma}`);
    return `[\n${items.join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const items = entries.map(
    ([k, v], i) =>
      `${inner}${JSON.stringify(k)}: ${formatValue(v, python, inner)}${i < entries.length - 1 ? ',' : comma}`,
  );
  return `{\n${items.join('\n')}\n${indent}}`;
}

function isContainer(v: unknown): boolean {
  return Array.isArray(v) ? v.length > 0 : !!v && typeof v === 'object' && Object.keys(v).length > 0;
}

/** A JSON value as a Python literal. */
export function pyLiteral(value: unknown, indent = ''): string {
  return formatValue(value, true, indent);
}

/** A `requests` script: base URL and token from the environment, `raise_for_status()` after each call. */
export function toPython(recorded: RegionRecording, seed: string): string {
  const rec = withShownIds(recorded, seed);
  const lines = [
    'import os',
    '',
    'import requests',
    '',
    'base_url = os.environ["MEDPLUM_BASE_URL"]  # with its trailing slash',
  ];
  if (rec.requests.some((r) => authOf(r) === 'bearer')) lines.push('token = os.environ["ACCESS_TOKEN"]');
  for (const req of rec.requests) {
    lines.push('');
    const args: string[] = [];
    args.push(isAbsolute(req.path) ? pyString(req.path) : `base_url + ${pyString(req.path)}`);
    const headers: string[] = [];
    const auth = authOf(req);
    if (auth === 'bearer') headers.push(`"Authorization": "Bearer " + token`);
    for (const [name, value] of req.headers) headers.push(`${pyString(name)}: ${pyString(value)}`);
    if (headers.length) args.push(`headers={\n        ${headers.join(',\n        ')},\n    }`);
    if (auth === 'basic') args.push('auth=(os.environ["MEDPLUM_CLIENT_ID"], os.environ["MEDPLUM_CLIENT_SECRET"])');
    const b = req.body;
    if (b) {
      if ('json' in b) args.push(`json=${pyLiteral(b.json, '    ')}`);
      else if ('form' in b)
        args.push(`data=[${b.form.map(([k, v]) => `(${pyString(k)}, ${pyString(v)})`).join(', ')}]`);
      else if ('text' in b) args.push(`data=${pyString(b.text)}`);
      else {
        lines.push(`# FILE: ${fileDescription(b)}`);
        args.push('data=open(os.environ["FILE"], "rb")');
      }
    }
    const fn = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method) ? req.method.toLowerCase() : undefined;
    const head = fn ? `requests.${fn}(` : `requests.request(\n    ${pyString(req.method)},`;
    lines.push(`response = ${head}\n    ${args.join(',\n    ')},\n)`, 'response.raise_for_status()');
  }
  lines.push(...omittedNote(rec, '#'));
  return lines.join('\n');
}
