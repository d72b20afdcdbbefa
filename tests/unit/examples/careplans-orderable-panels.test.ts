/**
 * Runs the orderable-panels example: the catalogue (tubes, tests, an order set with a nested reflex
 * rule), the order form's queries, a panel order in one transaction, and the reflex bot.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BotEvent } from '@medplum/core';
import { createReference, validateResource } from '@medplum/core';
import type { Observation, Patient, Practitioner, Resource, ServiceRequest } from '@medplum/fhirtypes';
import { HBA1C } from '../../../examples/careplans/codes';
import {
  CBC,
  CMP,
  createAnnualLabs,
  GLUCOSE,
  handler,
  orderablePanels,
  placePanelOrder,
  reflexOrders,
  tubesFor,
} from '../../../examples/careplans/orderable-panels';
import { mockWithSearch } from './mock-with-search';

function valid(resource: Resource): void {
  assert.doesNotThrow(() => validateResource(resource), resource.resourceType);
}

async function setup() {
  const medplum = mockWithSearch();
  const plan = await createAnnualLabs(medplum);
  const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Moreau' }] });
  const doctor = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ given: ['Ines'], family: 'Kowalski' }],
  });
  return { medplum, plan, patient, doctor };
}

function glucoseResult(order: ServiceRequest, mgdl: number): Observation {
  return {
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [GLUCOSE] },
    subject: order.subject,
    basedOn: [createReference(order)],
    valueQuantity: { value: mgdl, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
  };
}

describe('careplans/orderable-panels', () => {
  test('the catalogue is valid, loads once, and the picker gets each panel with its top-level tests', async () => {
    const { medplum, plan } = await setup();
    valid(plan);
    assert.equal(plan.action?.[0].action?.[0].condition?.[0].kind, 'applicability');
    // Loading the tests and the order set again finds the existing resources.
    const again = await createAnnualLabs(medplum);
    assert.equal(again.id, plan.id);
    assert.equal((await medplum.searchResources('ActivityDefinition', { _count: '20' })).length, 3);
    assert.equal((await medplum.searchResources('ObservationDefinition', { _count: '20' })).length, 5);
    assert.equal((await medplum.searchResources('SpecimenDefinition', { _count: '20' })).length, 2);

    const panels = await orderablePanels(medplum);
    assert.equal(panels.length, 1);
    assert.equal(panels[0].panel.id, plan.id);
    // The nested reflex test (HbA1c) is not included: only top-level actions are followed.
    assert.deepEqual(panels[0].tests.map((t) => t.code?.coding?.[0].code).sort(), [CMP.code, CBC.code].sort());
    for (const t of panels[0].tests) valid(t);
  });

  test('the collection list has one tube per specimen definition, with the tests that share it', async () => {
    const { medplum } = await setup();
    const [choice] = await orderablePanels(medplum);
    const tubes = await tubesFor(medplum, choice.tests);
    assert.equal(tubes.length, 2);
    const byAdditive = Object.fromEntries(
      tubes.map((t) => [
        t.specimen.typeTested?.[0].container?.additive?.[0].additiveCodeableConcept?.coding?.[0].code,
        t,
      ]),
    );
    assert.deepEqual(byAdditive.SST.forTests, ['Comprehensive metabolic panel']);
    assert.deepEqual(byAdditive.EDTK.forTests, ['Complete blood count']);
    assert.equal(byAdditive.EDTK.specimen.typeTested?.[0].container?.cap?.coding?.[0].code, 'lavender');
    for (const t of tubes) valid(t.specimen);
  });

  test('a panel order is one ServiceRequest per test with a shared requisition; a high glucose adds one reflex HbA1c', async () => {
    const { medplum, plan, patient, doctor } = await setup();
    const [choice] = await orderablePanels(medplum);
    const orders = await placePanelOrder(medplum, choice, patient, doctor, 'RQ6612094');
    assert.equal(orders.length, 2);
    for (const o of orders) {
      valid(o);
      assert.equal(o.requisition?.value, 'RQ6612094');
      assert.ok(o.instantiatesCanonical?.includes(plan.url as string));
    }
    const cmpOrder = orders.find((o) => o.code?.coding?.[0].code === CMP.code) as ServiceRequest;

    const normal = await medplum.createResource(glucoseResult(cmpOrder, 95));
    assert.deepEqual(await reflexOrders(medplum, normal), []);

    const high = await medplum.createResource(glucoseResult(cmpOrder, 140));
    const [reflex] = await handler(medplum, { input: high } as BotEvent<Observation>);
    valid(reflex);
    assert.equal(reflex.intent, 'reflex-order');
    assert.equal(reflex.code?.coding?.[0].code, HBA1C.code);
    assert.equal(reflex.basedOn?.[0].reference, `ServiceRequest/${cmpOrder.id}`);
    assert.equal(reflex.reasonReference?.[0].reference, `Observation/${high.id}`);
    assert.equal(reflex.requisition?.value, 'RQ6612094');

    // The same result delivered twice does not order twice.
    const [again] = await reflexOrders(medplum, high);
    assert.equal(again.id, reflex.id);
    const reflexes = await medplum.searchResources('ServiceRequest', { 'based-on': `ServiceRequest/${cmpOrder.id}` });
    assert.equal(reflexes.length, 1);

    // A CBC result never triggers the CMP's rule.
    const cbcOrder = orders.find((o) => o.code?.coding?.[0].code === CBC.code) as ServiceRequest;
    const cbcHigh = await medplum.createResource(glucoseResult(cbcOrder, 300));
    assert.deepEqual(await reflexOrders(medplum, cbcHigh), []);
  });
});
