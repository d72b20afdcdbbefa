/**
 * The x-fhir-query extraction example: the form is valid, the embedded FHIRPath resolves against a
 * response exactly as the server's extractor resolves it (parseXFhirQuery with %resource), the
 * search finds the practitioner, and the value expression over the searchset Bundle yields the
 * reference. MockClient has no $extract, so the server's steps are reproduced with @medplum/core.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { evalFhirPathTyped, parseXFhirQuery, toTypedValue, validateResource } from '@medplum/core';
import type { Bundle, Practitioner, QuestionnaireResponse } from '@medplum/fhirtypes';
import { referralForm, SPECIALIST_BY_NPI } from '../../../examples/questionnaires/fhir-query';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

describe('questionnaires x-fhir-query extraction', () => {
  test('the form and its template are valid FHIR', () => {
    loadFullDefinitions();
    assert.doesNotThrow(() => validateResource(referralForm()));
  });

  test('the query resolves against the response and finds the practitioner by NPI', async () => {
    loadFullDefinitions();
    const medplum = mockWithSearch();
    const specialist = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ given: ['Rosa'], family: 'Nguyen' }],
      identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi', value: '1742603180' }],
    });
    const response: QuestionnaireResponse = {
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      subject: { reference: 'Patient/p1' },
      item: [
        { linkId: 'npi', answer: [{ valueString: '1742603180' }] },
        { linkId: 'reason', answer: [{ valueString: 'Persistent atrial fibrillation' }] },
      ],
    };
    const search = parseXFhirQuery(SPECIALIST_BY_NPI, { '%resource': toTypedValue(response) });
    assert.equal(search.resourceType, 'Practitioner');
    assert.deepEqual(search.filters?.[0], {
      code: 'identifier',
      operator: 'eq',
      value: 'http://hl7.org/fhir/sid/us-npi|1742603180',
    });

    const bundle = (await medplum.search(search.resourceType, {
      identifier: search.filters?.[0].value as string,
    })) as Bundle;
    const reference = evalFhirPathTyped("'Practitioner/' + entry.resource.first().id", [toTypedValue(bundle)]);
    assert.equal(reference[0]?.value, `Practitioner/${specialist.id}`);

    // Without an answer the placeholder gives no value and is left empty.
    const empty = parseXFhirQuery(SPECIALIST_BY_NPI, { '%resource': toTypedValue({ ...response, item: [] }) });
    assert.equal(empty.filters?.[0].value, 'http://hl7.org/fhir/sid/us-npi|');
  });
});
