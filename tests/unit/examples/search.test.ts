import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FhirFilterComparison, FhirFilterConnective } from '@medplum/core';
import { DEFAULT_MAX_SEARCH_COUNT, Operator, parseFilterParameter } from '@medplum/core';
import type { Observation, Patient, ValueSet } from '@medplum/fhirtypes';
import type { MockClient } from '@medplum/mock';
import { findByIdentifier, listByFamily, searchByFamily, threeWaysToAsk } from '../../../examples/search/basic-search';
import {
  bornBetween,
  countByFamily,
  preliminaryOrAmended,
  slimPageWithTotal,
  slimPatient,
  unfinishedResults,
  withoutBirthDate,
} from '../../../examples/search/advanced-search';
import {
  observationsAtOrganization,
  observationsForPatientsNamed,
  patientsWithFeverRecord,
  patientsWithFever,
  patientsWithObservationCode,
} from '../../../examples/search/chained-search';
import { explainFilter, nameOrBornAfter, quote } from '../../../examples/search/filter-search';
import {
  observationsWithCareTeam,
  observationsWithPatients,
  patientWithObservations,
  splitEntries,
} from '../../../examples/search/includes';
import {
  collectByOffset,
  countPatientsPageByPage,
  followNextLinks,
  nextPageUrl,
  serverDefaultPageSize,
} from '../../../examples/search/paginated-search';
import { newSearchClient, recordingClient, uniqueTag } from './support/search-mock';
import { loadFullDefinitions } from './mock-with-search';
import { indexedValues } from '../../../examples/search/search-expressions';
import { linkedProjectValueSets } from '../../../examples/search/special-parameters';

const quiet = { log: console.log };
console.log = () => undefined; // the examples log progress; keep test output readable
process.on('exit', () => {
  console.log = quiet.log;
});

async function createFamily(medplum: MockClient, family: string, people: Partial<Patient>[]): Promise<Patient[]> {
  const created: Patient[] = [];
  for (const p of people) {
    created.push(
      await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family, given: ['X'] }], ...p }),
    );
  }
  return created;
}

describe('basic search', () => {
  test('search, searchResources and searchOne find the created patients', async () => {
    const medplum = newSearchClient();
    const family = uniqueTag('Fam');
    const [older, younger] = await createFamily(medplum, family, [
      {
        birthDate: '1960-03-01',
        gender: 'female',
        identifier: [{ system: 'https://example.org/mrn', value: 'MRN-61830472' }],
      },
      {
        birthDate: '1990-07-15',
        gender: 'male',
        identifier: [{ system: 'https://example.org/mrn', value: 'MRN-27459163' }],
      },
    ]);

    const bundle = await searchByFamily(medplum, family);
    assert.equal(bundle.type, 'searchset');
    assert.deepEqual(
      bundle.entry?.map((e) => e.search?.mode),
      ['match', 'match'],
    );

    const list = await listByFamily(medplum, family);
    assert.deepEqual(
      list.map((p) => p.id),
      [older.id, younger.id],
    );
    assert.equal(list.bundle.resourceType, 'Bundle');

    const hit = await findByIdentifier(medplum, 'https://example.org/mrn', 'MRN-27459163');
    assert.equal(hit?.id, younger.id);
    assert.equal(await findByIdentifier(medplum, 'https://example.org/mrn', 'MRN-83015297'), undefined);
  });

  test('object, string and pair forms of the query return the same patients', async () => {
    const medplum = newSearchClient();
    const family = uniqueTag('Forms');
    const [woman] = await createFamily(medplum, family, [{ gender: 'female' }, { gender: 'male' }]);
    const [a, b, c] = await threeWaysToAsk(medplum, family);
    assert.deepEqual(a, [woman.id]);
    assert.deepEqual(b, a);
    assert.deepEqual(c, a);
  });
});

describe('advanced search parameters', () => {
  test('date prefixes bound a range and _sort orders it', async () => {
    const medplum = newSearchClient();
    const family = uniqueTag('Dates');
    const people = await createFamily(medplum, family, [
      { birthDate: '1949-12-31' },
      { birthDate: '1950-01-01' },
      { birthDate: '1955-06-15' },
      { birthDate: '1960-01-01' },
    ]);
    const found = await bornBetween(medplum, '1950-01-01', '1960-01-01');
    const ours = found.filter((p) => p.name?.[0]?.family === family);
    // ge includes the lower bound, lt excludes the upper one; -birthdate sorts newest first.
    assert.deepEqual(
      ours.map((p) => p.id),
      [people[2].id, people[1].id],
    );
  });

  test(':not and comma-separated values on a token parameter', async () => {
    const medplum = newSearchClient();
    const [patient] = await createFamily(medplum, uniqueTag('Tok'), [{}]);
    const statuses: Observation['status'][] = ['final', 'preliminary', 'amended', 'cancelled'];
    for (const status of statuses) {
      await medplum.createResource<Observation>({
        resourceType: 'Observation',
        status,
        code: { text: 'test' },
        subject: { reference: `Patient/${patient.id}` },
      });
    }
    const notFinal = await unfinishedResults(medplum, patient.id as string);
    assert.deepEqual(notFinal.map((o) => o.status).sort(), ['amended', 'cancelled', 'preliminary']);
    const either = await preliminaryOrAmended(medplum, patient.id as string);
    assert.deepEqual(either.map((o) => o.status).sort(), ['amended', 'preliminary']);
  });

  test(':missing, _summary=count and _total', async () => {
    const medplum = newSearchClient();
    const family = uniqueTag('Count');
    const people = await createFamily(medplum, family, [{ birthDate: '2001-01-01' }, {}, {}]);
    const missing = await withoutBirthDate(medplum, family);
    assert.deepEqual(missing.map((p) => p.id).sort(), [people[1].id, people[2].id].sort());

    assert.equal(await countByFamily(medplum, family), 3);

    const page = await slimPageWithTotal(medplum, family);
    assert.equal(page.total, 3);
    assert.equal(page.entry?.length, 3);
  });

  test('slimPatient finds one Patient by _id with _elements, not by a read', async () => {
    const { medplum, urls } = recordingClient();
    const family = uniqueTag('Slim');
    const [other, patient] = await createFamily(medplum, family, [{}, { birthDate: '1990-04-02' }]);
    const slim = await slimPatient(medplum, patient.id as string);
    assert.equal(slim?.id, patient.id);
    assert.notEqual(slim?.id, other.id);
    assert.equal(slim?.birthDate, '1990-04-02');
    assert.equal(slim?.name?.[0]?.family, family);
    // MockClient ignores _elements and returns the whole resource, so check what was sent.
    const sent = urls[urls.length - 1];
    assert.equal(sent.pathname, '/fhir/R4/Patient');
    assert.equal(sent.searchParams.get('_id'), patient.id);
    assert.equal(sent.searchParams.get('_elements'), 'name,birthDate');
    assert.equal(await slimPatient(medplum, 'no-such-patient'), undefined);
  });
});

describe('chained search', () => {
  test('forward chain through subject:Patient.name', async () => {
    const medplum = newSearchClient();
    const family = uniqueTag('Chain');
    const [patient] = await createFamily(medplum, family, [{}]);
    const [other] = await createFamily(medplum, uniqueTag('Other'), [{}]);
    for (const subject of [patient, patient, other]) {
      await medplum.createResource<Observation>({
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'x' },
        subject: { reference: `Patient/${subject.id}` },
      });
    }
    const found = await observationsForPatientsNamed(medplum, family);
    assert.equal(found.length, 2);
    assert.ok(found.every((o) => o.subject?.reference === `Patient/${patient.id}`));
  });

  test('multi-link and _has chains are sent as FHIR query parameters', async () => {
    // MockClient evaluates only one-link forward chains, so check the requests instead.
    const { medplum, urls } = recordingClient();
    await observationsAtOrganization(medplum, 'Acme Clinic');
    await patientsWithObservationCode(medplum, '8867-4');
    assert.equal(urls[0].pathname, '/fhir/R4/Observation');
    assert.equal(urls[0].searchParams.get('subject:Patient.organization.name'), 'Acme Clinic');
    assert.equal(urls[1].pathname, '/fhir/R4/Patient');
    assert.equal(urls[1].searchParams.get('_has:Observation:subject:code'), 'http://loinc.org|8867-4');
  });

  test('a prefix at the end of a _has chain and a _has path in _filter are sent unchanged', async () => {
    const { medplum, urls } = recordingClient();
    await patientsWithFever(medplum);
    await patientsWithFeverRecord(medplum);
    assert.equal(urls[0].pathname, '/fhir/R4/Patient');
    assert.equal([...urls[0].searchParams.keys()].join(','), '_has:Observation:subject:value-quantity');
    assert.equal(
      urls[0].searchParams.get('_has:Observation:subject:value-quantity'),
      'gt100.4|http://unitsofmeasure.org|[degF]',
    );
    // The client parses _filter the way the server does: each _has chain is a path with its own operator.
    const parsed = parseFilterParameter(urls[1].searchParams.get('_filter') as string) as FhirFilterConnective;
    assert.equal(parsed.keyword, 'or');
    const left = parsed.left as FhirFilterComparison;
    const right = parsed.right as FhirFilterComparison;
    assert.equal(left.path, '_has:Observation:subject:code');
    assert.equal(left.operator, Operator.EXACT);
    assert.equal(right.path, '_has:Condition:subject:code');
    assert.equal(right.value, 'http://snomed.info/sct|386661006');
  });
});

describe('_filter', () => {
  test('and/or chains group from the right unless parenthesized', () => {
    assert.equal(
      explainFilter('name co "ann" and gender eq female or gender eq male'),
      '([name contains ann] and ([gender exact female] or [gender exact male]))',
    );
    assert.equal(
      explainFilter('(name co "ann" and gender eq female) or gender eq male'),
      '(([name contains ann] and [gender exact female]) or [gender exact male])',
    );
    assert.equal(explainFilter('not (status eq final)'), 'not([status exact final])');
  });

  test('unsupported operators are rejected', () => {
    assert.throws(() => explainFilter('name ew "son"'), /Invalid operator: ew/);
    assert.throws(() => explainFilter('name co "a" xor gender eq male'), /Unexpected token/);
  });

  test('quote() survives quotes and backslashes', () => {
    const nasty = 'O"Brien \\ co';
    assert.equal(explainFilter(`name co ${quote(nasty)}`), `[name contains ${nasty}]`);
  });

  test('nameOrBornAfter sends one _filter parameter', async () => {
    const { medplum, urls } = recordingClient();
    await nameOrBornAfter(medplum, 'smi', '2000-01-01');
    const sent = urls[0].searchParams.get('_filter') as string;
    assert.equal(sent, 'name co "smi" or birthdate ge 2000-01-01');
    assert.equal(explainFilter(sent), '([name contains smi] or [birthdate ge 2000-01-01])');
  });
});

describe('_include and _revinclude', () => {
  async function seed(medplum: MockClient): Promise<{ code: string; patientId: string; gpId: string }> {
    const gp = await medplum.createResource({ resourceType: 'Practitioner', name: [{ family: uniqueTag('Gp') }] });
    const [patient] = await createFamily(medplum, uniqueTag('Inc'), [
      { generalPractitioner: [{ reference: `Practitioner/${gp.id}` }] },
    ]);
    const code = `https://example.org/codes|${uniqueTag('c')}`;
    const [system, value] = code.split('|');
    for (let i = 0; i < 2; i++) {
      await medplum.createResource<Observation>({
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [{ system, code: value }] },
        subject: { reference: `Patient/${patient.id}` },
      });
    }
    return { code, patientId: patient.id as string, gpId: gp.id as string };
  }

  test('_include adds the subject of each match once', async () => {
    const medplum = newSearchClient();
    const { code, patientId } = await seed(medplum);
    const { observations, patients } = await observationsWithPatients(medplum, code);
    assert.equal(observations.length, 2);
    assert.deepEqual(
      patients.map((p) => p.id),
      [patientId],
    );
  });

  test('_revinclude adds the observations that point back', async () => {
    const medplum = newSearchClient();
    const { patientId } = await seed(medplum);
    const { patient, observations } = await patientWithObservations(medplum, patientId);
    assert.equal(patient?.id, patientId);
    assert.equal(observations.length, 2);
    assert.ok(observations.every((o) => o.subject?.reference === `Patient/${patientId}`));
  });

  test(':iterate follows a second hop from the included patient', async () => {
    const medplum = newSearchClient();
    const { code, gpId } = await seed(medplum);
    const practitioners = await observationsWithCareTeam(medplum, code);
    assert.deepEqual(
      practitioners.map((p) => p.id),
      [gpId],
    );
  });

  test('splitEntries keeps matches and includes apart', () => {
    const { matches, included } = splitEntries({
      resourceType: 'Bundle',
      type: 'searchset',
      entry: [
        { search: { mode: 'match' }, resource: { resourceType: 'Patient', id: 'a' } },
        { search: { mode: 'include' }, resource: { resourceType: 'Practitioner', id: 'b' } },
      ],
    });
    assert.deepEqual(
      matches.map((r) => r.id),
      ['a'],
    );
    assert.deepEqual(
      included.map((r) => r.id),
      ['b'],
    );
  });
});

describe('paginated search', () => {
  test('the default page size is DEFAULT_SEARCH_COUNT from @medplum/core', () => {
    assert.equal(serverDefaultPageSize, 20);
    assert.equal(DEFAULT_MAX_SEARCH_COUNT, 1000);
  });

  test('offset paging collects every match exactly once', async () => {
    const medplum = newSearchClient();
    const family = uniqueTag('Page');
    const created = await createFamily(
      medplum,
      family,
      Array.from({ length: 7 }, () => ({})),
    );
    const all = await collectByOffset(medplum, family, 3);
    assert.equal(all.length, 7);
    assert.deepEqual(new Set(all.map((p) => p.id)), new Set(created.map((p) => p.id)));
  });

  test('searchResourcePages asks for 1,000 per page when _count is absent', async () => {
    const { medplum, urls } = recordingClient();
    const family = uniqueTag('Pages');
    await createFamily(
      medplum,
      family,
      Array.from({ length: 25 }, () => ({})),
    );
    const sizes = await countPatientsPageByPage(medplum, family);
    assert.equal(
      sizes.reduce((a, b) => a + b, 0),
      25,
    );
    const searchUrl = urls.find((u) => u.pathname === '/fhir/R4/Patient' && u.searchParams.has('family'));
    assert.equal(searchUrl?.searchParams.get('_count'), '1000');
  });

  test('followNextLinks stops when the bundle has no next link', async () => {
    const medplum = newSearchClient();
    const family = uniqueTag('Links');
    await createFamily(
      medplum,
      family,
      Array.from({ length: 4 }, () => ({})),
    );
    assert.equal((await followNextLinks(medplum, family)).length, 4);
    assert.equal(
      nextPageUrl({
        resourceType: 'Bundle',
        type: 'searchset',
        link: [
          { relation: 'self', url: 'https://api.example.com/fhir/R4/Patient?_count=2' },
          { relation: 'next', url: 'https://api.example.com/fhir/R4/Patient?_count=2&_offset=2' },
        ],
      }),
      'https://api.example.com/fhir/R4/Patient?_count=2&_offset=2',
    );
  });
});

describe('search parameter expressions with ofType()', () => {
  test('indexedValues evaluates the shipped ofType() expressions and derives the search type', () => {
    loadFullDefinitions();
    const quantity: Observation = {
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '8310-5', display: 'Body temperature' }] },
      valueQuantity: { value: 38.2, unit: 'Cel', system: 'http://unitsofmeasure.org', code: 'Cel' },
    };
    const concept: Observation = {
      ...quantity,
      valueQuantity: undefined,
      valueCodeableConcept: { coding: [{ system: 'http://snomed.info/sct', code: '386661006', display: 'Fever' }] },
    };
    const q = indexedValues(quantity, 'value-quantity');
    assert.equal(q.expression, '(Observation.value.ofType(Quantity)) | (Observation.value.ofType(SampledData))');
    assert.equal(q.type, 'QUANTITY');
    assert.deepEqual(q.values, [quantity.valueQuantity]);
    // ofType() filters: a CodeableConcept value is not a Quantity, so nothing is indexed for it.
    assert.deepEqual(indexedValues(concept, 'value-quantity').values, []);
    const c = indexedValues(concept, 'value-concept');
    assert.equal(c.expression, '(Observation.value.ofType(CodeableConcept))');
    assert.deepEqual(c.values, [concept.valueCodeableConcept]);
    assert.throws(() => indexedValues(quantity, 'no-such-param'), /Unknown search parameter/);
  });
});

describe('_project', () => {
  test("a search narrowed to another project does not return the caller's own ValueSets", async () => {
    const { medplum, urls } = recordingClient();
    const url = `https://example.org/fhir/ValueSet/${uniqueTag('vs')}`;
    const own = await medplum.createResource<ValueSet>({ resourceType: 'ValueSet', status: 'active', url });
    const valueSets = await linkedProjectValueSets(medplum);
    const search = urls[urls.length - 1];
    assert.equal(search.pathname, '/fhir/R4/ValueSet');
    assert.equal(search.searchParams.get('_project'), 'Project/0b3c5f5e-6a43-4d2c-9c1f-7e2d8a4b1c90');
    assert.ok(!valueSets.some((v) => v.id === own.id), "the caller's own ValueSet is filtered out");
    assert.ok((await medplum.searchResources('ValueSet', { url })).some((v) => v.id === own.id));
  });
});
