/**
 * LOINC structure examples. Resources (the answer-list ValueSet, the CodeSystem, the panel report)
 * are stored in MockClient. The terminology operations ($validate-code, $import, $lookup) are not
 * implemented by MockClient, so in the mock run they are answered by a small stand-in that follows
 * the 5.1.12 server: a new project sees the seeded LOINC stub (version 0.0.0, ten codes); once the
 * project stores its own LOINC with a higher version and imports codes, lookups read those instead.
 * Against a real server every request goes to the server.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type { Coding, Parameters, Patient, ServiceRequest } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import {
  ensureAnswerList,
  filePanelReport,
  LOINC,
  loadLoinc,
  type LoincRow,
  loincFacts,
  NEGATIVE,
  POS_NEG,
  POSITIVE,
  panelReports,
  recordRhType,
} from '../../../examples/terminology/loinc-structure';
import { onServer } from '../../server/on-server';
import { mockWithSearch } from './mock-with-search';

const CMP: Coding = { system: LOINC, code: '24323-8', display: 'Comprehensive metabolic 2000 panel - Serum or Plasma' };
const GLUCOSE: Coding = { system: LOINC, code: '2345-7', display: 'Glucose [Mass/volume] in Serum or Plasma' };
const CREATININE: Coding = { system: LOINC, code: '2160-0', display: 'Creatinine [Mass/volume] in Serum or Plasma' };
const HBA1C: Coding = { system: LOINC, code: '4548-4', display: 'Hemoglobin A1c/Hemoglobin.total in Blood' };

const ROWS: LoincRow[] = [
  { code: CMP.code as string, display: CMP.display as string, loincClass: 'PANEL.CHEM' },
  { code: GLUCOSE.code as string, display: GLUCOSE.display as string, loincClass: 'CHEM' },
  { code: CREATININE.code as string, display: CREATININE.display as string, loincClass: 'CHEM' },
  { code: '10331-7', display: 'Rh [Type] in Blood', answerList: 'LL360-9' },
  { code: POSITIVE.code as string, display: POSITIVE.display as string },
  { code: NEGATIVE.code as string, display: NEGATIVE.display as string },
];

/** What a new project's $lookup finds in the seeded stub (two of its ten codes are enough here). */
const STUB = new Map([
  ['8480-6', { display: 'Systolic blood pressure', props: {} as Record<string, string> }],
  ['8867-4', { display: 'Heart rate', props: {} as Record<string, string> }],
]);

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/fhir+json' } });
}

/**
 * A client for one test. Mock run: resources go to a MockClient, operations to the stand-in.
 * Server run: MockClient is the server client, so everything goes to the server.
 */
function client(): MockClient {
  const backend = mockWithSearch();
  let loinc = STUB;
  const fetch = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input.toString());
    if (onServer || !url.pathname.includes('/$')) {
      return backend.client.mockFetch(input.toString(), init ?? {}) as Promise<Response>;
    }
    if (url.pathname.endsWith('ValueSet/$validate-code')) {
      const listed = POS_NEG.compose?.include[0].concept?.some((c) => c.code === url.searchParams.get('code'));
      // The server then checks the code exists in the LOINC it selected (the stub is content 'example',
      // which skips the check).
      const exists = loinc === STUB || loinc.has(url.searchParams.get('code') as string);
      return json({ resourceType: 'Parameters', parameter: [{ name: 'result', valueBoolean: !!listed && exists }] });
    }
    if (url.pathname.endsWith('CodeSystem/$import')) {
      const body = JSON.parse(String(init?.body)) as Parameters;
      if (loinc === STUB) loinc = new Map();
      for (const p of body.parameter ?? []) {
        if (p.name === 'concept')
          loinc.set(p.valueCoding?.code as string, { display: p.valueCoding?.display as string, props: {} });
        if (p.name === 'property') {
          const part = (n: string) => p.part?.find((x) => x.name === n);
          (loinc.get(part('code')?.valueCode as string) as { props: Record<string, string> }).props[
            part('property')?.valueCode as string
          ] = part('value')?.valueString as string;
        }
      }
      return json({ resourceType: 'Parameters', parameter: [] });
    }
    if (url.pathname.endsWith('CodeSystem/$lookup')) {
      const found = loinc.get(url.searchParams.get('code') as string);
      if (!found) {
        return json(
          {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
          },
          404,
        );
      }
      return json({
        resourceType: 'Parameters',
        parameter: [
          { name: 'name', valueString: 'LOINC' },
          { name: 'display', valueString: found.display },
          ...Object.entries(found.props).map(([code, value]) => ({
            name: 'property',
            part: [
              { name: 'code', valueCode: code },
              { name: 'value', valueString: value },
            ],
          })),
        ],
      });
    }
    throw new Error(`No stand-in for ${url.pathname}`);
  };
  return new MockClient({ fetch } as ConstructorParameters<typeof MockClient>[0]);
}

async function patientIn(medplum: MockClient): Promise<Patient> {
  return medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Abara' }] });
}

describe('terminology/loinc-structure', () => {
  test('an answer list is a ValueSet; only its answers are accepted', async () => {
    const medplum = client();
    const vs = await ensureAnswerList(medplum);
    assert.doesNotThrow(() => validateResource(vs));
    assert.equal((await ensureAnswerList(medplum)).id, vs.id);
    const patient = await patientIn(medplum);
    const obs = await recordRhType(medplum, patient, POSITIVE);
    assert.doesNotThrow(() => validateResource(obs));
    assert.equal(obs.valueCodeableConcept?.coding?.[0].code, 'LA6576-8');
    await assert.rejects(() => recordRhType(medplum, patient, HBA1C), /is not an answer/);
  });

  test('a project LOINC with a higher version replaces the stub; CLASS tells panels from results', async () => {
    const medplum = client();
    await ensureAnswerList(medplum);
    // Without the LA codes, answers are no longer accepted: the server checks they exist in the LOINC it selected.
    const cs = await loadLoinc(
      medplum,
      '2.80',
      ROWS.filter((r) => r.code !== NEGATIVE.code),
    );
    assert.doesNotThrow(() => validateResource(cs));
    const patient = await patientIn(medplum);
    await assert.rejects(() => recordRhType(medplum, patient, NEGATIVE), /is not an answer/);

    const again = await loadLoinc(medplum, '2.80', ROWS);
    assert.equal(again.id, cs.id);
    assert.equal((await recordRhType(medplum, patient, NEGATIVE)).status, 'final');

    assert.deepEqual(await loincFacts(medplum, CMP.code as string), {
      display: CMP.display,
      loincClass: 'PANEL.CHEM',
      answerList: undefined,
      isPanel: true,
    });
    const glucose = await loincFacts(medplum, GLUCOSE.code as string);
    assert.equal(glucose.loincClass, 'CHEM');
    assert.equal(glucose.isPanel, false);
    assert.equal((await loincFacts(medplum, '10331-7')).answerList, 'LL360-9');
    // The stub's codes are gone for this project: its own LOINC is the one $lookup reads now.
    await assert.rejects(() => loincFacts(medplum, '8480-6'), /Not found/);
  });

  test('a new project sees the seeded LOINC stub: ten codes, no properties', async () => {
    const medplum = client();
    const bp = await loincFacts(medplum, '8480-6');
    assert.deepEqual(bp, {
      display: 'Systolic blood pressure',
      loincClass: undefined,
      answerList: undefined,
      isPanel: false,
    });
    await assert.rejects(() => loincFacts(medplum, GLUCOSE.code as string), /Not found/);
  });

  test('the panel code is on the order and the report, member codes on the Observations', async () => {
    const medplum = client();
    const patient = await patientIn(medplum);
    const order = await medplum.createResource<ServiceRequest>({
      resourceType: 'ServiceRequest',
      status: 'active',
      intent: 'order',
      code: { coding: [CMP] },
      subject: createReference(patient),
    });
    const report = await filePanelReport(medplum, order, [
      { code: GLUCOSE, value: 92, unit: 'mg/dL' },
      { code: CREATININE, value: 0.94, unit: 'mg/dL' },
    ]);
    assert.doesNotThrow(() => validateResource(report));
    assert.equal(report.code.coding?.[0].code, CMP.code);
    assert.equal(report.result?.length, 2);

    const [found, ...rest] = await panelReports(medplum, patient, CMP);
    assert.equal(rest.length, 0);
    assert.equal(found.report.id, report.id);
    assert.deepEqual(found.results.map((o) => o.code?.coding?.[0].code).sort(), [CREATININE.code, GLUCOSE.code].sort());
    for (const o of found.results) {
      assert.doesNotThrow(() => validateResource(o));
      assert.equal(o.basedOn?.[0].reference, `ServiceRequest/${order.id}`);
    }
    assert.equal((await panelReports(medplum, patient, GLUCOSE)).length, 0);
  });
});
