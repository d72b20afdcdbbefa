/**
 * Runs the integration examples: HL7 v2 parsing, mapping, ACKs and message building with the
 * Hl7Message classes from @medplum/core; the ADT bot, identifiers and C-CDA filing against
 * MockClient; webhook signatures with node:crypto; and the routes only the real server serves
 * ($ccda-export, Bot $execute) against a scripted fetch.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import type { BotEvent } from '@medplum/core';
import { createReference, Hl7Message, validateResource } from '@medplum/core';
import type { DocumentReference, Patient } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { createElement } from 'react';
import { mockWithSearch } from './mock-with-search';
import { glucoseResult } from './support/lab-result';
import { renderToStaticMarkup } from './support/render';
import { scriptedClient } from './support/scripted-fetch';
import { serverRecordingClient } from './support/server-client';
import { onServer } from '../../server/on-server';
import {
  acknowledge,
  buildLabResultMessage,
  escapeHl7,
  patientFromPid,
  readAdmission,
  SAMPLE_ADT_A01,
} from '../../../examples/integration/hl7-v2';
import { handler } from '../../../examples/integration/hl7-bot';
import {
  createSignedWebhook,
  forwardToBot,
  isSignatureValid,
  SUBSCRIPTION_MAX_ATTEMPTS_URL,
  SUBSCRIPTION_SECRET_URL,
} from '../../../examples/integration/webhooks';
import { addIdentifier, findByAnyIdentifier, SYSTEMS, unmatchedRows } from '../../../examples/integration/identifiers';
import { ReceivedCcda } from '../../../examples/integration/received-ccda';
import { AppProviders } from '../../../examples/ui-components/providers';
import { exportCcda, fileReceivedCcda } from '../../../examples/integration/ccda';
import { countCalls } from './support/count-calls';

describe('integration/hl7-v2', () => {
  test('readAdmission reads MSH and PID fields by their HL7 numbers', () => {
    const summary = readAdmission(SAMPLE_ADT_A01);
    assert.deepEqual(summary, {
      messageType: 'ADT',
      triggerEvent: 'A01',
      controlId: 'MSG73519046',
      sendingFacility: 'GOODHEALTH',
      mrn: 'MRN-40718263',
      assigningAuthority: 'GOODHEALTH',
      family: 'Rivera',
      given: 'Ana',
      birthDate: '19840312',
      sex: 'F',
    });
  });

  test('readAdmission accepts newline-separated segments too', () => {
    const summary = readAdmission(SAMPLE_ADT_A01.replaceAll('\r', '\n'));
    assert.equal(summary.mrn, 'MRN-40718263');
  });

  test('patientFromPid builds a valid Patient with a per-sender identifier system', () => {
    const patient = patientFromPid(Hl7Message.parse(SAMPLE_ADT_A01));
    assert.deepEqual(patient.identifier, [
      { system: 'https://example.org/fhir/mrn/goodhealth', value: 'MRN-40718263' },
    ]);
    assert.deepEqual(patient.name, [{ family: 'Rivera', given: ['Ana', 'Lucia'] }]);
    assert.equal(patient.birthDate, '1984-03-12');
    assert.equal(patient.gender, 'female');
    assert.equal(patient.address?.[0]?.city, 'Springfield');
    assert.equal(patient.address?.[0]?.postalCode, '62701');
    assert.equal(patient.telecom?.[0]?.value, '(217) 555-0142');
    mockWithSearch(); // loads the full definitions for validation
    assert.doesNotThrow(() => validateResource(patient));
  });

  test('acknowledge builds an AA that answers the original message', () => {
    const message = Hl7Message.parse(SAMPLE_ADT_A01);
    const ack = acknowledge(message);
    const msh = ack.header;
    // Sender and receiver are swapped.
    assert.equal(msh.getField(3).toString(), 'MEDPLUM');
    assert.equal(msh.getField(4).toString(), 'CLINIC');
    assert.equal(msh.getField(5).toString(), 'REGADT');
    assert.equal(msh.getField(6).toString(), 'GOODHEALTH');
    // Trigger event mirrored from MSH-9; version copied from MSH-12.
    assert.equal(msh.getField(9).toString(), 'ACK^A01^ACK');
    assert.equal(msh.getField(12).toString(), '2.5.1');
    const msa = ack.getSegment('MSA');
    assert.equal(msa?.getField(1).toString(), 'AA');
    assert.equal(msa?.getField(2).toString(), 'MSG73519046');
    assert.equal(ack.getAckType(), 'AA');
    assert.equal(ack.getSegment('ERR'), undefined);
  });

  test('acknowledge builds an AE with an escaped ERR segment on failure', () => {
    const ack = acknowledge(Hl7Message.parse(SAMPLE_ADT_A01), 'Bad PID-7 | expected YYYYMMDD');
    assert.equal(ack.getAckType(), 'AE');
    assert.equal(ack.getSegment('MSA')?.getField(3).toString(), 'Application Error');
    const err = ack.getSegment('ERR');
    assert.equal(err?.getField(3).toString(), '207');
    assert.equal(err?.getField(4).toString(), 'E');
    assert.equal(err?.getField(8).toString(), 'Bad PID-7 \\F\\ expected YYYYMMDD');
    // The escaped text survives a round trip through the wire format.
    const reparsed = Hl7Message.parse(ack.toString());
    assert.equal(reparsed.getSegment('ERR')?.getField(8).toString(), 'Bad PID-7 \\F\\ expected YYYYMMDD');
  });

  test('escapeHl7 escapes every separator and the escape character itself', () => {
    assert.equal(escapeHl7('a|b^c&d~e\\f'), 'a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f');
  });

  test('buildLabResultMessage builds an ORU^R01 that parses back to the same values', () => {
    const message = buildLabResultMessage(glucoseResult(), 'RES0001');
    const text = message.toString();
    assert.ok(text.startsWith('MSH|^~\\&|MEDPLUM|CLINIC|LIS|LAB|20260105091500||ORU^R01^ORU_R01|RES0001|P|2.5.1\r'));
    const parsed = Hl7Message.parse(text);
    assert.equal(parsed.header.getComponent(9, 2), 'R01');
    assert.equal(parsed.getSegment('PID')?.getComponent(3, 1), 'MRN-40718263');
    const obx = parsed.getSegment('OBX');
    assert.equal(obx?.getField(2).toString(), 'NM');
    assert.equal(obx?.getComponent(3, 1), '2339-0');
    assert.equal(obx?.getComponent(3, 2), 'Glucose [Mass/volume] in Blood');
    assert.equal(obx?.getComponent(3, 3), 'LN');
    assert.equal(obx?.getField(5).toString(), '98');
    assert.equal(obx?.getField(6).toString(), 'mg/dL');
    assert.equal(obx?.getField(11).toString(), 'F');
    assert.equal(obx?.getField(14).toString(), '20260105091500');
  });
});

describe('integration/hl7-bot', () => {
  function event(text: string): BotEvent<Hl7Message> {
    return {
      bot: { reference: 'Bot/adt' },
      contentType: 'x-application/hl7-v2+er7',
      input: Hl7Message.parse(text),
      secrets: {},
    };
  }

  test('the ADT bot keeps one Patient per MRN and acknowledges each message', async () => {
    const medplum = mockWithSearch();
    const first = Hl7Message.parse(await handler(medplum, event(SAMPLE_ADT_A01)));
    assert.equal(first.getAckType(), 'AA');
    assert.equal(first.getSegment('MSA')?.getField(2).toString(), 'MSG73519046');

    // An A08 (update) for the same MRN with a new address replaces the same Patient.
    const update = SAMPLE_ADT_A01.replace('ADT^A01^ADT_A01|MSG73519046', 'ADT^A08^ADT_A01|MSG73519121').replace(
      '12 Oak Street^^Springfield^IL^62701',
      '40 Elm Road^^Springfield^IL^62704',
    );
    const second = Hl7Message.parse(await handler(medplum, event(update)));
    assert.equal(second.getAckType(), 'AA');
    assert.equal(second.header.getField(9).toString(), 'ACK^A08^ACK');

    const patients = await medplum.searchResources('Patient', {
      identifier: 'https://example.org/fhir/mrn/goodhealth|MRN-40718263',
    });
    assert.equal(patients.length, 1);
    assert.equal(patients[0].address?.[0]?.postalCode, '62704');
  });

  test('the ADT bot accepts but ignores events it does not handle', async () => {
    const medplum = mockWithSearch();
    const discharge = SAMPLE_ADT_A01.replace('ADT^A01^ADT_A01', 'ADT^A03^ADT_A03');
    const ack = Hl7Message.parse(await handler(medplum, event(discharge)));
    assert.equal(ack.getAckType(), 'AA');
    const patients = await medplum.searchResources('Patient', {
      identifier: 'https://example.org/fhir/mrn/goodhealth|MRN-40718263',
    });
    assert.equal(patients.length, 0);
  });

  test('the ADT bot answers AE when PID-3 is empty', async () => {
    const medplum = mockWithSearch();
    const noMrn = SAMPLE_ADT_A01.replace('MRN-40718263^^^GOODHEALTH^MR', '');
    const ack = Hl7Message.parse(await handler(medplum, event(noMrn)));
    assert.equal(ack.getAckType(), 'AE');
    assert.equal(ack.getSegment('ERR')?.getField(8).toString(), 'PID-3 has no identifier');
  });
});

describe('integration/webhooks', () => {
  test('createSignedWebhook stores a valid rest-hook Subscription with the secret extension', async () => {
    const medplum = mockWithSearch();
    const sub = await createSignedWebhook(
      medplum,
      'DiagnosticReport?status=final',
      'https://hooks.example.com/medplum',
      'whsec-123',
    );
    const stored = await medplum.readResource('Subscription', sub.id);
    assert.equal(stored.channel.type, 'rest-hook');
    assert.equal(stored.channel.endpoint, 'https://hooks.example.com/medplum');
    assert.equal(stored.extension?.find((e) => e.url === SUBSCRIPTION_SECRET_URL)?.valueString, 'whsec-123');
    // The server reads the attempts extension under its https URL only.
    assert.equal(
      SUBSCRIPTION_MAX_ATTEMPTS_URL,
      'https://medplum.com/fhir/StructureDefinition/subscription-max-attempts',
    );
    assert.equal(stored.extension?.find((e) => e.url === SUBSCRIPTION_MAX_ATTEMPTS_URL)?.valueInteger, 3);
    assert.doesNotThrow(() => validateResource(stored));
  });

  test('isSignatureValid accepts the HMAC of the exact body and rejects anything else', () => {
    const body = JSON.stringify({ resourceType: 'DiagnosticReport', id: 'r1', status: 'final' });
    const signature = createHmac('sha256', 'whsec-123').update(body).digest('hex');
    assert.equal(isSignatureValid(body, signature, 'whsec-123'), true);
    assert.equal(isSignatureValid(Buffer.from(body), signature, 'whsec-123'), true);
    assert.equal(isSignatureValid(body + ' ', signature, 'whsec-123'), false);
    assert.equal(isSignatureValid(body, signature, 'another-secret'), false);
    assert.equal(isSignatureValid(body, undefined, 'whsec-123'), false);
    assert.equal(isSignatureValid(body, 'not-hex', 'whsec-123'), false);
  });

  test('forwardToBot posts the payload to Bot/$execute by identifier', async () => {
    const server = onServer ? serverRecordingClient() : undefined;
    if (server) {
      // A vmcontext Bot with that identifier which accepts invoice events.
      const bot = await server.backend.createResource({
        resourceType: 'Bot',
        name: 'stripe-events',
        identifier: [{ system: 'https://example.org/bots', value: 'stripe-events' }],
        runtimeVersion: 'vmcontext',
      });
      await server.backend.post(server.backend.fhirUrl('Bot', bot.id, '$deploy'), {
        code: "exports.handler = async (medplum, event) => ({ ok: event.input.type === 'invoice.paid' });",
      });
    }
    const { medplum, requests } = server ?? scriptedClient([{ status: 200, body: { ok: true } }]);
    const result = await forwardToBot(
      medplum,
      { system: 'https://example.org/bots', value: 'stripe-events' },
      { type: 'invoice.paid' },
    );
    assert.deepEqual(result, { ok: true });
    assert.equal(requests[0].method, 'POST');
    assert.equal(requests[0].url.pathname, '/fhir/R4/Bot/$execute');
    assert.equal(requests[0].url.searchParams.get('identifier'), 'https://example.org/bots|stripe-events');
    assert.equal(requests[0].headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(requests[0].body ?? ''), { type: 'invoice.paid' });
  });
});

describe('integration/identifiers', () => {
  test('findByAnyIdentifier finds a patient by any one of its identifiers', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({
      resourceType: 'Patient',
      identifier: [{ system: SYSTEMS.hospitalMrn, value: 'MRN-40718263' }],
    });
    const found = await findByAnyIdentifier(medplum, [
      { system: SYSTEMS.labAccount, value: 'LAB-7730418' },
      { system: SYSTEMS.hospitalMrn, value: 'MRN-40718263' },
    ]);
    assert.equal(found?.id, patient.id);
    assert.equal(await findByAnyIdentifier(medplum, [{ system: SYSTEMS.labAccount, value: 'nope' }]), undefined);
  });

  test('findByAnyIdentifier refuses to choose when identifiers point at different patients', async () => {
    const medplum = mockWithSearch();
    await medplum.createResource<Patient>({
      resourceType: 'Patient',
      identifier: [{ system: SYSTEMS.hospitalMrn, value: 'A' }],
    });
    await medplum.createResource<Patient>({
      resourceType: 'Patient',
      identifier: [{ system: SYSTEMS.labAccount, value: 'B' }],
    });
    await assert.rejects(
      findByAnyIdentifier(medplum, [
        { system: SYSTEMS.hospitalMrn, value: 'A' },
        { system: SYSTEMS.labAccount, value: 'B' },
      ]),
      /match 2 different patients/,
    );
  });

  test('addIdentifier appends once and keeps the identifiers already there', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({
      resourceType: 'Patient',
      identifier: [{ system: SYSTEMS.hospitalMrn, value: 'MRN-40718263' }],
    });
    const lab = { system: SYSTEMS.labAccount, value: 'LAB-7730418' };
    const updated = await addIdentifier(medplum, patient.id, lab);
    assert.deepEqual(updated.identifier, [{ system: SYSTEMS.hospitalMrn, value: 'MRN-40718263' }, lab]);
    const again = await addIdentifier(medplum, patient.id, lab);
    assert.equal(again.identifier?.length, 2);
    assert.equal(again.meta?.versionId, updated.meta?.versionId);

    const bare = await medplum.createResource<Patient>({ resourceType: 'Patient' });
    const first = await addIdentifier(medplum, bare.id, lab);
    assert.deepEqual(first.identifier, [lab]);
  });
});

describe('integration/identifiers: matching a batch by MRN', () => {
  test('unmatchedRows returns the rows whose MRN no Patient carries, in one search', async () => {
    const medplum = mockWithSearch();
    for (const identifier of [
      { system: SYSTEMS.hospitalMrn, value: 'MRN-31760482' },
      { system: SYSTEMS.hospitalMrn, value: 'MRN-64018937' },
      // the same value in another system is not a match
      { system: SYSTEMS.labAccount, value: 'MRN-85203714' },
    ]) {
      await medplum.createResource<Patient>({ resourceType: 'Patient', identifier: [identifier] });
    }
    const searches = countCalls(medplum, 'search');
    const incoming = [
      { mrn: 'MRN-31760482', name: 'Ada' },
      { mrn: 'MRN-64018937', name: 'Alan' },
      { mrn: 'MRN-85203714', name: 'Grace' },
      { mrn: 'MRN-42679051', name: 'Katherine' },
    ];
    const missing = await unmatchedRows(medplum, incoming);
    assert.equal(searches.count, 1);
    assert.deepEqual(missing, [
      { mrn: 'MRN-85203714', name: 'Grace' },
      { mrn: 'MRN-42679051', name: 'Katherine' },
    ]);
    assert.deepEqual(await unmatchedRows(medplum, [{ mrn: 'MRN-64018937' }]), []);
  });
});

describe('integration/ccda: showing a received C-CDA', () => {
  test("ReceivedCcda embeds the attachment in Medplum's C-CDA viewer", () => {
    const doc: DocumentReference = {
      resourceType: 'DocumentReference',
      status: 'current',
      content: [
        {
          attachment: {
            contentType: 'application/cda+xml',
            url: 'https://storage.example.org/binary/received-ccda.xml',
            title: 'received-ccda.xml',
          },
        },
      ],
    };
    const html = renderToStaticMarkup(
      createElement(AppProviders, { medplum: new MockClient(), children: createElement(ReceivedCcda, { doc }) }),
    );
    assert.match(html, /<iframe title="C-CDA Viewer"[^>]*src="https:\/\/ccda\.medplum\.com"/);
    // The viewer gets the document's URL once the iframe has loaded; the page also links to it.
    assert.match(
      html,
      /<a[^>]*href="https:\/\/storage\.example\.org\/binary\/received-ccda\.xml"[^>]*>received-ccda\.xml<\/a>/,
    );
  });
});

describe('integration/ccda', () => {
  test('exportCcda GETs Patient/{id}/$ccda-export and returns the XML text', async () => {
    const xml = '<?xml version="1.0"?><ClinicalDocument xmlns="urn:hl7-org:v3"/>';
    const { medplum, requests } = scriptedClient([
      { status: 200, body: xml, headers: { 'content-type': 'application/cda+xml' } },
    ]);
    const result = await exportCcda(medplum, '9c0c8e79-f694-4cfb-9174-77c4e0e080b7', 'referral');
    assert.equal(result, xml);
    assert.equal(requests[0].method, 'GET');
    assert.equal(requests[0].url.pathname, '/fhir/R4/Patient/9c0c8e79-f694-4cfb-9174-77c4e0e080b7/$ccda-export');
    assert.equal(requests[0].url.searchParams.get('type'), 'referral');
  });

  test('fileReceivedCcda stores the XML and a DocumentReference on the chart', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Rivera' }] });
    const doc = await fileReceivedCcda(medplum, patient, '<ClinicalDocument/>', 'Good Health Hospital');
    assert.equal(doc.resourceType, 'DocumentReference');
    assert.equal(doc.subject?.reference, createReference(patient).reference);
    assert.equal(doc.content[0].attachment.contentType, 'application/cda+xml');
    assert.equal(doc.description, 'C-CDA received from Good Health Hospital');
    assert.doesNotThrow(() => validateResource(doc));
  });
});
