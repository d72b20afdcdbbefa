/**
 * Stand-ins for curl and Python's `requests`, for the tests that run a generated curl or Python
 * tab (plugins/markdown/remark-example-code/http-snippets.ts) instead of reading it: each prints
 * what the tab called it with, byte for byte, and answers the tab's n-th request with
 * `answers[n]` (1-based), so a tab that reads an id from an earlier response reads the one given.
 * Nothing is sent anywhere. Used by http-tabs.test.ts, http-tab-variables.test.ts and
 * http-tab-values.test.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The body each request of a tab is answered with (1-based request number → body). */
export type Answers = Record<number, unknown>;

/**
 * A shell function in curl's place: prints its arguments, each ended by NUL, and ends the call
 * with two more NULs; given `-o FILE`, writes the answer to that request (ANSWER_<n>) there.
 */
const CURL_STAND_IN = [
  'n=0',
  'curl() {',
  '  n=$((n + 1)); local out="" prev="" a',
  '  for a in "$@"; do [ "$prev" = "-o" ] && out="$a"; prev="$a"; done',
  '  local v="ANSWER_$n"',
  '  [ -n "$out" ] && printf "%s" "${!v}" > "$out"',
  '  printf "%s\\0" "$@"; printf "\\0\\0"',
  '}',
];

/**
 * Runs a curl tab in bash with the stand-in curl, `env` added to the environment (the variables
 * its caption asks for), in a folder of its own (where `-o response-N.json` lands). `otherStandIns`
 * are shell lines run before the tab, for another command it calls (`openssl` making a PKCE
 * verifier). Returns each curl call's arguments.
 */
export function runCurlTab(
  tab: string,
  env: Record<string, string>,
  answers: Answers = {},
  otherStandIns: string[] = [],
): string[][] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'curl-tab-'));
  try {
    fs.writeFileSync(path.join(dir, 's.sh'), [...CURL_STAND_IN, ...otherStandIns, tab].join('\n'));
    const answerVars = Object.fromEntries(Object.entries(answers).map(([n, b]) => [`ANSWER_${n}`, JSON.stringify(b)]));
    const out = execFileSync('bash', ['s.sh'], { cwd: dir, env: { ...process.env, ...env, ...answerVars } }).toString();
    return out
      .split('\0\0\0')
      .filter(Boolean)
      .map((c) => c.split('\0').filter((x, i, a) => !(x === '' && i === a.length - 1)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A `requests` package in the real one's place: each call prints one JSON line with its method,
 * URL and keyword arguments (form pairs and `auth` as lists, as JSON has no tuples). Its answer
 * has `status_code` 200, or 400 for a request numbered in STAND_IN_REFUSED, and an empty `text`;
 * `raise_for_status()` prints RAISED_FOR_STATUS and raises on a 400, as the real one does;
 * `json()` is the answer to that request.
 */
const REQUESTS_STAND_IN = [
  'import json, os',
  'ANSWERS = json.loads(os.environ["STAND_IN_ANSWERS"])',
  'REFUSED = json.loads(os.environ["STAND_IN_REFUSED"])',
  'calls = [0]',
  'class _R:',
  '    def __init__(self, n): self.n = n; self.status_code = 400 if n in REFUSED else 200; self.text = ""',
  '    def raise_for_status(self):',
  '        print("RAISED_FOR_STATUS")',
  '        if self.status_code >= 400: raise RuntimeError("refused")',
  '    def json(self): return ANSWERS[str(self.n)]',
  'def request(method, url, **kw):',
  '    calls[0] += 1',
  '    print(json.dumps({"method": method, "url": url, **{k: (list(map(list, v)) if k == "data" and isinstance(v, list) else list(v) if k == "auth" else v) for k, v in kw.items()}}))',
  '    return _R(calls[0])',
  'def get(url, **kw): return request("GET", url, **kw)',
  'def post(url, **kw): return request("POST", url, **kw)',
  'def put(url, **kw): return request("PUT", url, **kw)',
  'def patch(url, **kw): return request("PATCH", url, **kw)',
  'def delete(url, **kw): return request("DELETE", url, **kw)',
];

/** What a Python tab did with the stand-in `requests`. */
export interface PythonRun {
  /** Each call, as the JSON it printed: `method`, `url` and its keyword arguments (`headers`, `json`, `data`, `auth`). */
  calls: any[];
  /** How many times the script called `raise_for_status()`. */
  raisedForStatus: number;
  /** Any other line the script printed. */
  printed: string[];
}

/**
 * Runs a Python tab with the stand-in `requests` and `env` added to the environment; the requests
 * numbered (1-based) in `refused` are answered 400.
 */
export function runPythonTab(
  tab: string,
  env: Record<string, string>,
  answers: Answers = {},
  refused: number[] = [],
): PythonRun {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'python-tab-'));
  try {
    fs.mkdirSync(path.join(dir, 'requests'));
    fs.writeFileSync(path.join(dir, 'requests', '__init__.py'), REQUESTS_STAND_IN.join('\n'));
    fs.writeFileSync(path.join(dir, 'snippet.py'), tab);
    const out = execFileSync('python3', [path.join(dir, 'snippet.py')], {
      env: {
        ...process.env,
        ...env,
        PYTHONPATH: dir,
        STAND_IN_ANSWERS: JSON.stringify(answers),
        STAND_IN_REFUSED: JSON.stringify(refused),
      },
    }).toString();
    const lines = out.split('\n').filter((l) => l !== '');
    return {
      calls: lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)),
      raisedForStatus: lines.filter((l) => l === 'RAISED_FOR_STATUS').length,
      printed: lines.filter((l) => !l.startsWith('{') && l !== 'RAISED_FOR_STATUS'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
