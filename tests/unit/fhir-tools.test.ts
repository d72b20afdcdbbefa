/**
 * Tests for the definition slices behind the in-browser FHIR tools (plugins/generate/fhir-tools) and for
 * the links the FHIR reference pages put under their examples (plugins/generate/fhir-reference/tool-links).
 * The slices must be enough for @medplum/core: with only the datatypes and one type's slice
 * indexed, validateResource must judge that type without asking for anything else.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  indexSearchParameterBundle,
  indexStructureDefinitionBundle,
  OperationOutcomeError,
  parseSearchRequest,
  validateResource,
} from '@medplum/core';
import type { Bundle, Resource, SearchParameter } from '@medplum/fhirtypes';
import { definitionsDir } from '../../plugins/generate/fhir-reference/generate';
import { buildSlices, describeFor, type ToolSlices } from '../../plugins/generate/fhir-tools/generate';
import { computeFirstFrames, expectKind } from '../../plugins/generate/fhir-tools/first-frames';
import { exampleToolLinks, searchBuilderLink } from '../../plugins/generate/fhir-reference/tool-links';
import type { Definition } from '../../plugins/generate/fhir-reference/model';

const siteDir = path.resolve(__dirname, '../..');
let slices: ToolSlices;

before(() => {
  slices = buildSlices(definitionsDir(siteDir));
  indexStructureDefinitionBundle(slices.datatypes);
});

/** The issues validateResource reports, whether it returns them or throws them. */
function issuesOf(resource: Record<string, unknown>): string[] {
  try {
    return validateResource(resource as unknown as Resource).map((i) => `${i.expression?.[0]}: ${i.details?.text}`);
  } catch (err) {
    if (err instanceof OperationOutcomeError) {
      return (err.outcome.issue ?? []).map((i) => `${i.expression?.[0]}: ${i.details?.text}`);
    }
    throw err;
  }
}

function indexType(name: string): void {
  const slice = slices.types.get(name);
  assert.ok(slice, `no slice for ${name}`);
  indexStructureDefinitionBundle([slice.structureDefinition]);
  indexSearchParameterBundle({
    resourceType: 'Bundle',
    type: 'collection',
    entry: slice.searchParameters.map((resource) => ({ resource })),
  } as Bundle<SearchParameter>);
}

describe('definition slices', () => {
  test('hold every FHIR R4 and Medplum resource type, and no documentation prose', () => {
    for (const name of ['Patient', 'Observation', 'Bundle', 'Project', 'Bot', 'AccessPolicy', 'UserSecurityRequest']) {
      assert.ok(slices.types.has(name), name);
    }
    const birthDate = slices.types
      .get('Patient')!
      .structureDefinition.snapshot!.element!.find((e) => e.path === 'Patient.birthDate');
    assert.ok(birthDate?.type?.[0]?.code === 'date');
    assert.equal(birthDate?.definition, undefined);
    assert.equal(birthDate?.comment, undefined);
  });

  test('the Patient slice and the datatypes are enough to validate a Patient', () => {
    indexType('Patient');
    assert.deepEqual(
      issuesOf({ resourceType: 'Patient', name: [{ family: 'Chalmers', given: ['Peter'] }], birthDate: '1974-12-25' }),
      [],
    );
    const issues = issuesOf({ resourceType: 'Patient', birthDate: '1974-25-12', nickname: 'Jim' });
    assert.ok(issues.includes('Patient.birthDate: Invalid date format'), issues.join('; '));
    assert.ok(issues.includes('Patient.nickname: Invalid additional property "nickname"'), issues.join('; '));
  });

  test('every resource type slice indexes, and validating an empty instance needs nothing more', () => {
    for (const name of slices.types.keys()) {
      if (name === 'Resource' || name === 'DomainResource') continue;
      indexType(name);
      // Required elements may be missing (issues are expected); an unknown datatype would throw.
      assert.doesNotThrow(() => issuesOf({ resourceType: name }), name);
    }
  });

  test('search parameters are narrowed per type, with the common ones on every type', () => {
    const observation = slices.types.get('Observation')!.searchParameters;
    const code = observation.find((sp) => sp.code === 'code');
    assert.equal(code?.type, 'token');
    assert.equal(code?.description, 'The code of the observation type');
    assert.ok(observation.some((sp) => sp.code === '_lastUpdated'));
    assert.ok(slices.types.get('Bot')!.searchParameters.some((sp) => sp.code === '_id'));
    indexType('Observation');
    assert.deepEqual(parseSearchRequest('Observation?date=ge2024-01-01').filters, [
      { code: 'date', operator: 'ge', value: '2024-01-01' },
    ]);
  });

  test("describeFor keeps one type's item of a shared description and strips links", () => {
    const sp = {
      description:
        'Multiple Resources: \r\n\r\n* [Condition](condition.html): Code for the [condition](x.html). More.\r\n* [Observation](observation.html): The code',
    } as SearchParameter;
    assert.equal(describeFor(sp, 'Condition'), 'Code for the condition.');
    assert.equal(describeFor(sp, 'Observation'), 'The code');
  });
});

describe('tool links on reference pages', () => {
  const patient = { kind: 'resource', name: 'Patient', sd: { abstract: false } } as unknown as Definition;

  test('carry the example as base64url JSON and start FHIRPath on its first element', () => {
    const example = { resourceType: 'Patient', active: true };
    const line = exampleToolLinks(patient, example);
    const encoded = /validator\?resource=([A-Za-z0-9_-]+)\)/.exec(line)?.[1];
    assert.ok(encoded, line);
    assert.deepEqual(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')), example);
    assert.match(line, /\/docs\/tools\/fhirpath\?resource=[A-Za-z0-9_-]+&expression=Patient\.active\)/);
    assert.equal(
      searchBuilderLink(patient),
      'Build a Patient search with these parameters in the [search builder](/docs/tools/search-builder?type=Patient).',
    );
  });

  test('are left out for datatypes and abstract types', () => {
    const datatype = { kind: 'complex-type', name: 'HumanName', sd: {} } as unknown as Definition;
    const abstract = { kind: 'resource', name: 'DomainResource', sd: { abstract: true } } as unknown as Definition;
    assert.equal(exampleToolLinks(datatype, { family: 'x' }), '');
    assert.equal(searchBuilderLink(abstract), '');
  });
});

describe("each tool's first frame (plugins/generate/fhir-tools/first-frames)", () => {
  test("the samples' answers are computed with the engine's own code", async () => {
    const frames = await computeFirstFrames(slices);
    const fhirpath = frames.fhirpath;
    assert.equal(fhirpath.kind, 'fhirpath');
    if (fhirpath.kind !== 'fhirpath') return;
    assert.equal(fhirpath.count, 2);
    assert.deepEqual(JSON.parse(fhirpath.json), [
      { type: 'string', value: 'Peter' },
      { type: 'string', value: 'James' },
    ]);
    assert.ok(fhirpath.searchExpressions.some((e) => e.split(' | ').includes('Patient.birthDate')));

    const validator = frames.validator;
    assert.equal(validator.kind, 'validate');
    if (validator.kind !== 'validate') return;
    assert.deepEqual(validator.issues.map((i) => i.expression?.[0]).sort(), [
      'Patient.birthDate',
      'Patient.name[0].given[1]',
      'Patient.nickname',
    ]);

    const { params, search } = frames['search-builder'];
    assert.equal(params.kind, 'search-parameters');
    if (params.kind !== 'search-parameters') return;
    assert.ok(params.params.some((p) => p.code === 'birthdate' && p.type === 'date'));
    assert.equal(search.kind, 'search');
    if (search.kind !== 'search') return;
    assert.equal(JSON.parse(search.json ?? '{}').resourceType, 'Patient');
  });

  test('a sample whose answer is not a result fails the build, naming the tool and the file', () => {
    assert.throws(
      () =>
        expectKind(
          'FHIRPath',
          { id: 0, kind: 'expression-error', stage: 'parse', message: 'bad', searchExpressions: [] },
          'fhirpath',
        ),
      /the FHIRPath sample in src\/components\/tools\/samples\.ts gave a "expression-error" answer, not "fhirpath"/,
    );
    assert.throws(
      () =>
        expectKind('search builder', { id: 0, kind: 'search', parseError: 'Unknown search parameter: nmae' }, 'search'),
      /the search builder sample in src\/components\/tools\/samples\.ts does not parse: Unknown search parameter: nmae/,
    );
  });
});
