/**
 * Runs the electronic prior authorization examples: an order-sign request whose prefetch is read
 * from the store, and the payer's coverage information kept on the order. The payer's answer is
 * written here by the test, as a coverage requirements service would return it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CdsResponse, CdsService } from '@medplum/core';
import { createReference } from '@medplum/core';
import type {
  Bundle,
  Coverage,
  Extension,
  Organization,
  Patient,
  Practitioner,
  ServiceRequest,
} from '@medplum/fhirtypes';
import { mockWithSearch } from './mock-with-search';
import { buildOrderSignRequest, keepCoverageInformation } from '../../../examples/compliance/hti-4';

const COVERAGE_INFO = 'http://hl7.org/fhir/us/davinci-crd/StructureDefinition/ext-coverage-information';

async function setup() {
  const medplum = mockWithSearch();
  const payer = await medplum.createResource<Organization>({
    resourceType: 'Organization',
    name: 'Example Health Plan',
  });
  const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Nguyen' }] });
  const doctor = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ given: ['Lena'], family: 'Park' }],
  });
  const coverage = await medplum.createResource<Coverage>({
    resourceType: 'Coverage',
    status: 'active',
    beneficiary: createReference(patient),
    payor: [createReference(payer)],
  });
  const order = await medplum.createResource<ServiceRequest>({
    resourceType: 'ServiceRequest',
    status: 'draft',
    intent: 'order',
    code: {
      coding: [
        {
          system: 'http://www.ama-assn.org/go/cpt',
          code: '72148',
          display:
            'Magnetic resonance (eg, proton) imaging, spinal canal and contents, lumbar; without contrast material',
        },
      ],
    },
    subject: createReference(patient),
    requester: createReference(doctor),
    extension: [{ url: 'https://clinic.example.org/order-source', valueString: 'order entry' }],
  });
  return { medplum, patient, doctor, coverage, order: order as ServiceRequest & { id: string } };
}

const crdService: CdsService = {
  id: 'crd-order-sign',
  hook: 'order-sign',
  title: 'Coverage requirements',
  prefetch: {
    patient: 'Patient/{{context.patientId}}',
    coverage: 'Coverage?patient={{context.patientId}}&status=active',
    user: 'Practitioner/{{userPractitionerId}}',
  },
};

function payerAnswer(order: ServiceRequest, coverage: Coverage, paNeeded: string): CdsResponse {
  const info: Extension = {
    url: COVERAGE_INFO,
    extension: [
      { url: 'coverage', valueReference: createReference(coverage) },
      { url: 'covered', valueCode: 'covered' },
      { url: 'pa-needed', valueCode: paNeeded },
      { url: 'date', valueDate: '2026-11-25' },
      { url: 'coverage-assertion-id', valueString: `CA-${paNeeded}` },
    ],
  };
  return {
    cards: [],
    systemActions: [
      {
        type: 'update',
        description: 'Coverage information',
        resource: { ...order, extension: [info], note: [{ text: 'not ours to write' }] },
      },
    ],
  };
}

describe('compliance/hti-4', () => {
  test('buildOrderSignRequest fills the payer service prefetch from the store', async () => {
    const { medplum, patient, doctor, coverage, order } = await setup();
    const request = await buildOrderSignRequest(medplum, doctor as Practitioner & { id: string }, crdService, order);
    assert.equal(request.hook, 'order-sign');
    assert.equal(request.context.patientId, patient.id);
    assert.equal(request.context.userId, `Practitioner/${doctor.id}`);
    const draftOrders = request.context.draftOrders as Bundle;
    assert.equal(draftOrders.entry?.[0].resource?.id, order.id);
    assert.equal((request.prefetch?.patient as Patient).id, patient.id);
    assert.equal((request.prefetch?.user as Practitioner).id, doctor.id);
    const coverageBundle = request.prefetch?.coverage as Bundle<Coverage>;
    assert.deepEqual(
      coverageBundle.entry?.map((e) => e.resource?.id),
      [coverage.id],
    );

    await assert.rejects(
      buildOrderSignRequest(
        medplum,
        doctor as Practitioner & { id: string },
        { id: 'pv', hook: 'patient-view' },
        order,
      ),
      /not order-sign/,
    );
  });

  test('keepCoverageInformation copies only the payer extensions and replaces an earlier answer', async () => {
    const { medplum, coverage, order } = await setup();
    const first = await keepCoverageInformation(medplum, order, payerAnswer(order, coverage, 'auth-needed'));
    assert.equal(first.note, undefined);
    assert.deepEqual(
      first.extension?.map((e) => e.url),
      ['https://clinic.example.org/order-source', COVERAGE_INFO],
    );

    const second = await keepCoverageInformation(medplum, order, payerAnswer(order, coverage, 'no-auth'));
    const infos = second.extension?.filter((e) => e.url === COVERAGE_INFO) ?? [];
    assert.equal(infos.length, 1);
    assert.equal(infos[0].extension?.find((e) => e.url === 'pa-needed')?.valueCode, 'no-auth');
    assert.notEqual(second.meta?.versionId, first.meta?.versionId);

    const unchanged = await keepCoverageInformation(medplum, order, { cards: [] });
    assert.equal(unchanged, order);
  });
});
