/**
 * Runs the thread participants example against MockClient and, under verify:server, against the
 * server, where a patient signs in with the portal AccessPolicy and the server enforces it: only
 * their own threads and messages, no drafts, no posting as someone else, read-only message text.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MedplumClient } from '@medplum/core';
import {
  createReference,
  getDataType,
  getReferenceString,
  satisfiedAccessPolicy,
  validateResource,
} from '@medplum/core';
import type { AccessPolicy, Communication, Patient, Practitioner, Reference } from '@medplum/fhirtypes';
import {
  addParticipant,
  myInbox,
  portalPolicy,
  postMessage,
  removeParticipant,
  savePortalPolicy,
} from '../../../examples/communications/participants';
import { onServer } from '../../server/on-server';
import { mockWithSearch } from './mock-with-search';
import { projectIdOf, signInAs } from './support/server-setup';

async function setup() {
  const medplum = mockWithSearch();
  const patient = (family: string) =>
    medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ given: ['Test'], family }] });
  const rosa = await patient('Diaz');
  const ben = await patient('Okafor');
  const nurse = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ family: 'Lopez' }],
  });
  const doctor = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ family: 'Chen' }],
  });
  const thread = (about: Patient, participants: NonNullable<Communication['recipient']>) =>
    medplum.createResource<Communication>({
      resourceType: 'Communication',
      status: 'in-progress',
      topic: { text: 'Refill question' },
      subject: createReference(about),
      recipient: participants,
    });
  return { medplum, rosa, ben, nurse, doctor, thread };
}

/** The policy as the server builds it for one member: each placeholder replaced by the member's profile. */
function forMember(policy: AccessPolicy, profile: Reference): AccessPolicy {
  const id = profile.reference?.split('/')[1] as string;
  return JSON.parse(
    JSON.stringify(policy)
      .replaceAll('%profile.id', id)
      .replaceAll('%profile', profile.reference as string)
      .replaceAll('%patient.id', id)
      .replaceAll('%patient', profile.reference as string),
  );
}

/** Server mode: invites the patient into the test's project with the policy and a known password, and signs in as them. */
async function signInAsPatient(admin: MedplumClient, patient: Patient, policy: AccessPolicy): Promise<MedplumClient> {
  const projectId = await projectIdOf(admin);
  const email = `rosa-${projectId}@example.com`;
  const password = `pw-${projectId}`;
  await admin.post(`admin/projects/${projectId}/invite`, {
    resourceType: 'Patient',
    firstName: 'Rosa',
    lastName: 'Diaz',
    email,
    password,
    sendEmail: false,
    membership: { profile: createReference(patient), accessPolicy: createReference(policy) },
  });
  return signInAs({ email, password, projectId });
}

describe('communications/participants', () => {
  test('adding and removing participants changes who later messages go to', async () => {
    const { medplum, rosa, nurse, doctor, thread } = await setup();
    const t = await thread(rosa, [createReference(rosa), createReference(nurse)]);
    const added = await addParticipant(medplum, createReference(t), createReference(doctor));
    assert.doesNotThrow(() => validateResource(added));
    assert.deepEqual(
      added.recipient?.map((r) => r.reference),
      [`Patient/${rosa.id}`, `Practitioner/${nurse.id}`, `Practitioner/${doctor.id}`],
    );
    const again = await addParticipant(medplum, createReference(t), createReference(doctor));
    assert.equal(again.recipient?.length, 3);

    const toAll = await postMessage(medplum, createReference(t), createReference(nurse), 'Dr Chen will review.');
    assert.deepEqual(
      toAll.recipient?.map((r) => r.reference),
      [`Patient/${rosa.id}`, `Practitioner/${doctor.id}`],
    );

    const removed = await removeParticipant(medplum, createReference(t), createReference(nurse));
    assert.deepEqual(
      removed.recipient?.map((r) => r.reference),
      [`Patient/${rosa.id}`, `Practitioner/${doctor.id}`],
    );
    const afterRemoval = await postMessage(medplum, createReference(t), createReference(rosa), 'Thank you.');
    assert.deepEqual(
      afterRemoval.recipient?.map((r) => r.reference),
      [`Practitioner/${doctor.id}`],
    );
    // The earlier message still names the nurse's colleagues as they were when it was sent.
    const earlier = await medplum.readResource('Communication', toAll.id as string, { cache: 'no-cache' });
    assert.equal(earlier.recipient?.length, 2);
  });

  test('the portal policy, as built for one patient, grants their threads and messages only', () => {
    mockWithSearch(); // the criteria need the search parameter definitions
    const rosa = { reference: 'Patient/rosa' };
    const policy = forMember(portalPolicy, rosa);
    const msg = (fields: Partial<Communication>): Communication => ({
      resourceType: 'Communication',
      status: 'in-progress',
      partOf: [{ reference: 'Communication/t1' }],
      ...fields,
    });
    const toRosa = msg({ sender: { reference: 'Practitioner/n1' }, recipient: [rosa] });
    const fromRosa = msg({ sender: rosa, recipient: [{ reference: 'Practitioner/n1' }] });
    const draftToRosa = msg({ status: 'preparation', sender: { reference: 'Practitioner/n1' }, recipient: [rosa] });
    const toBen = msg({ sender: { reference: 'Practitioner/n1' }, recipient: [{ reference: 'Patient/ben' }] });
    const asNurse = msg({ sender: { reference: 'Practitioner/n1' }, recipient: [{ reference: 'Patient/ben' }] });

    assert.ok(satisfiedAccessPolicy(toRosa, 'read', policy));
    assert.ok(satisfiedAccessPolicy(toRosa, 'update', policy));
    assert.equal(satisfiedAccessPolicy(toRosa, 'create', policy), undefined);
    assert.ok(satisfiedAccessPolicy(fromRosa, 'create', policy));
    assert.equal(satisfiedAccessPolicy(fromRosa, 'update', policy), undefined);
    assert.equal(satisfiedAccessPolicy(draftToRosa, 'read', policy), undefined);
    assert.equal(satisfiedAccessPolicy(toBen, 'read', policy), undefined);
    assert.equal(satisfiedAccessPolicy(asNurse, 'create', policy), undefined);
    assert.equal(satisfiedAccessPolicy(toRosa, 'history', policy), undefined);
    assert.deepEqual(satisfiedAccessPolicy(toRosa, 'read', policy)?.hiddenFields, ['note']);
    // Every element of a received message is read-only for her except status and received
    // (note is hidden, and the server keeps id and meta itself).
    const readonly = satisfiedAccessPolicy(toRosa, 'update', policy)?.readonlyFields ?? [];
    assert.deepEqual(
      Object.keys(getDataType('Communication').elements).filter((e) => !readonly.includes(e)),
      ['id', 'meta', 'status', 'received', 'note'],
    );
  });

  test('the patient portal lists the patient’s threads with unread counts', async () => {
    const { medplum, rosa, ben, nurse, doctor, thread } = await setup();
    const policy = await savePortalPolicy(medplum);
    assert.doesNotThrow(() => validateResource(policy));
    assert.equal((await savePortalPolicy(medplum)).id, policy.id);

    const mine = await thread(rosa, [createReference(rosa), createReference(nurse)]);
    const bens = await thread(ben, [createReference(ben), createReference(nurse)]);
    const staffOnly = await thread(rosa, [createReference(nurse), createReference(doctor)]);
    const toRosa = await postMessage(medplum, createReference(mine), createReference(nurse), 'Your refill is ready.');
    await postMessage(medplum, createReference(bens), createReference(nurse), 'See you Tuesday.');
    await postMessage(medplum, createReference(staffOnly), createReference(nurse), 'Please review her labs.');
    const draft = await medplum.createResource<Communication>({
      resourceType: 'Communication',
      status: 'preparation',
      partOf: [createReference(mine)],
      sender: createReference(nurse),
      recipient: [createReference(rosa)],
      payload: [{ contentString: 'Draft: results pending' }],
    });

    const portal = onServer ? await signInAsPatient(medplum, rosa, policy) : medplum;
    const inbox = await myInbox(portal, createReference(rosa));
    assert.deepEqual(
      inbox.map((i) => [i.thread.id, i.unread]),
      [[mine.id, 1]],
    );
    if (!onServer) {
      return; // MockClient applies no access policy; the server half below checks enforcement.
    }

    // Without any filter of its own, the patient's search returns only what the policy grants.
    const everything = await portal.searchResources('Communication', { _count: '100' }, { cache: 'no-cache' });
    assert.deepEqual(everything.map((c) => c.id).sort(), [mine.id, toRosa.id].sort());
    for (const hidden of [bens, staffOnly, draft]) {
      await assert.rejects(portal.readResource('Communication', hidden.id as string), /Not found/);
    }

    // Posting as herself works; posting as the nurse does not.
    const reply = await postMessage(portal, createReference(mine), createReference(rosa), 'Thanks!');
    assert.equal(reply.sender?.reference, `Patient/${rosa.id}`);
    await assert.rejects(
      portal.createResource<Communication>({
        ...reply,
        id: undefined,
        meta: undefined,
        sender: createReference(nurse),
      }),
      /Forbidden/,
    );

    // Marking a message read is allowed; a changed payload is put back silently.
    const read = await portal.patchResource('Communication', toRosa.id as string, [
      { op: 'add', path: '/received', value: new Date().toISOString() },
      { op: 'replace', path: '/status', value: 'completed' },
    ]);
    assert.equal(read.status, 'completed');
    const tampered = await portal.updateResource<Communication>({
      ...read,
      payload: [{ contentString: 'Changed' }],
      priority: 'stat',
      statusReason: { text: 'Changed' },
    });
    assert.equal(tampered.payload?.[0]?.contentString, 'Your refill is ready.');
    assert.equal(tampered.priority, undefined);
    assert.equal(tampered.statusReason, undefined);
    assert.equal(tampered.meta?.versionId, read.meta?.versionId);
    await assert.rejects(portal.updateResource<Communication>({ ...read, status: 'entered-in-error' }), /Forbidden/);
    await assert.rejects(portal.readHistory('Communication', toRosa.id as string), /Forbidden/);
    // ThreadChat's patch of the thread's sent changes nothing for her: sent is read-only.
    const touched = await portal.patchResource('Communication', mine.id as string, [
      { op: 'add', path: '/sent', value: new Date().toISOString() },
    ]);
    assert.equal(touched.sent, undefined);
    assert.equal(touched.meta?.versionId, mine.meta?.versionId);

    // Removed from the thread: the thread is gone from her view, the messages she received stay.
    await removeParticipant(medplum, createReference(mine), createReference(rosa));
    assert.deepEqual(await myInbox(portal, createReference(rosa)), []);
    await assert.rejects(portal.readResource('Communication', mine.id as string), /Not found/);
    const kept = await portal.readResource('Communication', toRosa.id as string);
    assert.equal(getReferenceString(kept), `Communication/${toRosa.id}`);
  });
});
