/**
 * Values in the curl and Python tabs that are not ids but still name nothing on the reader's
 * server (plugins/markdown/remark-example-code/http-variables.ts, withValueVariables): a client
 * secret, a password, an authorization code, a PKCE verifier, a signed storage URL. Each is a
 * variable the caption names, one the tab reads from an earlier response, or one the tab makes;
 * a value the example sends to be refused stays. Also: a request the recorded server refused
 * does not stop the Python script, and a capture from an `_include`d entry picks it by type.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import {
  regionSeed,
  stableId,
  type RecordedRequest,
  type RegionRecording,
} from '../../plugins/markdown/remark-example-code/http-recordings';
import { runnable, toCurl, toPython } from '../../plugins/markdown/remark-example-code/http-snippets';
import { envLine, readByPosition } from '../../plugins/markdown/remark-example-code/http-tabs';
import { runCurlTab, runPythonTab, type Answers } from './http-tab-stand-ins';

const SEED = regionSeed('examples/x.ts', 'values');
const server = (status: number, body?: unknown) => ({ mock: false as const, server: '5.1.12', status, body });
/** A form POST to oauth2/token, as the SDK sends it (no bearer token), with the server's answer. */
const tokenRequest = (form: [string, string][], response: RecordedRequest['response']): RecordedRequest => ({
  method: 'POST',
  path: 'oauth2/token',
  headers: [],
  auth: 'none',
  body: { form },
  response,
});
const RECORDED_SECRET = '7b6ae7cc2a2ffe1648374a8e84239567e8e5bd6631b3043273e2abadb57e787b';
const RECORDED_CODE = '9433c8c0ccc4e3a7cc8fc83ce855a3e9';
const RECORDED_PASSWORD = 'pw-b94a3346-7d01-4282-8b96-73a34c41e95f';
const RECORDED_CHALLENGE = '945791c2ef60cdfc900c12ac5e2728d20a646e4f33ea379209e82368dc056227';
const SIGNED = `https://example.com/storage/${stableId(2)}/${stableId(3)}?Expires=1796691306&Signature=LhZFxT6UJi%2BWtkx2`;

/**
 * A sign-in (password, then the code for tokens with a plain PKCE challenge), a client-credentials
 * call with the real secret and one with a wrong one (refused on purpose), an upload whose signed
 * URL a DocumentReference then carries, and a download of that URL.
 */
function signIn(): RegionRecording {
  return {
    test: 't',
    omitted: 0,
    requests: [
      {
        method: 'POST',
        path: 'auth/login',
        headers: [],
        auth: 'none',
        body: {
          json: {
            email: 'alice@example.com',
            password: RECORDED_PASSWORD,
            codeChallengeMethod: 'plain',
            codeChallenge: RECORDED_CHALLENGE,
          },
        },
        response: server(200, { login: stableId(1), code: RECORDED_CODE }),
      },
      tokenRequest(
        [
          ['grant_type', 'authorization_code'],
          ['code', RECORDED_CODE],
          ['code_verifier', RECORDED_CHALLENGE],
        ],
        server(200, { access_token: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln', token_type: 'Bearer' }),
      ),
      tokenRequest(
        [
          ['grant_type', 'client_credentials'],
          ['client_secret', RECORDED_SECRET],
        ],
        server(200, { access_token: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln' }),
      ),
      tokenRequest(
        [
          ['grant_type', 'client_credentials'],
          ['client_secret', 'wrong'],
        ],
        server(400, { error: 'invalid_request' }),
      ),
      {
        method: 'POST',
        path: 'fhir/R4/Binary',
        headers: [['Content-Type', 'text/plain']],
        auth: 'bearer',
        body: { text: 'hello' },
        response: server(201, { resourceType: 'Binary', id: stableId(2), url: SIGNED }),
      },
      {
        method: 'POST',
        path: 'fhir/R4/DocumentReference',
        headers: [],
        auth: 'bearer',
        body: {
          json: { resourceType: 'DocumentReference', status: 'current', content: [{ attachment: { url: SIGNED } }] },
        },
        response: server(201, { resourceType: 'DocumentReference', id: stableId(4) }),
      },
      {
        method: 'GET',
        path: SIGNED.replace('https://example.com/', ''),
        headers: [],
        auth: 'bearer',
        response: server(200),
      },
    ],
  };
}

/** What the reader sets: a password and a secret with characters JSON and form bodies must escape. */
const READER_PASSWORD = 'correct "horse" \\ battery&+%20';
const READER_SECRET = 'reader&secret+1';

/** What the reader's server answers with. */
const REAL_CODE = 'c0de0000c0de0000c0de0000c0de0000';
const REAL_URL = 'https://storage.medplum.example/binary/abc?Signature=real';
const ANSWERS: Answers = {
  1: { login: '11111111-2222-4333-8444-555555555555', code: REAL_CODE },
  2: { access_token: 'a' },
  3: { access_token: 'b' },
  4: { error: 'invalid_request' },
  5: { resourceType: 'Binary', id: '22222222-3333-4444-8555-666666666666', url: REAL_URL },
  6: { resourceType: 'DocumentReference', id: '33333333-3333-4333-8333-333333333333' },
  7: {},
};

test('no recorded secret, code, verifier, password or signed URL reaches the curl or Python tab; a value refused on purpose stays', () => {
  const curl = toCurl(signIn(), SEED);
  const py = toPython(signIn(), SEED);
  for (const recorded of [
    RECORDED_SECRET,
    RECORDED_CODE,
    RECORDED_PASSWORD,
    RECORDED_CHALLENGE,
    'Signature=',
    'storage/',
  ])
    for (const [tab, text] of [
      ['curl', curl],
      ['python', py],
    ])
      assert.ok(!text.includes(recorded), `${recorded} in the ${tab} tab:\n${text}`);
  assert.match(curl, /client_secret=wrong'/);
  assert.match(py, /\("client_secret", "wrong"\)/);
  const { rec, plan, metaLeftOut } = runnable(signIn(), SEED);
  const caption = envLine(rec, plan.toSet, metaLeftOut, readByPosition(plan))
    .map((n) => n.value)
    .join('');
  assert.match(caption, /PASSWORD to the user’s password/);
  assert.match(caption, /MEDPLUM_CLIENT_SECRET to the client application’s secret/);
  assert.doesNotMatch(caption, /CODE|BINARY_URL/, 'read from responses or made by the tab, not set by the reader');
});

test('curl: the code and the signed URL are read from the responses, the verifier is made once, the secret comes from the environment', () => {
  const calls = runCurlTab(
    toCurl(signIn(), SEED),
    {
      MEDPLUM_BASE_URL: 'https://medplum.example/',
      ACCESS_TOKEN: 'tok',
      // Characters that would break a JSON string or a form body if pasted in as they are.
      PASSWORD: READER_PASSWORD,
      MEDPLUM_CLIENT_SECRET: READER_SECRET,
    },
    ANSWERS,
    ['openssl() { printf "verifier-made-here"; }'],
  );
  assert.equal(calls.length, 7);
  const data = (i: number): string => calls[i][calls[i].indexOf('--data-raw') + 1];
  /** A form's fields as curl gets them: `--data-urlencode 'name=value'`, the value encoded by curl. */
  const fields = (i: number): string[] => calls[i].filter((_, j) => calls[i][j - 1] === '--data-urlencode');
  assert.deepEqual(JSON.parse(data(0)), {
    email: 'alice@example.com',
    password: READER_PASSWORD,
    codeChallengeMethod: 'plain',
    codeChallenge: 'verifier-made-here',
  });
  assert.deepEqual(fields(1), [
    'grant_type=authorization_code',
    `code=${REAL_CODE}`,
    'code_verifier=verifier-made-here',
  ]);
  assert.deepEqual(fields(2), ['grant_type=client_credentials', `client_secret=${READER_SECRET}`]);
  assert.equal(data(3), 'grant_type=client_credentials&client_secret=wrong');
  assert.equal(JSON.parse(data(5)).content[0].attachment.url, REAL_URL);
  assert.equal(calls[6][0], REAL_URL, 'the download goes to the URL the reader’s server gave');
  assert.ok(!calls[6].includes('Authorization: Bearer tok'), 'the signed URL is its own credential: no token to it');
  assert.ok(calls[5].includes('Authorization: Bearer tok'));
});

test('Python: the same values, and a request the server refused on purpose prints its status instead of raising', () => {
  const py = toPython(signIn(), SEED);
  assert.equal(py.split('raise_for_status()').length - 1, 6);
  assert.match(py, /client_secret", "wrong"\)\],\n\)\nprint\(response\.status_code, response\.text\)/);
  // The fourth request is answered 400, and raise_for_status() would raise on it.
  const { calls, printed, raisedForStatus } = runPythonTab(
    py,
    {
      MEDPLUM_BASE_URL: 'https://medplum.example/',
      ACCESS_TOKEN: 'tok',
      PASSWORD: READER_PASSWORD,
      MEDPLUM_CLIENT_SECRET: READER_SECRET,
    },
    ANSWERS,
    [4],
  );
  assert.equal(calls.length, 7, 'the refused request does not stop the script');
  assert.deepEqual(printed, ['400 '], 'the refused request prints its status and body');
  assert.equal(raisedForStatus, 6, 'every other answer is checked');
  const verifier = calls[0].json.codeChallenge;
  assert.match(verifier, /^[0-9a-f]{64}$/, 'a new verifier made by the script');
  assert.equal(calls[0].json.password, READER_PASSWORD);
  assert.deepEqual(calls[1].data, [
    ['grant_type', 'authorization_code'],
    ['code', REAL_CODE],
    ['code_verifier', verifier],
  ]);
  assert.deepEqual(calls[2].data[1], ['client_secret', READER_SECRET]);
  assert.equal(calls[5].json.content[0].attachment.url, REAL_URL);
  assert.equal(calls[6].url, REAL_URL);
});

test('an S256 challenge is computed from the verifier the tab makes', () => {
  const rec: RegionRecording = {
    test: 't',
    omitted: 0,
    requests: [
      {
        method: 'POST',
        path: 'auth/newuser',
        headers: [],
        auth: 'none',
        body: {
          json: { password: 'correct horse battery', codeChallengeMethod: 'S256', codeChallenge: 'MUXiagxPbTWp' },
        },
        response: server(200, { login: stableId(1) }),
      },
    ],
  };
  const py = toPython(rec, SEED);
  assert.match(py, /^code_verifier = secrets\.token_hex\(32\)$/m);
  assert.match(
    py,
    /^code_challenge = base64\.urlsafe_b64encode\(hashlib\.sha256\(code_verifier\.encode\(\)\)\.digest\(\)\)\.rstrip\(b"="\)\.decode\(\)$/m,
  );
  assert.match(py, /"codeChallenge": code_challenge/);
  assert.match(py, /"password": new_password/);
  const curl = toCurl(rec, SEED);
  assert.match(curl, /^CODE_CHALLENGE=\$\(printf '%s' "\$CODE_VERIFIER" \| openssl dgst -sha256 -binary/m);
  // The same challenge as Python's for one verifier (RFC 7636, appendix B).
  const challenge = execFileSync('bash', [
    '-c',
    `CODE_VERIFIER=dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk\n${curl.split('\n')[2]}\nprintf %s "$CODE_CHALLENGE"`,
  ]).toString();
  assert.equal(challenge, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
});

test('an id in an _include’d entry is picked by its type; one read from a later entry by position is named in the caption', () => {
  const task = stableId(1);
  const request = stableId(2);
  const rec: RegionRecording = {
    test: 't',
    omitted: 0,
    requests: [
      {
        method: 'GET',
        path: 'fhir/R4/Task?_include=Task%3Afocus',
        headers: [],
        auth: 'bearer',
        response: server(200, {
          resourceType: 'Bundle',
          entry: [
            { resource: { resourceType: 'Task', id: task } },
            { resource: { resourceType: 'ServiceRequest', id: request } },
          ],
        }),
      },
      {
        method: 'GET',
        path: `fhir/R4/ServiceRequest/${request}`,
        headers: [],
        auth: 'bearer',
        response: server(200, { resourceType: 'ServiceRequest', id: request }),
      },
    ],
  };
  assert.match(
    toCurl(rec, SEED),
    /SERVICE_REQUEST_ID=\$\(jq -r '\[\.entry\[\] \| select\(\.resource\.resourceType == "ServiceRequest"\)\]\[0\]\.resource\.id' response-1\.json\)/,
  );
  assert.match(
    toPython(rec, SEED),
    /service_request_id = \[e for e in response\.json\(\)\["entry"\] if e\["resource"\]\["resourceType"\] == "ServiceRequest"\]\[0\]\["resource"\]\["id"\]/,
  );
  // When the first entry points at the included one (the Task's focus), the id is read from that reference.
  const focused = structuredClone(rec);
  const entries = (focused.requests[0].response as { body: { entry: { resource: Record<string, unknown> }[] } }).body
    .entry;
  entries[0].resource.focus = { reference: `ServiceRequest/${request}` };
  assert.match(
    toCurl(focused, SEED),
    /SERVICE_REQUEST_ID=\$\(jq -r '\.entry\[0\]\.resource\.focus\.reference \| split\("\/"\) \| last' response-1\.json\)/,
  );
  // Two entries of one type: the second one's id is read by position, and the caption says so.
  const same = structuredClone(rec);
  const body = (same.requests[0].response as { body: { entry: { resource: { resourceType: string } }[] } }).body;
  body.entry[1].resource.resourceType = 'ServiceRequest';
  body.entry[0].resource.resourceType = 'ServiceRequest';
  const { rec: sent, plan, metaLeftOut } = runnable(same, SEED);
  const caption = envLine(sent, plan.toSet, metaLeftOut, readByPosition(plan))
    .map((n) => n.value)
    .join('');
  assert.match(
    caption,
    / first\. SERVICE_REQUEST_ID is read from the second entry of a search’s answer; on your server that entry may be a different resource\.$/,
  );
});

test('a code from a sign-in whose answer was not recorded is read from that sign-in’s answer, not asked of the reader', () => {
  const rec: RegionRecording = {
    test: 't',
    omitted: 0,
    requests: [
      {
        method: 'POST',
        path: 'auth/google',
        headers: [],
        auth: 'none',
        body: { json: { googleCredential: 'jwt', codeChallengeMethod: 'S256', codeChallenge: 'MUXiagxPbTWp' } },
        response: { mock: false, reason: 'unrouted: the mock has no route for this request' },
      },
      tokenRequest(
        [
          ['grant_type', 'authorization_code'],
          ['code', RECORDED_CODE],
          ['code_verifier', RECORDED_CHALLENGE],
        ],
        server(200, { access_token: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln' }),
      ),
    ],
  };
  assert.match(toCurl(rec, SEED), /-o response-1\.json\nCODE=\$\(jq -r '\.code' response-1\.json\)/);
  assert.match(toPython(rec, SEED), /^code = response\.json\(\)\["code"\]$/m);
  const { rec: sent, plan, metaLeftOut } = runnable(rec, SEED);
  assert.deepEqual(
    plan.toSet.map((v) => v.name),
    [],
  );
  assert.doesNotMatch(
    envLine(sent, plan.toSet, metaLeftOut)
      .map((n) => n.value)
      .join(''),
    /CODE/,
  );
});
