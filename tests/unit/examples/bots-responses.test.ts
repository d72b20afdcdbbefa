/**
 * The allergy-export bot runs against MockClient; the status each returned OperationOutcome gets is
 * the one `getStatus` (the server's mapping) gives it. The caller is checked with a scripted fetch
 * that answers as the server's unified bot response path does.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { getStatus, isOperationOutcome, OperationOutcomeError } from '@medplum/core';
import type { Binary, OperationOutcome, Patient } from '@medplum/fhirtypes';
import { mockWithSearch } from './mock-with-search';
import { scriptedClient } from './support/scripted-fetch';
import { bundleBot } from './support/bundle-bot';
import { serverRecordingClient } from './support/server-client';
import { onServer } from '../../server/on-server';
import { makeBotEvent } from '../../../examples/bots/local-runner';
import { downloadAllergyCsv, handler } from '../../../examples/bots/bot-responses';

describe('bots/bot-responses', () => {
  test('returns outcomes the server answers 400 and 404, and a stored CSV Binary otherwise', async () => {
    const medplum = mockWithSearch();

    const missing = await handler(medplum, makeBotEvent({}));
    assert.ok(isOperationOutcome(missing));
    assert.equal(getStatus(missing as OperationOutcome), 400);

    const unknown = await handler(medplum, makeBotEvent({ patientId: 'does-not-exist' }));
    assert.ok(isOperationOutcome(unknown));
    assert.equal(getStatus(unknown as OperationOutcome), 404);

    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Okafor' }] });
    await medplum.createResource({
      resourceType: 'AllergyIntolerance',
      patient: { reference: `Patient/${patient.id}` },
      clinicalStatus: {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }],
      },
      code: { coding: [{ system: 'http://snomed.info/sct', code: '91936005', display: 'Allergy to penicillin' }] },
    });
    const binary = (await handler(medplum, makeBotEvent({ patientId: patient.id }))) as Binary;
    assert.equal(binary.resourceType, 'Binary');
    assert.equal(binary.contentType, 'text/csv');
    assert.ok(binary.id);
  });

  test('the caller GETs $execute with the query as input and turns error answers into OperationOutcomeError', async () => {
    const csv = 'code,display,clinical_status\n91936005,Allergy to penicillin,active';
    const server = onServer ? serverRecordingClient() : undefined;
    let botId = 'bot-1';
    let patientId = 'p1';
    if (server) {
      // The example's handler, built with the esbuild command of the deploying-bots page, runs as
      // a vmcontext Bot; the patient has the one allergy of the CSV above.
      const bot = await server.backend.createResource({
        resourceType: 'Bot',
        name: 'allergy-csv',
        runtimeVersion: 'vmcontext',
      });
      await server.backend.post(server.backend.fhirUrl('Bot', bot.id, '$deploy'), {
        code: bundleBot('examples/bots/bot-responses.ts'),
      });
      botId = bot.id;
      const patient = await server.backend.createResource<Patient>({
        resourceType: 'Patient',
        name: [{ family: 'Okafor' }],
      });
      await server.backend.createResource({
        resourceType: 'AllergyIntolerance',
        patient: { reference: `Patient/${patient.id}` },
        clinicalStatus: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }],
        },
        code: { coding: [{ system: 'http://snomed.info/sct', code: '91936005', display: 'Allergy to penicillin' }] },
      });
      patientId = patient.id;
    }
    const { medplum, requests } =
      server ??
      scriptedClient([
        { status: 200, body: csv, headers: { 'content-type': 'text/csv' } },
        {
          status: 404,
          body: {
            resourceType: 'OperationOutcome',
            id: 'not-found',
            issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
          },
        },
      ]);
    assert.equal(await downloadAllergyCsv(medplum, botId, patientId), csv);
    assert.equal(requests[0].method, 'GET');
    assert.equal(requests[0].url.pathname, `/fhir/R4/Bot/${botId}/$execute`);
    assert.equal(requests[0].url.searchParams.get('patientId'), patientId);
    assert.equal(requests[0].headers.accept, '*/*');

    await assert.rejects(downloadAllergyCsv(medplum, botId, 'missing'), (err: unknown) => {
      assert.ok(err instanceof OperationOutcomeError);
      assert.equal(err.outcome.id, 'not-found');
      return true;
    });
  });
});
