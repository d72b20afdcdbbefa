/**
 * Runs examples/integration/hl7-orders-results.ts: the order resources are stored in MockClient
 * (or the server), read back and built into an ORM^O01 whose fields are checked one by one; the
 * push is checked against the request Agent/{id}/$push expects with a scripted answer (the
 * operation needs a connected agent); the ORU^R01 is parsed and stored, twice, against the order.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MedplumClient } from '@medplum/core';
import { createReference, Hl7Message, validateResource } from '@medplum/core';
import type {
  Coverage,
  DiagnosticReport,
  Organization,
  Patient,
  Practitioner,
  ServiceRequest,
  Specimen,
} from '@medplum/fhirtypes';
import { mockWithSearch } from './mock-with-search';
import { scriptedClient } from './support/scripted-fetch';
import {
  buildOrder,
  FILLER_SYSTEM,
  handleResultMessage,
  loadOrder,
  MRN_SYSTEM,
  NPI_SYSTEM,
  parseResult,
  PLACER_SYSTEM,
  sendOrder,
  storeResult,
} from '../../../examples/integration/hl7-orders-results';

const ROUTE = {
  sendingApplication: 'MEDPLUM',
  sendingFacility: 'CLINIC',
  receivingApplication: 'LIS',
  receivingFacility: 'ACMELAB',
};

/** The lab's result for order MP4729163, accession B26-0412873: an HbA1c and a glucose, both high. */
function oru(status: 'F' | 'C' = 'F', a1c = '9.4', placer = 'MP4729163', filler = 'B26-0412873'): string {
  return [
    'MSH|^~\\&|LIS|ACMELAB|MEDPLUM|CLINIC|20261124143000+0000||ORU^R01^ORU_R01|LAB000981|P|2.5.1',
    'PID|1||MRN-20417^^^CLINIC^MR||Okafor^Amara||19840317|F',
    `ORC|RE|${placer}^MEDPLUM|${filler}^ACMELAB`,
    `OBR|1|${placer}^MEDPLUM|${filler}^ACMELAB|4548-4^Hemoglobin A1c/Hemoglobin.total in Blood^LN|||20261124081500+0000|||||||||||||||20261124142500+0000|||${status}`,
    `OBX|1|NM|4548-4^Hemoglobin A1c/Hemoglobin.total in Blood^LN||${a1c}|%|4.0-5.6|H|||${status}|||20261124120000+0000`,
    `OBX|2|NM|2339-0^Glucose [Mass/volume] in Blood^LN||142|mg/dL|70-99|H|||${status}|||20261124120000+0000`,
  ].join('\r');
}

/** A patient with insurance, a tube drawn, and an order for an HbA1c that names both. */
async function storedOrder(medplum: MedplumClient): Promise<ServiceRequest & { id: string }> {
  const payer = await medplum.createResource<Organization>({
    resourceType: 'Organization',
    name: 'Blue Cross & Blue Shield of Oregon',
    identifier: [{ system: 'https://clearinghouse.example.org/payer-id', value: 'BCBSOR' }],
  });
  const patient = await medplum.createResource<Patient>({
    resourceType: 'Patient',
    identifier: [{ system: MRN_SYSTEM, value: 'MRN-20417' }],
    name: [{ family: 'Okafor', given: ['Amara'] }],
    birthDate: '1984-03-17',
    gender: 'female',
  });
  const doctor = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    identifier: [{ system: NPI_SYSTEM, value: '1742603180' }],
    name: [{ family: 'Lopez', given: ['Ana'] }],
  });
  const coverage = await medplum.createResource<Coverage>({
    resourceType: 'Coverage',
    status: 'active',
    beneficiary: createReference(patient),
    subscriber: createReference(patient),
    subscriberId: 'XJH448812301',
    relationship: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/subscriber-relationship', code: 'self' }],
    },
    payor: [createReference(payer)],
    class: [
      {
        type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/coverage-class', code: 'group' }] },
        value: '00619385',
      },
      {
        type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/coverage-class', code: 'plan' }] },
        value: 'PPO-GOLD',
        name: 'Gold PPO',
      },
    ],
  });
  const specimen = await medplum.createResource<Specimen>({
    resourceType: 'Specimen',
    subject: createReference(patient),
    type: { coding: [{ system: 'http://snomed.info/sct', code: '119297000', display: 'Blood specimen' }] },
    collection: { collectedDateTime: '2026-11-24T08:15:00.000Z' },
  });
  return medplum.createResource<ServiceRequest>({
    resourceType: 'ServiceRequest',
    status: 'active',
    intent: 'order',
    identifier: [
      {
        type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'PLAC' }] },
        system: PLACER_SYSTEM,
        value: 'MP4729163',
      },
    ],
    requisition: { system: PLACER_SYSTEM, value: 'RQ8830517' },
    code: {
      coding: [{ system: 'http://loinc.org', code: '4548-4', display: 'Hemoglobin A1c/Hemoglobin.total in Blood' }],
    },
    reasonCode: [
      {
        coding: [
          {
            system: 'http://hl7.org/fhir/sid/icd-10-cm',
            code: 'E11.9',
            display: 'Type 2 diabetes mellitus without complications',
          },
        ],
      },
    ],
    subject: createReference(patient),
    requester: createReference(doctor),
    specimen: [createReference(specimen)],
    insurance: [createReference(coverage)],
    authoredOn: '2026-11-24T08:00:00.000Z',
  }) as Promise<ServiceRequest & { id: string }>;
}

describe('integration/hl7-orders-results', () => {
  test('loadOrder reads the linked resources and buildOrder writes them into an ORM^O01', async () => {
    const medplum = mockWithSearch();
    const sr = await storedOrder(medplum);
    const order = await loadOrder(medplum, sr.id);
    assert.equal(order.patient.name?.[0]?.family, 'Okafor');
    assert.equal(order.requester?.name?.[0]?.family, 'Lopez');
    assert.equal(order.specimen?.collection?.collectedDateTime, '2026-11-24T08:15:00.000Z');
    assert.equal(order.coverage?.subscriberId, 'XJH448812301');
    assert.equal(order.payer?.name, 'Blue Cross & Blue Shield of Oregon');

    const text = buildOrder(order, ROUTE, 'Q8417329', new Date('2026-11-24T08:20:00.000Z'));
    // The whole message, as the page shows it.
    assert.deepEqual(text.split('\r'), [
      'MSH|^~\\&|MEDPLUM|CLINIC|LIS|ACMELAB|20261124082000+0000||ORM^O01^ORM_O01|Q8417329|P|2.5.1',
      'PID|1||MRN-20417^^^CLINIC^MR||Okafor^Amara||19840317|F',
      'PV1|1|O',
      'IN1|1|PPO-GOLD^Gold PPO|BCBSOR|Blue Cross \\T\\ Blue Shield of Oregon||||00619385||||||||Okafor^Amara|SEL^Self^HL70063|||||||||||||||||||XJH448812301',
      'ORC|NW|MP4729163^MEDPLUM||RQ8830517^MEDPLUM|||||20261124080000+0000|||1742603180^Lopez^Ana^^^^^^NPI',
      'OBR|1|MP4729163^MEDPLUM||4548-4^Hemoglobin A1c/Hemoglobin.total in Blood^LN|||20261124081500+0000||||||||BLD|1742603180^Lopez^Ana^^^^^^NPI',
      'DG1|1||E11.9^Type 2 diabetes mellitus without complications^I10C|||W',
    ]);
    assert.ok(!text.includes('\n'), 'segments are separated by carriage returns');
    const message = Hl7Message.parse(text);
    assert.deepEqual(
      message.segments.map((s) => s.name),
      ['MSH', 'PID', 'PV1', 'IN1', 'ORC', 'OBR', 'DG1'],
    );
    const msh = message.header;
    assert.equal(msh.getField(9).toString(), 'ORM^O01^ORM_O01');
    assert.equal(msh.getField(10).toString(), 'Q8417329');
    assert.equal(msh.getField(7).toString(), '20261124082000+0000');
    const pid = message.getSegment('PID')!;
    assert.equal(pid.getField(3).toString(), 'MRN-20417^^^CLINIC^MR');
    assert.equal(pid.getField(5).toString(), 'Okafor^Amara');
    assert.equal(pid.getField(7).toString(), '19840317');
    assert.equal(pid.getField(8).toString(), 'F');
    const in1 = message.getSegment('IN1')!;
    assert.equal(in1.getField(2).toString(), 'PPO-GOLD^Gold PPO');
    assert.equal(in1.getField(3).toString(), 'BCBSOR');
    // The "&" of the payer's name is escaped, or the receiver would read a subcomponent break.
    assert.equal(in1.getField(4).toString(), 'Blue Cross \\T\\ Blue Shield of Oregon');
    assert.equal(in1.getField(8).toString(), '00619385');
    assert.equal(in1.getField(17).toString(), 'SEL^Self^HL70063');
    assert.equal(in1.getField(36).toString(), 'XJH448812301');
    const orc = message.getSegment('ORC')!;
    assert.equal(orc.getField(1).toString(), 'NW');
    assert.equal(orc.getField(2).toString(), 'MP4729163^MEDPLUM');
    assert.equal(orc.getField(4).toString(), 'RQ8830517^MEDPLUM');
    assert.equal(orc.getField(12).toString(), '1742603180^Lopez^Ana^^^^^^NPI');
    const obr = message.getSegment('OBR')!;
    assert.equal(obr.getField(2).toString(), 'MP4729163^MEDPLUM');
    assert.equal(obr.getField(4).toString(), '4548-4^Hemoglobin A1c/Hemoglobin.total in Blood^LN');
    assert.equal(obr.getField(7).toString(), '20261124081500+0000');
    assert.equal(obr.getField(15).toString(), 'BLD');
    assert.equal(
      message.getSegment('DG1')?.getField(3).toString(),
      'E11.9^Type 2 diabetes mellitus without complications^I10C',
    );
  });

  test('buildOrder refuses an order without our order number', async () => {
    const medplum = mockWithSearch();
    const sr = await storedOrder(medplum);
    const order = await loadOrder(medplum, sr.id);
    assert.throws(
      () => buildOrder({ ...order, serviceRequest: { ...order.serviceRequest, identifier: [] } }, ROUTE, 'X1'),
      /has no order number/,
    );
  });

  test('sendOrder posts Agent/$push and returns the control id the lab acknowledged', async () => {
    const message = 'MSH|^~\\&|MEDPLUM|CLINIC|LIS|ACMELAB|20261124082000+0000||ORM^O01^ORM_O01|Q8417329|P|2.5.1';
    const ack = Hl7Message.parse(message).buildAck({ ackCode: 'AA' }).toString();
    const { medplum, requests } = scriptedClient([
      { status: 200, body: ack, headers: { 'content-type': 'x-application/hl7-v2+er7' } },
    ]);
    const acked = await sendOrder(
      medplum,
      { reference: 'Agent/ed935ffe-b888-4f2d-992c-ca8fbac0598b' },
      { reference: 'Device/1a08d1ea-2f1e-4b52-b94a-12a27785b33f' },
      message,
    );
    assert.equal(acked, 'Q8417329');
    assert.equal(requests[0].url.pathname, '/fhir/R4/Agent/ed935ffe-b888-4f2d-992c-ca8fbac0598b/$push');
    const body = JSON.parse(requests[0].body ?? '');
    assert.equal(body.destination, 'Device/1a08d1ea-2f1e-4b52-b94a-12a27785b33f');
    assert.equal(body.contentType, 'x-application/hl7-v2+er7');
    assert.equal(body.body, message);
    assert.equal(body.waitForResponse, true);
    assert.equal(body.returnAck, 'application');

    const refused = Hl7Message.parse(message).buildAck({ ackCode: 'AR' }).toString();
    const second = scriptedClient([{ status: 200, body: refused }]);
    await assert.rejects(
      sendOrder(
        second.medplum,
        { reference: 'Agent/ed935ffe-b888-4f2d-992c-ca8fbac0598b' },
        { reference: 'Device/1a08d1ea-2f1e-4b52-b94a-12a27785b33f' },
        message,
      ),
      /Lab answered AR to Q8417329/,
    );
  });

  test('parseResult maps OBR and OBX to a DiagnosticReport and Observations', () => {
    const parsed = parseResult(oru());
    assert.equal(parsed.mrn, 'MRN-20417');
    assert.equal(parsed.placerOrderNumber, 'MP4729163');
    assert.equal(parsed.fillerOrderNumber, 'B26-0412873');
    assert.equal(parsed.report.status, 'final');
    assert.equal(parsed.report.code.coding?.[0]?.code, '4548-4');
    assert.equal(parsed.report.effectiveDateTime, '2026-11-24T08:15:00.000Z');
    assert.equal(parsed.report.issued, '2026-11-24T14:25:00.000Z');
    assert.deepEqual(parsed.report.identifier, [{ system: FILLER_SYSTEM, value: 'B26-0412873' }]);
    assert.equal(parsed.observations.length, 2);
    const [a1c, glucose] = parsed.observations;
    assert.deepEqual(a1c.valueQuantity, { value: 9.4, unit: '%', system: 'http://unitsofmeasure.org', code: '%' });
    assert.equal(a1c.referenceRange?.[0]?.low?.value, 4);
    assert.equal(a1c.referenceRange?.[0]?.high?.value, 5.6);
    assert.equal(a1c.interpretation?.[0]?.coding?.[0]?.code, 'H');
    assert.equal(a1c.status, 'final');
    assert.equal(a1c.effectiveDateTime, '2026-11-24T12:00:00.000Z');
    assert.equal(glucose.code.coding?.[0]?.display, 'Glucose [Mass/volume] in Blood');
    assert.equal(glucose.identifier?.[0]?.value, 'B26-0412873-2');
    // A lab in another zone that sends times without an offset: read them in its zone.
    const local = parseResult(oru().replace('20261124081500+0000', '20261124081500'), '-0500');
    assert.equal(local.report.effectiveDateTime, '2026-11-24T13:15:00.000Z');
    assert.throws(() => parseResult(oru().replace(/\rOBR[^\r]*/, '')), /needs a PID and an OBR/);
  });

  test('storeResult files the report against the order, and a correction updates the same resources', async () => {
    const medplum = mockWithSearch();
    const sr = await storedOrder(medplum);
    const first = await storeResult(medplum, parseResult(oru()));
    assert.equal(first.serviceRequest.id, sr.id);
    assert.equal(first.serviceRequest.status, 'completed');
    assert.deepEqual(
      first.serviceRequest.identifier?.map((i) => `${i.type?.coding?.[0]?.code}:${i.value}`),
      ['PLAC:MP4729163', 'FILL:B26-0412873'],
    );
    assert.equal(first.report.basedOn?.[0]?.reference, `ServiceRequest/${sr.id}`);
    assert.equal(first.report.subject?.reference, sr.subject?.reference);
    assert.deepEqual(
      first.report.result?.map((r) => r.reference),
      first.observations.map((o) => `Observation/${o.id}`),
    );
    assert.equal(first.observations[0].specimen?.reference, sr.specimen?.[0]?.reference);
    for (const r of [first.report, ...first.observations]) {
      assert.doesNotThrow(() => validateResource(r));
    }

    // The lab corrects the HbA1c: same accession number, status C.
    const corrected = await storeResult(medplum, parseResult(oru('C', '8.9')));
    assert.equal(corrected.report.id, first.report.id);
    assert.equal(corrected.report.status, 'corrected');
    assert.deepEqual(
      corrected.observations.map((o) => o.id),
      first.observations.map((o) => o.id),
    );
    assert.equal(corrected.observations[0].valueQuantity?.value, 8.9);
    const reports = await medplum.searchResources(
      'DiagnosticReport',
      { 'based-on': `ServiceRequest/${sr.id}` },
      { cache: 'no-cache' },
    );
    assert.equal(reports.length, 1);
    const stored = await medplum.readResource('ServiceRequest', sr.id, { cache: 'no-cache' });
    assert.equal(stored.identifier?.length, 2, 'the filler number is added once');
  });

  test('handleResultMessage acknowledges AA, or AE with the reason when the order is unknown', async () => {
    const medplum = mockWithSearch();
    await storedOrder(medplum);
    const ok = await handleResultMessage(medplum, { input: Hl7Message.parse(oru()) } as any);
    assert.equal(ok.getAckType(), 'AA');
    assert.equal(ok.getSegment('MSA')?.getField(2).toString(), 'LAB000981');
    const unknown = await handleResultMessage(medplum, {
      input: oru('F', '9.4', 'MP5160382', 'B26-0419530'),
    } as any);
    assert.equal(unknown.getAckType(), 'AE');
    assert.match(unknown.getSegment('ERR')?.getField(8).toString() ?? '', /No order with number MP5160382/);
    const filed = (await medplum.searchResources(
      'DiagnosticReport',
      { identifier: `${FILLER_SYSTEM}|B26-0412873,${FILLER_SYSTEM}|B26-0419530` },
      { cache: 'no-cache' },
    )) as DiagnosticReport[];
    assert.deepEqual(
      filed.map((r) => r.identifier?.[0]?.value),
      ['B26-0412873'],
    );
  });
});
