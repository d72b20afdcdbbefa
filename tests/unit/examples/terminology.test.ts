/**
 * Terminology examples: the CodeSystem and ValueSets are stored in MockClient and validated; the
 * operations ($lookup, $validate-code, $import) are not implemented by MockClient, so they run
 * against a recording fetch that answers like the Medplum server and the tests check both the
 * request sent and how the answer is read.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MedplumClient, validateResource } from '@medplum/core';
import type { CodeSystem, Parameters, ValueSet } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import {
  allVisitReasons,
  bookableReasons,
  ensureCodeSystem,
  ensureValueSet,
  followUpReasons,
  VISIT_REASON_SYSTEM,
  visitReasons,
} from '../../../examples/terminology/code-systems';
import {
  codeExists,
  displayInLanguage,
  importConcepts,
  importInBatches,
  isInValueSet,
  lookupCode,
  searchCodes,
  searchCodesInLanguage,
} from '../../../examples/terminology/operations';
import { onServer } from '../../server/on-server';
import { mockWithSearch } from './mock-with-search';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

function serverLike(reply: (call: Call) => unknown): { medplum: MedplumClient; calls: Call[] } {
  const calls: Call[] = [];
  const fetch = (async (input: string | URL, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url: new URL(input.toString()),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return new Response(JSON.stringify(reply(call)), {
      status: 200,
      headers: { 'Content-Type': 'application/fhir+json' },
    });
  }) as typeof globalThis.fetch;
  return { medplum: new MedplumClient({ baseUrl: 'https://fhir.example.org/', fetch }), calls };
}

/** The visit reasons with Spanish and German displays for the blood pressure follow-up. */
const withDesignations: CodeSystem = {
  ...visitReasons,
  concept: visitReasons.concept?.map((c) => ({
    ...c,
    concept: c.concept?.map((child) =>
      child.code === 'follow-up-bp'
        ? {
            ...child,
            designation: [
              { language: 'de', value: 'Blutdruckkontrolle' },
              { language: 'es', value: 'Control de presión arterial' },
            ],
          }
        : child,
    ),
  })),
};

/** The visit-reason system stored without concepts, to be filled by CodeSystem/$import. */
const importTarget: CodeSystem = { ...visitReasons, content: 'not-present', concept: undefined };

/**
 * On a server: a client of a new project that holds the visit-reason code system (or `codeSystem`)
 * and its value sets; its requests are logged like serverLike's, from the first example call on.
 */
async function onServerWith(codeSystem: CodeSystem = visitReasons): Promise<{ medplum: MedplumClient; calls: Call[] }> {
  const backend = new MockClient();
  const calls: Call[] = [];
  const fetch = (async (input: string | URL, init?: RequestInit) => {
    calls.push({
      method: init?.method ?? 'GET',
      url: new URL(input.toString()),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return backend.client.mockFetch(input.toString(), init ?? {});
  }) as typeof globalThis.fetch;
  const medplum = new MockClient({ fetch } as ConstructorParameters<typeof MockClient>[0]);
  await ensureCodeSystem(medplum, codeSystem);
  for (const valueSet of [allVisitReasons, followUpReasons, bookableReasons]) {
    await ensureValueSet(medplum, valueSet);
  }
  calls.length = 0;
  return { medplum, calls };
}

describe('terminology/code-systems', () => {
  test('the code system and value sets are valid and created once', async () => {
    const medplum = mockWithSearch();
    for (const r of [visitReasons, allVisitReasons, followUpReasons, bookableReasons]) {
      assert.doesNotThrow(() => validateResource(r), r.url);
    }
    const cs = await ensureCodeSystem(medplum, visitReasons);
    const again = await ensureCodeSystem(medplum, visitReasons);
    assert.equal(again.id, cs.id);
    const vs = await ensureValueSet(medplum, followUpReasons);
    assert.equal(vs.compose?.include[0].filter?.[0].op, 'descendent-of');
    const stored = await medplum.searchResources('ValueSet', { url: followUpReasons.url as string });
    assert.equal(stored.length, 1);
  });
});

describe('terminology/operations', () => {
  test('searchCodes sends url, filter and a small count to ValueSet/$expand', async () => {
    const { medplum, calls } = onServer
      ? await onServerWith()
      : serverLike(
          () =>
            ({
              resourceType: 'ValueSet',
              status: 'active',
              expansion: {
                timestamp: '2026-11-23T00:00:00Z',
                contains: [{ system: VISIT_REASON_SYSTEM, code: 'follow-up-bp', display: 'Blood pressure follow-up' }],
              },
            }) satisfies ValueSet,
        );
    const codes = await searchCodes(medplum, allVisitReasons.url as string, 'blood');
    assert.deepEqual(
      codes.map((c) => c.code),
      ['follow-up-bp'],
    );
    assert.equal(calls[0].url.pathname, '/fhir/R4/ValueSet/$expand');
    assert.equal(calls[0].url.searchParams.get('filter'), 'blood');
    assert.equal(calls[0].url.searchParams.get('count'), '10');
  });

  test('lookupCode reads the display, the system name and typed properties', async () => {
    const { medplum, calls } = onServer
      ? await onServerWith()
      : serverLike(
          () =>
            ({
              resourceType: 'Parameters',
              parameter: [
                { name: 'name', valueString: 'Visit reasons' },
                { name: 'display', valueString: 'Diabetes follow-up' },
                {
                  name: 'property',
                  part: [
                    { name: 'code', valueCode: 'bookable' },
                    { name: 'value', valueBoolean: true },
                    { name: 'description', valueString: 'Patients may choose this reason when booking online' },
                  ],
                },
                // A nested concept's parent, named after the hierarchyMeaning.
                {
                  name: 'property',
                  part: [
                    { name: 'code', valueCode: 'is-a' },
                    { name: 'value', valueCode: 'follow-up' },
                    { name: 'description', valueString: 'Follow-up visit' },
                  ],
                },
              ],
            }) satisfies Parameters,
        );
    const result = await lookupCode(medplum, VISIT_REASON_SYSTEM, 'follow-up-diabetes');
    assert.deepEqual(result, {
      system: 'Visit reasons',
      display: 'Diabetes follow-up',
      properties: { bookable: true, 'is-a': 'follow-up' },
    });
    assert.equal(calls[0].url.pathname, '/fhir/R4/CodeSystem/$lookup');
    assert.equal(calls[0].url.searchParams.get('code'), 'follow-up-diabetes');
  });

  test('isInValueSet and codeExists read the result parameter', async () => {
    const { medplum, calls } = onServer
      ? await onServerWith()
      : serverLike((call) => {
          const code = call.url.searchParams.get('code');
          return code === 'follow-up-bp'
            ? {
                resourceType: 'Parameters',
                parameter: [
                  { name: 'result', valueBoolean: true },
                  { name: 'display', valueString: 'Blood pressure follow-up' },
                ],
              }
            : { resourceType: 'Parameters', parameter: [{ name: 'result', valueBoolean: false }] };
        });
    assert.equal(
      await isInValueSet(medplum, followUpReasons.url as string, {
        system: VISIT_REASON_SYSTEM,
        code: 'follow-up-bp',
        display: 'anything',
      }),
      true,
    );
    assert.equal(calls[0].url.searchParams.get('display'), null, 'display is not sent');
    assert.equal(
      await isInValueSet(medplum, followUpReasons.url as string, {
        system: VISIT_REASON_SYSTEM,
        code: 'annual-wellness',
      }),
      false,
    );
    assert.equal(await codeExists(medplum, VISIT_REASON_SYSTEM, 'follow-up-bp'), 'Blood pressure follow-up');
    assert.equal(await codeExists(medplum, VISIT_REASON_SYSTEM, 'nope'), undefined);
    assert.equal(calls[2].url.pathname, '/fhir/R4/CodeSystem/$validate-code');
    assert.equal(calls[2].url.searchParams.get('url'), VISIT_REASON_SYSTEM);
  });

  test('displayLanguage goes to $expand; $lookup designations are picked by language', async () => {
    const { medplum, calls } = onServer
      ? await onServerWith(withDesignations)
      : serverLike((call) =>
          call.url.pathname.endsWith('$expand')
            ? {
                resourceType: 'ValueSet',
                status: 'active',
                expansion: {
                  timestamp: '2026-11-23T00:00:00Z',
                  contains: [
                    { system: VISIT_REASON_SYSTEM, code: 'follow-up-bp', display: 'Control de presión arterial' },
                  ],
                },
              }
            : {
                resourceType: 'Parameters',
                parameter: [
                  { name: 'name', valueString: 'Visit reasons' },
                  { name: 'display', valueString: 'Blood pressure follow-up' },
                  {
                    name: 'designation',
                    part: [
                      { name: 'language', valueCode: 'de' },
                      { name: 'value', valueString: 'Blutdruckkontrolle' },
                    ],
                  },
                  {
                    name: 'designation',
                    part: [
                      { name: 'language', valueCode: 'es' },
                      { name: 'value', valueString: 'Control de presión arterial' },
                    ],
                  },
                ],
              },
        );
    const codes = await searchCodesInLanguage(medplum, allVisitReasons.url as string, 'presión', 'es');
    assert.equal(codes[0].display, 'Control de presión arterial');
    assert.equal(calls[0].url.searchParams.get('displayLanguage'), 'es');
    assert.equal(
      await displayInLanguage(medplum, VISIT_REASON_SYSTEM, 'follow-up-bp', 'es'),
      'Control de presión arterial',
    );
    assert.equal(calls[1].url.pathname, '/fhir/R4/CodeSystem/$lookup');
    assert.equal(calls[1].url.searchParams.get('displayLanguage'), null, '$lookup takes no displayLanguage');
    assert.equal(
      await displayInLanguage(medplum, VISIT_REASON_SYSTEM, 'follow-up-bp', 'fr'),
      'Blood pressure follow-up',
    );
  });

  test('importConcepts posts Parameters in the shape CodeSystem/$import reads; batches split large lists', async () => {
    const { medplum, calls } = onServer
      ? await onServerWith(importTarget)
      : serverLike(() => ({ resourceType: 'Parameters', parameter: [] }));
    await importConcepts(
      medplum,
      VISIT_REASON_SYSTEM,
      [{ code: 'telehealth', display: 'Telehealth visit' }],
      [{ code: 'telehealth', property: 'bookable', value: 'true' }],
    );
    assert.equal(calls[0].method, 'POST');
    assert.equal(calls[0].url.pathname, '/fhir/R4/CodeSystem/$import');
    const body = calls[0].body as Parameters;
    assert.deepEqual(
      body.parameter?.map((p) => p.name),
      ['system', 'concept', 'property'],
    );
    assert.equal(body.parameter?.[1].valueCoding?.code, 'telehealth');
    assert.deepEqual(
      body.parameter?.[2].part?.map((p) => p.name),
      ['code', 'property', 'value'],
    );

    const many = Array.from({ length: 1200 }, (_, i) => ({ code: `c${i}`, display: `Code ${i}` }));
    assert.equal(await importInBatches(medplum, VISIT_REASON_SYSTEM, many), 3);
    assert.equal(calls.length, 4);
    assert.equal((calls[3].body as Parameters).parameter?.length, 1 + 200);
    if (onServer) {
      // The imported codes and property are in the server's terminology tables.
      const telehealth = await lookupCode(medplum, VISIT_REASON_SYSTEM, 'telehealth');
      assert.equal(telehealth.display, 'Telehealth visit');
      assert.equal(telehealth.properties.bookable, true);
      assert.equal(await codeExists(medplum, VISIT_REASON_SYSTEM, 'c1199'), 'Code 1199');
    }
  });
});
