/**
 * DSI source attributes: the PlanDefinition carrying them, the review list read back, the card's
 * source, firings and feedback as GuidanceResponses, and an Infobutton link.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateResource } from '@medplum/core';
import type { Patient, Practitioner } from '@medplum/fhirtypes';
import { HBA1C } from '../../../examples/careplans/codes';
import {
  cardWithSource,
  feedbackSince,
  HIGH_HBA1C,
  infobuttonUrl,
  INTERVENTION_URL,
  publishIntervention,
  recordFeedback,
  recordFiring,
  sourceAttributes,
} from '../../../examples/careplans/decision-support-dsi';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

describe('careplans/decision-support-dsi', () => {
  test('the intervention is published once and its source attributes read back in plain language', async () => {
    const medplum = mockWithSearch();
    const plan = await publishIntervention(medplum);
    assert.doesNotThrow(() => validateResource(plan));
    assert.equal((await publishIntervention(medplum)).id, plan.id);
    const attributes = Object.fromEntries(
      (await sourceAttributes(medplum, INTERVENTION_URL)).map((a) => [a.label, a.value]),
    );
    assert.deepEqual(attributes, {
      Intervention: 'High HbA1c follow-up (version 1.1.0)',
      Citation:
        'Example Clinic diabetes follow-up protocol, revision 3 (internal document), https://example.org/protocols/diabetes-follow-up-r3',
      Developer: 'Example Clinic Quality Committee',
      'Funding source': 'Developed by clinic staff; no external funding',
      'Release date': '2025-03-01',
      'Last revised': '2026-10-01',
      'Patient data used': 'date of birth',
    });
    await assert.rejects(() => sourceAttributes(medplum, 'https://example.org/fhir/PlanDefinition/none'), /No active/);
  });

  test('each card names its source and links to the review screen', () => {
    const card = cardWithSource({ ...HIGH_HBA1C, id: 'pd1' }, 9.4, 'https://app.example.org');
    assert.equal(card.source?.label, 'High HbA1c follow-up v1.1.0 (Example Clinic Quality Committee)');
    assert.equal(card.source?.url, 'https://app.example.org/interventions/pd1');
    assert.equal(card.source?.topic?.code, HBA1C.code);
    assert.equal(card.indicator, 'warning');
  });

  test('firings and feedback are GuidanceResponses; the export has one row per feedback note', async () => {
    const medplum = mockWithSearch();
    const plan = await publishIntervention(medplum);
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Osei' }] });
    const nurse = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ family: 'Ruiz' }],
    });
    const since = '2026-01-01T00:00:00Z';

    const firing = await recordFiring(medplum, plan, patient, 'd2f3c1a4-0b6e-4c2f-9a51-7e8d9c0b1a23');
    assert.doesNotThrow(() => validateResource(firing));
    assert.equal(firing.moduleCanonical, `${INTERVENTION_URL}|1.1.0`);
    const unanswered = await recordFiring(medplum, plan, patient, '5b1e7c2d-3f4a-4e8b-8c9d-0a1b2c3d4e5f');
    assert.ok(unanswered.id);

    const withFeedback = await recordFeedback(medplum, firing, nurse, 'accepted', 'Call booked for Monday');
    assert.doesNotThrow(() => validateResource(withFeedback));
    assert.equal(withFeedback.note?.[0].authorReference?.reference, `Practitioner/${nurse.id}`);

    const rows = await feedbackSince(medplum, INTERVENTION_URL, since);
    assert.equal(rows.length, 1);
    assert.deepEqual(
      { ...rows[0], firedAt: undefined, at: undefined },
      {
        intervention: `${INTERVENTION_URL}|1.1.0`,
        patient: `Patient/${patient.id}`,
        firedAt: undefined,
        user: `Practitioner/${nurse.id}`,
        at: undefined,
        feedback: 'accepted: Call booked for Monday',
      },
    );
    assert.deepEqual(await feedbackSince(medplum, 'https://example.org/fhir/PlanDefinition/other', since), []);
  });

  test('an Infobutton link names the code by its OID', () => {
    loadFullDefinitions();
    const url = new URL(infobuttonUrl('https://knowledge.example.org/infobutton', HBA1C, 'PAT'));
    assert.equal(url.searchParams.get('mainSearchCriteria.v.cs'), '2.16.840.1.113883.6.1');
    assert.equal(url.searchParams.get('mainSearchCriteria.v.c'), '4548-4');
    assert.equal(url.searchParams.get('mainSearchCriteria.v.dn'), HBA1C.display);
    assert.equal(url.searchParams.get('informationRecipient'), 'PAT');
    assert.throws(
      () =>
        infobuttonUrl('https://knowledge.example.org/infobutton', { system: 'https://example.org/local', code: 'x' }),
      /No Infobutton/,
    );
  });
});
