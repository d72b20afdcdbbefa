/**
 * Recordings taken against a real server (`npm run verify:server -- --record`): ids and instants
 * are made stable, a mock run that sends the same requests keeps them, one that sends other
 * requests is told to re-record, and the HTTP tab says which server release answered.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  isServerRecording,
  regionSourceHash,
  regionSeed,
  requestsOf,
  stableId,
  validateRecordingFile,
  withStableIds,
  type RegionRecording,
} from '../../plugins/markdown/remark-example-code/http-recordings';
import { toHttp } from '../../plugins/markdown/remark-example-code/http-snippets';
import { compareRuns, stabilize } from '../../lib/verify-server/compare-runs';
import { serverPatientRead } from './recording-fixtures';

const SERVER_ID = '5a1c9a3e-0f4b-4d2e-9c1a-6b7d8e9f0a1b';
const SERVER_VERSION_ID = '9e8d7c6b-5a49-4838-a7b6-c5d4e3f2a1b0';
const MOCK_ID = '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9';

function serverRun(): RegionRecording {
  return serverPatientRead(SERVER_ID, {
    meta: { versionId: SERVER_VERSION_ID, lastUpdated: '2026-12-01T20:41:07.123Z' },
    link: [{ url: `http://localhost:8103/fhir/R4/Patient/${SERVER_ID}` }],
  });
}

function mockRun(path = `fhir/R4/Patient/${MOCK_ID}`): RegionRecording {
  return {
    test: 'tests/unit/examples/x.test.ts > reads a patient',
    omitted: 0,
    requests: [
      {
        method: 'GET',
        path,
        headers: [],
        auth: 'bearer',
        response: { mock: true, status: 200, body: { resourceType: 'Patient', id: MOCK_ID } },
      },
    ],
  };
}

test('ids are numbered by first appearance, requests first, so a mock run and a server run compare equal', () => {
  assert.deepEqual(requestsOf(serverRun()), requestsOf(mockRun()));
  assert.notDeepEqual(requestsOf(serverRun()), requestsOf(mockRun('fhir/R4/Observation')));
  const stable = withStableIds(serverRun());
  assert.equal(stable.requests[0].path, `fhir/R4/Patient/${stableId(1)}`);
  const body = (stable.requests[0].response as { body: { meta: { versionId: string } } }).body;
  assert.equal(body.meta.versionId, stableId(2));
});

test('a server recording gets the shown base URL, the fixed instant and stable ids, and stays valid', () => {
  const env = { baseUrl: 'http://localhost:8103/', serverVersion: '5.1.12' };
  const rec = stabilize(serverRun(), env, ['2026-12-01']);
  const text = JSON.stringify(rec);
  assert.ok(!text.includes('localhost'), text);
  assert.ok(!text.includes(SERVER_ID), text);
  assert.ok(text.includes('"lastUpdated":"2026-11-25T09:30:00.000Z"'), text);
  assert.ok(text.includes(`https://example.com/fhir/R4/Patient/${stableId(1)}`), text);
  validateRecordingFile({ regions: { read: rec } }, 'test');
  assert.ok(isServerRecording(rec));
  assert.match(toHttp(rec, regionSeed('examples/x.ts', 'read')), /HTTP\/1\.1 200 OK/);
});

test("the server's address as a websocket URL or percent-encoded in a query leaves no local port on the page", () => {
  const env = { baseUrl: 'http://localhost:8103/', serverVersion: '5.1.12' };
  const rec = stabilize(
    serverPatientRead(SERVER_ID, {
      link: [{ url: 'ws://localhost:8103/ws/fhircast/topic' }],
      photo: [
        {
          url: `https://idp.example.org/authorize?redirect_uri=${encodeURIComponent('http://localhost:8103/auth/external')}`,
        },
      ],
    }),
    env,
    [],
  );
  assert.ok(!JSON.stringify(rec).includes('localhost'), JSON.stringify(rec));
  const shown = toHttp(rec, regionSeed('examples/x.ts', 'read'));
  assert.ok(shown.includes('wss://api.medplum.com/ws/fhircast/topic'), shown);
  assert.ok(shown.includes('redirect_uri=https%3A%2F%2Fapi.medplum.com%2Fauth%2Fexternal'), shown);
});

test('a malformed server response is refused with its place named', () => {
  const bad = serverRun();
  (bad.requests[0].response as { server: string }).server = 'latest';
  assert.throws(
    () => validateRecordingFile({ regions: { read: bad } }, 'examples/x.http.json'),
    /examples\/x\.http\.json: .*request 1: "response.server"/,
  );
});

test('a region is verified only when every test that ran it passed against the server and a request reached it', () => {
  const key = 'examples/x.ts#read';
  const t = 'tests/unit/examples/x.test.ts > reads a patient';
  const mock = {
    recordings: [{ testFile: 'x', regions: { [key]: mockRun() }, hits: { [key]: [t] } }],
    outcomes: new Map([[t, { test: t, ok: true }]]),
    seconds: 1,
  };
  const server = {
    recordings: [{ testFile: 'x', regions: { [key]: serverRun() }, hits: { [key]: [t] } }],
    outcomes: new Map([[t, { test: t, ok: true }]]),
    seconds: 1,
  };
  const [ok] = compareRuns(mock, server, {});
  assert.equal(ok.verified, true);
  assert.equal(ok.sameRequests, true);

  server.outcomes.set(t, { test: t, ok: false, error: 'AssertionError: expected 404' } as never);
  const [failed] = compareRuns(mock, server, { [key]: 'needs an outside service' });
  assert.equal(failed.verified, false);
  assert.match(failed.why ?? '', /1 of 1 tests fail against the server; listed: needs an outside service/);
  assert.match(failed.error ?? '', /expected 404/);
  assert.match(failed.mockStatuses ?? '', /GET fhir\/R4\/Patient\/.* → 200/);
});

test("a server-mode test's own requests are recorded with the hash of the region's code, which changes with the code", () => {
  const code = [
    '// #region read',
    "const p = await medplum.readResource('Patient', id);",
    '// #endregion read',
    '',
  ].join('\n');
  const hash = regionSourceHash(code, 'read');
  assert.match(hash ?? '', /^[0-9a-f]{16}$/);
  assert.equal(regionSourceHash(code.replace(/\n/g, '\r\n'), 'read'), hash, 'line endings do not count');
  assert.equal(regionSourceHash(code.replace('readResource', 'searchOne'), 'read') === hash, false);
  const commented = code.replace('const p', '/** Reads the patient. */\n// by id\nconst p');
  assert.equal(regionSourceHash(commented, 'read'), hash, 'whole-line comments do not count');
  assert.equal(regionSourceHash(code, 'missing'), undefined);
  const server = stabilize(serverRun(), { baseUrl: 'http://localhost:40431/', serverVersion: '5.1.12' }, [], {
    requestsToo: true,
  });
  const file = { regions: { read: { ...server, source: hash } } };
  assert.doesNotThrow(() => validateRecordingFile(file, 'x.http.json'));
  assert.throws(
    () => validateRecordingFile({ regions: { read: { ...server, source: 'not-a-hash' } } }, 'x.http.json'),
    /"source" must be the 16-hex-digit hash/,
  );
  const mockOnly = {
    ...server,
    requests: server.requests.map((r) => ({ ...r, response: { mock: true, status: 200 } })),
  };
  assert.throws(
    () => validateRecordingFile({ regions: { read: { ...mockOnly, source: hash } } }, 'x.http.json'),
    /"source" belongs only on a recording of a server's answers/,
  );
});
