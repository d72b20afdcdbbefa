import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MockClient } from '@medplum/mock';
import { saveIntake } from '../../../examples/fhir-basics/bundles';
import { recordHeartRate } from '../../../examples/fhir-basics/references';
import { createAndReadPatient, newPatient } from '../../../examples/fhir-basics/resources';
import { findPatientsNamed, searchBundle } from '../../../examples/fhir-basics/search';
import { loincCode, snomedCode } from '../../../examples/fhir-basics/terminology';
import { badPatient, checkPatient } from '../../../examples/fhir-basics/validation';

test('a created patient reads back with a server id and version', async () => {
  const patient = await createAndReadPatient(new MockClient());
  assert.ok(patient.id);
  assert.ok(patient.meta?.versionId);
  assert.deepEqual(patient.name, newPatient.name);
});

test('an observation references its patient, and the reference resolves', async () => {
  const { observation, subject } = await recordHeartRate(new MockClient());
  assert.equal(observation.subject?.reference, `Patient/${subject.id}`);
  assert.equal(subject.name?.[0]?.family, 'Rivera');
});

test('a transaction resolves the urn:uuid reference to the new patient id', async () => {
  const response = await saveIntake(new MockClient());
  assert.equal(response.type, 'transaction-response');
  const [patientEntry, observationEntry] = response.entry ?? [];
  assert.match(patientEntry.response?.status ?? '', /^201/);
  const observation = observationEntry.resource as { subject?: { reference?: string } };
  assert.equal(observation.subject?.reference, `Patient/${patientEntry.resource?.id}`);
});

test('search finds the patient by name, as an array and as a bundle', async () => {
  const medplum = new MockClient();
  await medplum.createResource(newPatient);
  const found = await findPatientsNamed(medplum, 'Rivera');
  assert.ok(found.some((p) => p.name?.[0]?.family === 'Rivera'));
  const bundle = await searchBundle(medplum, 'Rivera');
  assert.equal(bundle.resourceType, 'Bundle');
  assert.equal(bundle.type, 'searchset');
  assert.ok((bundle.entry ?? []).length >= 1);
});

test('codes are picked by system', () => {
  assert.equal(snomedCode, '44054006');
  assert.equal(loincCode, undefined);
});

test('local validation rejects a bad date and accepts a good one', () => {
  const issues = checkPatient(badPatient);
  assert.equal(issues.length, 1);
  assert.equal(issues[0].severity, 'error');
  assert.deepEqual(issues[0].expression, ['Patient.birthDate']);
  assert.deepEqual(checkPatient({ resourceType: 'Patient', birthDate: '1990-04-02' }), []);
});
