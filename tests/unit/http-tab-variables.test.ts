/**
 * The ids in the curl and Python tabs (plugins/markdown/remark-example-code/http-variables.ts):
 * an id an earlier response answered with is read from that response, an id the region needs
 * from the start is a variable the caption names, and no shown id is pasted into a request a
 * reader runs. Checked by running the snippets against stand-ins of curl and requests that answer
 * with a server's own ids and print what they were sent. Also: ids after a percent-encoded
 * separator are numbered and shown like any other.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  regionSeed,
  shownId,
  stableId,
  withShownIds,
  withStableIds,
  type RecordedRequest,
  type RegionRecording,
} from '../../plugins/markdown/remark-example-code/http-recordings';
import { runnable, toCurl, toHttp, toPython } from '../../plugins/markdown/remark-example-code/http-snippets';
import { envLine } from '../../plugins/markdown/remark-example-code/http-tabs';
import { variablesOf } from '../../plugins/markdown/remark-example-code/http-variables';
import { runCurlTab, runPythonTab, type Answers } from './http-tab-stand-ins';
import { serverGet } from './recording-fixtures';

const SEED = regionSeed('examples/x.ts', 'flow');
const server = (status: number, body?: unknown) => ({ mock: false as const, server: '5.1.12', status, body });

/**
 * A region that creates a Patient, reads it back, writes a Task for it and for a Practitioner made
 * before the region, searches Tasks of the Patient (`Patient%2F<id>`), starts an export and polls
 * the status URL its answer names.
 */
function flow(): RegionRecording {
  const patient = stableId(1);
  const practitioner = stableId(2);
  const job = stableId(3);
  const requests: RecordedRequest[] = [
    {
      method: 'POST',
      path: 'fhir/R4/Patient',
      headers: [['Content-Type', 'application/fhir+json']],
      auth: 'bearer',
      body: { json: { resourceType: 'Patient', name: [{ family: "O'Hara" }] } },
      response: server(201, { resourceType: 'Patient', id: patient }),
    },
    {
      method: 'GET',
      path: `fhir/R4/Patient/${patient}`,
      headers: [],
      auth: 'bearer',
      response: server(200, { resourceType: 'Patient', id: patient }),
    },
    {
      method: 'POST',
      path: 'fhir/R4/Task',
      headers: [],
      auth: 'bearer',
      body: {
        json: {
          resourceType: 'Task',
          for: { reference: `Patient/${patient}` },
          owner: { reference: `Practitioner/${practitioner}` },
          note: [{ text: `it's "$HOME"` }],
        },
      },
      response: server(201, { resourceType: 'Task', id: stableId(4) }),
    },
    {
      method: 'GET',
      path: `fhir/R4/Task?subject=Patient%2F${patient}`,
      headers: [],
      auth: 'bearer',
      response: server(200, { resourceType: 'Bundle', type: 'searchset' }),
    },
    {
      method: 'POST',
      path: 'fhir/R4/Patient/$export',
      headers: [['Prefer', 'respond-async']],
      auth: 'bearer',
      response: server(202, {
        resourceType: 'OperationOutcome',
        issue: [{ diagnostics: `https://example.com/fhir/R4/bulkdata/export/${job}` }],
      }),
    },
    {
      method: 'GET',
      path: `fhir/R4/bulkdata/export/${job}`,
      headers: [],
      auth: 'bearer',
      response: server(202),
    },
  ];
  return { test: 't', requests, omitted: 0 };
}

/** What the reader's server answers with: its own ids, not the tabs' shown ones. */
const REAL_PATIENT = '11111111-2222-4333-8444-555555555555';
const REAL_JOB = '99999999-8888-4777-8666-555555555555';
const REAL_PRACTITIONER = '22222222-3333-4444-8555-666666666666';
/** The body the stand-in server answers each request with (1-based request number → body). */
const ANSWERS: Answers = {
  1: { resourceType: 'Patient', id: REAL_PATIENT },
  2: { resourceType: 'Patient', id: REAL_PATIENT },
  3: { resourceType: 'Task', id: '33333333-3333-4333-8333-333333333333' },
  4: { resourceType: 'Bundle' },
  5: {
    resourceType: 'OperationOutcome',
    issue: [{ diagnostics: `https://medplum.example/fhir/R4/bulkdata/export/${REAL_JOB}` }],
  },
  6: {},
};

/** What the flow's tabs run with: the caption's variables, set as a reader would. */
const TAB_ENV = {
  MEDPLUM_BASE_URL: 'https://medplum.example/',
  ACCESS_TOKEN: 'tok',
  PRACTITIONER_ID: REAL_PRACTITIONER,
};

/** No id the HTTP tab shows for the recording appears in the tab a reader runs. */
function assertNoShownId(tab: string, recording: RegionRecording, kind: string) {
  const shown = JSON.stringify(withShownIds(recording, SEED)).match(/[0-9a-f]{8}-[0-9a-f-]{27}/g)!;
  for (const id of shown) assert.ok(!tab.includes(id), `a shown id in the ${kind} tab: ${id}\n${tab}`);
}

test('the curl tab reads ids from earlier responses with jq and takes the others from variables the caption names', () => {
  const recording = flow();
  const curl = toCurl(recording, SEED);
  assertNoShownId(curl, recording, 'curl');
  const calls = runCurlTab(curl, TAB_ENV, ANSWERS);
  assert.equal(calls.length, 6);
  const urls = calls.map((c) => c.find((a) => a.startsWith('https://'))!);
  assert.equal(urls[1], `https://medplum.example/fhir/R4/Patient/${REAL_PATIENT}`);
  const task = JSON.parse(calls[2][calls[2].indexOf('--data-raw') + 1]);
  assert.deepEqual(task.for, { reference: `Patient/${REAL_PATIENT}` });
  assert.deepEqual(task.owner, { reference: `Practitioner/${REAL_PRACTITIONER}` });
  assert.deepEqual(task.note, [{ text: `it's "$HOME"` }], 'the rest of the body reaches curl as written');
  assert.equal(urls[3], `https://medplum.example/fhir/R4/Task?subject=Patient%2F${REAL_PATIENT}`);
  assert.equal(urls[5], `https://medplum.example/fhir/R4/bulkdata/export/${REAL_JOB}`);
});

test('the Python tab reads ids from response.json() and takes the others from the environment', () => {
  const recording = flow();
  const py = toPython(recording, SEED);
  assertNoShownId(py, recording, 'Python');
  const run = runPythonTab(py, TAB_ENV, ANSWERS);
  assert.deepEqual(run.printed, [], 'the script prints nothing of its own');
  const calls = run.calls;
  assert.equal(calls.length, 6);
  assert.equal(calls[1].url, `https://medplum.example/fhir/R4/Patient/${REAL_PATIENT}`);
  assert.deepEqual(calls[2].json.for, { reference: `Patient/${REAL_PATIENT}` });
  assert.deepEqual(calls[2].json.owner, { reference: `Practitioner/${REAL_PRACTITIONER}` });
  assert.equal(calls[3].url, `https://medplum.example/fhir/R4/Task?subject=Patient%2F${REAL_PATIENT}`);
  assert.equal(calls[5].url, `https://medplum.example/fhir/R4/bulkdata/export/${REAL_JOB}`);
});

test('variables are named after the type or path word before the id; the caption names each one the reader sets', () => {
  const plan = variablesOf(withShownIds(flow(), SEED));
  const names = [...plan.byId.values()].map((v) => [v.name, v.capture ? 'read' : 'set']);
  assert.deepEqual(names, [
    ['PATIENT_ID', 'read'],
    ['PRACTITIONER_ID', 'set'],
    ['EXPORT_ID', 'read'],
  ]);
  const two = serverGet(`fhir/R4/Observation?subject=Patient%2F${stableId(1)}%2CPatient%2F${stableId(2)}`, {
    resourceType: 'Bundle',
  });
  const shown = withShownIds(two, SEED);
  const caption = envLine(shown, variablesOf(shown).toSet)
    .map((n) => n.value)
    .join('');
  assert.equal(
    caption,
    'Set MEDPLUM_BASE_URL to the server’s base URL with its trailing slash (for example https://api.medplum.com/), ' +
      'ACCESS_TOKEN to an access token, PATIENT_ID to the id of the Patient and PATIENT_ID_2 to the id of a second Patient first.',
  );
  assert.match(toCurl(two, SEED), /Patient%2F'"\$PATIENT_ID"'%2CPatient%2F'"\$PATIENT_ID_2"/);
  // A transaction's own temporary ids are not resources on a server: they stay as written.
  const temp = `urn:uuid:${stableId(5)}`;
  const tx = withShownIds(
    {
      ...two,
      requests: [{ ...two.requests[0], method: 'POST', path: 'fhir/R4', body: { json: { fullUrl: temp } } }],
    },
    SEED,
  );
  assert.equal(variablesOf(tx).byId.size, 0);
});

test('an id after a percent-encoded separator (%2F, %7C, %3A) is numbered and shown as the same id as elsewhere', () => {
  const raw = '667995ff-2028-4198-9049-a7e53965ca08';
  const recorded: RegionRecording = {
    test: 't',
    omitted: 0,
    requests: [
      {
        method: 'GET',
        path: `fhir/R4/Task?subject=Patient%2F${raw}&identifier=urn%3Auuid%3A${raw}&code=x%7C${raw}`,
        headers: [],
        auth: 'bearer',
        response: server(200, { resourceType: 'Bundle' }),
      },
      {
        method: 'POST',
        path: 'fhir/R4/Task',
        headers: [],
        auth: 'bearer',
        body: { json: { resourceType: 'Task', for: { reference: `Patient/${raw}` } } },
        response: server(201, { resourceType: 'Task', id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee' }),
      },
    ],
  };
  // Recording: every form of the id gets the one number.
  const stable = JSON.stringify(withStableIds(recorded));
  assert.ok(!stable.includes(raw), stable);
  assert.equal(stable.split(stableId(1)).length - 1, 4);
  // A recording stored before that fix: the raw id after %2F is the one Patient the region numbers.
  const stored: RegionRecording = JSON.parse(
    JSON.stringify(recorded)
      .replace(`Patient/${raw}`, `Patient/${stableId(1)}`)
      .replace(/aaaaaaaa-[-a-e]+/, stableId(2)),
  );
  const http = toHttp(stored, SEED);
  assert.ok(!http.includes(raw), http);
  assert.ok(http.includes(`subject=Patient%2F${shownId(SEED, 1)}`), http);
  assert.ok(http.includes(`"reference": "Patient/${shownId(SEED, 1)}"`), http);
});

test('two raw ids of one type after %2F are two resources, not both the type’s one numbered id', () => {
  const a = '667995ff-2028-4198-9049-a7e53965ca08';
  const b = 'e33c2fe1-e657-4998-b579-b9c80340d3a1';
  const stored = serverGet(`fhir/R4/MeasureReport?subject=Patient%2F${a}%2CPatient%2F${b}`, {
    resourceType: 'Bundle',
    entry: [{ resource: { subject: { reference: `Patient/${stableId(1)}` } } }],
  });
  const http = toHttp(stored, SEED);
  assert.ok(!http.includes(a) && !http.includes(b), http);
  const [first, second] = /subject=Patient%2F([0-9a-f-]{36})%2CPatient%2F([0-9a-f-]{36})/.exec(http)!.slice(1);
  assert.notEqual(first, second, http);
  assert.ok(![first, second].includes(shownId(SEED, 1)), http);
});

test('curl and Python leave the meta fields the server sets out of creates and updates; the HTTP tab keeps them', () => {
  const meta = {
    versionId: stableId(3),
    lastUpdated: '2026-11-25T09:30:00.000Z',
    author: { reference: `ClientApplication/${stableId(4)}` },
    project: stableId(5),
    compartment: [{ reference: `Project/${stableId(5)}` }],
    account: { reference: `Organization/${stableId(6)}` },
    tag: [{ code: 'x' }],
  };
  const recorded: RegionRecording = {
    test: 't',
    omitted: 0,
    requests: [
      {
        method: 'GET',
        path: `fhir/R4/Patient/${stableId(1)}`,
        headers: [],
        auth: 'bearer',
        response: server(200, { resourceType: 'Patient', id: stableId(1), meta }),
      },
      {
        method: 'PUT',
        path: `fhir/R4/Patient/${stableId(1)}`,
        headers: [],
        auth: 'bearer',
        body: { json: { resourceType: 'Patient', id: stableId(1), meta, active: false } },
        response: server(200, { resourceType: 'Patient', id: stableId(1) }),
      },
      {
        method: 'POST',
        path: 'fhir/R4',
        headers: [],
        auth: 'bearer',
        body: {
          json: {
            resourceType: 'Bundle',
            type: 'transaction',
            entry: [{ resource: { resourceType: 'Observation', meta: { versionId: stableId(7) } } }],
          },
        },
        response: server(200, { resourceType: 'Bundle' }),
      },
      {
        method: 'POST',
        path: 'fhir/R4/Patient/$validate',
        headers: [],
        auth: 'bearer',
        body: { json: { resourceType: 'Patient', meta: { versionId: stableId(8) } } },
        response: server(200, { resourceType: 'OperationOutcome' }),
      },
    ],
  };
  const shown = withShownIds(recorded, SEED);
  for (const tab of [toCurl(recorded, SEED), toPython(recorded, SEED)]) {
    for (const n of [3, 4, 5, 7]) assert.ok(!tab.includes(shownId(SEED, n)), `${n}: ${tab}`);
    assert.ok(!/versionId|lastUpdated|compartment|"author"|"project"/.test(tab.split('$validate')[0]), tab);
    assert.match(tab, /"account"/);
    assert.match(tab, /"tag"/);
    // An operation's body is not a create or update: its meta is sent as written.
    assert.match(tab.split('$validate')[1], /versionId/);
  }
  const http = toHttp(recorded, SEED);
  for (const n of [3, 4, 5, 7]) assert.ok(http.includes(shownId(SEED, n)), `${n}: ${http}`);
  const { plan, metaLeftOut } = runnable(recorded, SEED);
  assert.deepEqual(
    plan.toSet.map((v) => v.name),
    ['PATIENT_ID', 'VERSION_ID'],
  );
  assert.deepEqual(metaLeftOut, ['versionId', 'lastUpdated', 'author', 'project', 'compartment']);
  const caption = envLine(shown, plan.toSet, metaLeftOut)
    .map((n) => n.value)
    .join('');
  assert.match(
    caption,
    / first\. Request bodies leave out meta\.versionId, meta\.lastUpdated, meta\.author, meta\.project and meta\.compartment, which the server sets itself\.$/,
  );
});

test('an OAuth client_id is MEDPLUM_CLIENT_ID, named once beside Basic auth; a SCIM Users id is a USER_ID', () => {
  const recorded: RegionRecording = {
    test: 't',
    omitted: 0,
    requests: [
      {
        method: 'POST',
        path: 'oauth2/token',
        headers: [],
        auth: 'basic',
        body: {
          form: [
            ['grant_type', 'client_credentials'],
            ['client_id', stableId(1)],
          ],
        },
        response: server(400, { error: 'invalid_request' }),
      },
      {
        method: 'DELETE',
        path: `scim/v2/Users/${stableId(2)}`,
        headers: [],
        auth: 'bearer',
        response: server(204),
      },
    ],
  };
  const { rec, plan } = runnable(recorded, SEED);
  assert.deepEqual(
    plan.toSet.map((v) => v.name),
    ['MEDPLUM_CLIENT_ID', 'USER_ID'],
  );
  assert.match(toCurl(recorded, SEED), /client_id='"\$MEDPLUM_CLIENT_ID"/);
  const caption = envLine(rec, plan.toSet)
    .map((n) => n.value)
    .join('');
  assert.equal(caption.split('MEDPLUM_CLIENT_ID').length - 1, 1, caption);
  assert.match(caption, /USER_ID to the id of the User first\.$/);
});
