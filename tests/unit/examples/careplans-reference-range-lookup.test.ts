/**
 * Runs the code-and-publisher search against MockClient with the full search parameter set (which
 * includes Medplum's ObservationDefinition-publisher): of two labs' glucose definitions, only the
 * asked-for lab's comes back.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ObservationDefinition, Organization } from '@medplum/fhirtypes';
import { glucoseDefinitionOfLab } from '../../../examples/careplans/reference-range-lookup';
import { newSearchClient } from './support/search-mock';

const GLUCOSE = { system: 'http://loinc.org', code: '2339-0', display: 'Glucose [Mass/volume] in Blood' };

test('glucoseDefinitionOfLab finds the definition the given lab published', async () => {
  const medplum = newSearchClient();
  const labs: Organization[] = [];
  for (const name of ['Riverside Clinical Laboratory', 'Northgate Pathology']) {
    labs.push(await medplum.createResource<Organization>({ resourceType: 'Organization', name }));
  }
  const definitions: ObservationDefinition[] = [];
  for (const [lab, low] of [
    [labs[0], 70],
    [labs[1], 74],
  ] as const) {
    definitions.push(
      await medplum.createResource<ObservationDefinition>({
        resourceType: 'ObservationDefinition',
        code: { coding: [GLUCOSE] },
        publisher: { reference: `Organization/${lab.id}` },
        qualifiedInterval: [
          {
            category: 'reference',
            range: {
              low: { value: low, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
              high: { value: 99, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
            },
          },
        ],
      }),
    );
  }
  const found = await glucoseDefinitionOfLab(medplum, labs[1].id as string);
  assert.equal(found?.id, definitions[1].id);
  assert.equal(found?.qualifiedInterval?.[0]?.range?.low?.value, 74);
});
