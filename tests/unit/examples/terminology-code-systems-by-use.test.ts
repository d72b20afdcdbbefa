/**
 * Code systems by use: the check finds codings outside the expected systems and the usual wrong
 * URLs, createChecked refuses such resources, and the audit finds stored data by system alone.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateResource } from '@medplum/core';
import type { Coding, Condition, Immunization, MedicationRequest, Observation, Patient } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import {
  auditWrongSystems,
  checkSystems,
  createChecked,
  CVX,
  ICD10CM,
  serverKnows,
} from '../../../examples/terminology/code-systems-by-use';
import { onServer } from '../../server/on-server';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

const SNOMED = 'http://snomed.info/sct';

function diabetes(patient: string, system: string): Condition {
  return {
    resourceType: 'Condition',
    subject: { reference: patient },
    code: {
      coding: [
        { system, code: 'E11.9', display: 'Type 2 diabetes mellitus without complications' },
        { system: SNOMED, code: '44054006', display: 'Diabetes mellitus type 2' },
      ],
    },
  };
}

function mmr(patient: string, system: string): Immunization {
  return {
    resourceType: 'Immunization',
    status: 'completed',
    patient: { reference: patient },
    occurrenceDateTime: '2026-11-20',
    vaccineCode: { coding: [{ system, code: '03', display: 'MMR' }] },
  };
}

function glucose(patient: string, unitSystem?: string): Observation {
  return {
    resourceType: 'Observation',
    status: 'final',
    subject: { reference: patient },
    code: {
      coding: [{ system: 'http://loinc.org', code: '2345-7', display: 'Glucose [Mass/volume] in Serum or Plasma' }],
    },
    valueQuantity: { value: 92, unit: 'mg/dL', system: unitSystem, code: 'mg/dL' },
  };
}

describe('terminology/code-systems-by-use', () => {
  test('well-coded resources pass; wrong or missing systems are reported with a hint', () => {
    loadFullDefinitions();
    const p = 'Patient/p1';
    const good: (Condition | Immunization | Observation | MedicationRequest)[] = [
      diabetes(p, ICD10CM),
      mmr(p, CVX),
      glucose(p, 'http://unitsofmeasure.org'),
      {
        resourceType: 'MedicationRequest',
        status: 'active',
        intent: 'order',
        subject: { reference: p },
        medicationCodeableConcept: {
          coding: [
            {
              system: 'http://www.nlm.nih.gov/research/umls/rxnorm',
              code: '308136',
              display: 'amLODIPine 2.5 MG Oral Tablet',
            },
          ],
        },
      },
    ];
    for (const r of good) {
      assert.doesNotThrow(() => validateResource(r), r.resourceType);
      assert.deepEqual(checkSystems(r), [], r.resourceType);
    }

    // WHO ICD-10 instead of ICD-10-CM: the SNOMED CT coding still satisfies the element, the hint stays.
    const who = checkSystems(diabetes(p, 'http://hl7.org/fhir/sid/icd-10'));
    assert.equal(who.length, 1);
    assert.match(who[0].problem, /WHO ICD-10/);

    const cvx = checkSystems(mmr(p, 'http://nucc.org/cvx'));
    assert.deepEqual(
      cvx.map((f) => f.element),
      ['Immunization.vaccineCode', 'Immunization.vaccineCode'],
    );
    assert.match(cvx[1].problem, /no coding from/);

    const units = checkSystems(glucose(p));
    assert.equal(units.length, 1);
    assert.match(units[0].problem, /not marked as UCUM/);
  });

  test('createChecked saves good data and refuses bad; the audit finds stored data by system', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Lind' }] });
    const ref = `Patient/${patient.id}`;
    const saved = await createChecked(medplum, diabetes(ref, ICD10CM));
    assert.ok(saved.id);
    await assert.rejects(() => createChecked(medplum, mmr(ref, 'http://nucc.org/cvx')), /nucc\.org\/cvx/);

    // Data that arrived another way (an import, an older app) is found by the audit.
    const legacyCondition = await medplum.createResource(diabetes(ref, 'http://hl7.org/fhir/sid/icd-10'));
    const legacyImmunization = await medplum.createResource(mmr(ref, 'http://nucc.org/cvx'));
    await medplum.createResource(mmr(ref, CVX));
    const found = await auditWrongSystems(medplum);
    assert.deepEqual(found, {
      'Condition?code=http://hl7.org/fhir/sid/icd-10|': [`Condition/${legacyCondition.id}`],
      'Immunization?vaccine-code=http://nucc.org/cvx|': [`Immunization/${legacyImmunization.id}`],
    });
  });

  test('what a new project on a 5.1.12 server knows: stubs, empty systems, and systems it does not have', async () => {
    // [coding, what CodeSystem/$validate-code answers in a new project]
    const cases: [Coding, boolean][] = [
      [{ system: 'http://loinc.org', code: '8480-6' }, true], // one of the ten codes of the LOINC stub
      [{ system: 'http://loinc.org', code: '2345-7' }, false], // real, but not in the stub
      [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '308136' }, false], // RxNorm: stored without codes
      [{ system: SNOMED, code: '44054006' }, false], // SNOMED CT: stored without codes
      [{ system: CVX, code: '03' }, false], // CVX stub: one code, 213
      [{ system: 'http://unitsofmeasure.org', code: '%' }, true], // UCUM: a list of common units
      [{ system: 'http://unitsofmeasure.org', code: 'mg/dL' }, false], // ... which lacks this one
      [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'E11.9' }, false], // WHO URL: a stub of seven placeholder codes
      [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0477', code: 'II' }, true], // HL7 v2 tables are complete
      [{ system: ICD10CM, code: 'E11.9' }, true], // no ICD-10-CM CodeSystem: only the URL is compared
      [{ system: ICD10CM, code: 'NOT-A-CODE' }, true],
    ];
    const answers = new Map(cases.map(([c, known]) => [`${c.system}|${c.code}`, known]));
    const backend = mockWithSearch();
    const fetch = async (input: string | URL, init?: RequestInit): Promise<Response> => {
      if (onServer) {
        return backend.client.mockFetch(input.toString(), init ?? {}) as Promise<Response>;
      }
      // Mock run: MockClient has no $validate-code; answer as the server does.
      const url = new URL(input.toString());
      const known = answers.get(`${url.searchParams.get('url')}|${url.searchParams.get('code')}`);
      return new Response(
        JSON.stringify({ resourceType: 'Parameters', parameter: [{ name: 'result', valueBoolean: known }] }),
        { status: 200, headers: { 'content-type': 'application/fhir+json' } },
      );
    };
    const medplum = new MockClient({ fetch } as ConstructorParameters<typeof MockClient>[0]);
    for (const [coding, known] of cases) {
      assert.equal(await serverKnows(medplum, coding), known, `${coding.system}|${coding.code}`);
    }
  });
});
