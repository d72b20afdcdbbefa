/**
 * Runs the examples shown on /docs/api/react-hooks against MockClient. Hooks are rendered on the
 * server (react-dom/server), which runs each component's first render but no effects: the
 * assertions cover what a first render returns (the client, the profile, a resource already in
 * the client's cache, a questionnaire passed as an object) and the plain helper functions.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import {
  badRequest,
  createReference,
  formatHumanName,
  notFound,
  OperationOutcomeError,
  type MedplumClient,
} from '@medplum/core';
import type { Bundle, Patient, Questionnaire } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import type { ReactElement, ReactNode } from 'react';
import { createElement } from 'react';
import { mockWithSearch } from './mock-with-search';
import { HooksRoot, WhoAmI } from '../../../examples/react-hooks/context';
import {
  CodeField,
  Dictation,
  LatestMessage,
  notifiedResource,
  PatientName,
  PatientPhoto,
  QuestionList,
  RecentPatients,
  recentPatientsQuery,
  TaskEdits,
  ThreadList,
  UnreadBadge,
} from '../../../examples/react-hooks/data';
import {
  answerAndClean,
  expandIfAvailable,
  samplesToBase64,
  visibleQuestions,
} from '../../../examples/react-hooks/helpers';

const { renderToStaticMarkup } = createRequire(__filename)('react-dom/server') as {
  renderToStaticMarkup(element: ReactElement): string;
};

function render(medplum: MedplumClient, children: ReactNode): string {
  return renderToStaticMarkup(createElement(HooksRoot, { medplum, children }));
}

test('WhoAmI reads the signed-in profile and the client from MedplumProvider', () => {
  const medplum = new MockClient();
  const profile = medplum.getProfile();
  assert.ok(profile?.name?.[0]);
  const html = render(medplum, createElement(WhoAmI));
  assert.ok(html.includes(`${formatHumanName(profile.name[0])} on ${medplum.getBaseUrl()}`), html);
  const signedOut = render(new MockClient({ profile: null }), createElement(WhoAmI));
  assert.match(signedOut, /Not signed in to/);
});

test('useResource returns a resource object at once, and a reference once the client has it cached', async () => {
  const medplum = new MockClient();
  const patient: Patient = { resourceType: 'Patient', id: 'inline', name: [{ given: ['Ada'], family: 'Lovelace' }] };
  assert.match(render(medplum, createElement(PatientName, { patient })), /Ada Lovelace/);

  // A browser client caches reads for 60 s by default; in Node the default is no cache, so ask for one.
  const cached = new MockClient({ cacheTime: 60_000 });
  const stored = await cached.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ given: ['Grace'], family: 'Hopper' }],
  });
  // Not in the cache yet: the first render shows the placeholder (the effect would then read it).
  assert.match(render(cached, createElement(PatientName, { patient: { reference: 'Patient/123' } })), /Loading/);
  // Read once (as another component would have), a reference renders from the cache at once.
  await cached.readReference(createReference(stored));
  assert.match(render(cached, createElement(PatientName, { patient: createReference(stored) })), /Grace Hopper/);
});

test('the search example builds a query the server answers, and waits for two letters', async () => {
  const medplum = mockWithSearch();
  const query = recentPatientsQuery('Simpson');
  assert.deepEqual(query, { family: 'Simpson', _sort: '-_lastUpdated', _count: '20' });
  const found = await medplum.searchResources('Patient', query);
  assert.ok(found.length > 0, 'the mock has Simpson patients');
  assert.ok(found.every((p) => p.name?.some((n) => n.family === 'Simpson')));
  assert.match(render(medplum, createElement(RecentPatients, { familyName: 'S' })), /Type at least two letters/);
  // Effects do not run on the server: the first render has no result yet.
  assert.match(render(medplum, createElement(RecentPatients, { familyName: 'Smith' })), /Searching/);
});

test('notifiedResource reads the resource after the SubscriptionStatus entry', () => {
  const bundle: Bundle = {
    resourceType: 'Bundle',
    type: 'history',
    entry: [
      {
        resource: {
          resourceType: 'SubscriptionStatus',
          status: 'active',
          type: 'event-notification',
          subscription: { reference: 'Subscription/s1' },
        },
      },
      {
        resource: {
          resourceType: 'Communication',
          id: 'c1',
          status: 'in-progress',
          payload: [{ contentString: 'Hello' }],
        },
      },
    ],
  };
  assert.equal(notifiedResource<{ id: string }>(bundle)?.id, 'c1');
  assert.equal(notifiedResource({ resourceType: 'Bundle', type: 'history' }), undefined);
});

test('the live-data components render their first state under MedplumProvider', () => {
  const medplum = new MockClient();
  assert.match(render(medplum, createElement(LatestMessage, { patientId: '123' })), /No new messages/);
  assert.match(render(medplum, createElement(TaskEdits)), /0 task change\(s\)/);
  assert.match(render(medplum, createElement(UnreadBadge, { practitionerId: '123' })), />0</);
  assert.match(
    render(medplum, createElement(CodeField, { valueSetUrl: 'http://example.org/vs' })),
    /Checking the value set/,
  );
  // useThreadInbox starts in its loading state; the thread search runs in an effect.
  assert.match(render(medplum, createElement(ThreadList, {})), /Loading threads/);
  assert.match(render(medplum, createElement(Dictation)), /Dictate.*idle/s);
});

const consent: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  item: [
    { linkId: 'smoker', text: 'Do you smoke?', type: 'boolean' },
    {
      linkId: 'packs',
      text: 'Packs per day',
      type: 'integer',
      enableWhen: [{ question: 'smoker', operator: '=', answerBoolean: true }],
    },
  ],
};

test('useQuestionnaireForm is loaded on the first render when given a Questionnaire object', () => {
  const html = render(new MockClient(), createElement(QuestionList, { questionnaire: consent }));
  assert.match(html, /<li>Do you smoke\?<\/li><li>Packs per day<\/li>/);
});

test('answerAndClean drops the answers to questions its own answer disables', () => {
  const yes = answerAndClean(consent, 'smoker', true);
  assert.deepEqual(
    yes.item?.map((i) => i.linkId),
    ['smoker', 'packs'],
  );
  assert.deepEqual(visibleQuestions(consent, yes), ['smoker', 'packs']);
  const no = answerAndClean(consent, 'smoker', false);
  assert.deepEqual(
    no.item?.map((i) => i.linkId),
    ['smoker'],
  );
  assert.deepEqual(visibleQuestions(consent, no), ['smoker']);
  assert.equal(no.status, 'in-progress');
  assert.throws(() => answerAndClean(consent, 'missing', true), /No item missing/);
});

test('expandIfAvailable returns undefined for a missing value set and rethrows other errors', async () => {
  const failing = (err: unknown) => ({ valueSetExpand: async () => Promise.reject(err) }) as unknown as MedplumClient;
  assert.equal(
    await expandIfAvailable(failing(new OperationOutcomeError(notFound)), 'http://example.org/vs', 'a'),
    undefined,
  );
  assert.equal(
    await expandIfAvailable(
      failing(new OperationOutcomeError(badRequest('ValueSet not found'))),
      'http://example.org/vs',
      'a',
    ),
    undefined,
  );
  await assert.rejects(
    () => expandIfAvailable(failing(new TypeError('Failed to fetch')), 'http://example.org/vs', 'a'),
    /Failed to fetch/,
  );
  const working = {
    valueSetExpand: async () => ({
      resourceType: 'ValueSet',
      status: 'active',
      expansion: { contains: [{ code: 'a1', display: 'Alpha' }, { code: 'a2' }] },
    }),
  } as unknown as MedplumClient;
  assert.deepEqual(await expandIfAvailable(working, 'http://example.org/vs', 'a'), ['Alpha', 'a2']);
});

test('samplesToBase64 clamps floats to 16-bit little-endian samples', () => {
  const b64 = samplesToBase64(new Float32Array([0, 1, -1, 2]));
  const bytes = Buffer.from(b64, 'base64');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  assert.deepEqual(
    [0, 2, 4, 6].map((o) => view.getInt16(o, true)),
    [0, 32767, -32767, 32767],
  );
});

test('PatientPhoto shows the photo URL on the first render', () => {
  const patient: Patient = {
    resourceType: 'Patient',
    id: 'p1',
    photo: [{ url: 'https://storage.example.org/binary/1' }],
  };
  assert.match(
    render(new MockClient(), createElement(PatientPhoto, { patient })),
    /src="https:\/\/storage.example.org\/binary\/1"/,
  );
  assert.match(
    render(new MockClient(), createElement(PatientPhoto, { patient: { resourceType: 'Patient' } })),
    /No photo/,
  );
});
