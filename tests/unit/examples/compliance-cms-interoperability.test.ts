/**
 * Runs the CMS interoperability examples: a member's claims and coverage as the Patient Access
 * API returns them, the read-only directory policy (on the server, a client under it can read
 * directory data but not member data, and cannot write), and the attribution Group that a
 * provider's Group/$export reads.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, MedplumClient, validateResource } from '@medplum/core';
import type {
  ClientApplication,
  Coverage,
  ExplanationOfBenefit,
  Organization,
  Patient,
  Practitioner,
} from '@medplum/fhirtypes';
import { onServer } from '../../server/on-server';
import { mockWithSearch } from './mock-with-search';
import { projectIdOf, serverBaseUrl } from './support/server-setup';
import {
  ATTRIBUTION_SYSTEM,
  createDirectoryReaderPolicy,
  DIRECTORY_TYPES,
  memberClaims,
  syncAttributionList,
} from '../../../examples/compliance/cms-interoperability';

describe('compliance/cms-interoperability', () => {
  test('memberClaims returns active coverage and explanations of benefit, newest first, and only changes with since', async () => {
    const medplum = mockWithSearch();
    const payer = await medplum.createResource<Organization>({
      resourceType: 'Organization',
      name: 'Example Health Plan',
    });
    const clinic = await medplum.createResource<Organization>({
      resourceType: 'Organization',
      name: 'Elm Street Clinic',
    });
    const member = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Nguyen' }] });
    const other = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Okoro' }] });
    const coverage = await medplum.createResource<Coverage>({
      resourceType: 'Coverage',
      status: 'active',
      beneficiary: createReference(member),
      payor: [createReference(payer)],
      subscriberId: 'XK4410921',
    });
    const eob = (patient: Patient, created: string): Promise<ExplanationOfBenefit> =>
      medplum.createResource<ExplanationOfBenefit>({
        resourceType: 'ExplanationOfBenefit',
        status: 'active',
        type: {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/claim-type',
              code: 'professional',
              display: 'Professional',
            },
          ],
        },
        use: 'claim',
        patient: createReference(patient),
        created,
        insurer: createReference(payer),
        provider: createReference(clinic),
        outcome: 'complete',
        insurance: [{ focal: true, coverage: createReference(coverage) }],
      });
    const older = await eob(member, '2026-03-02T10:00:00Z');
    const newer = await eob(member, '2026-09-14T10:00:00Z');
    await eob(other, '2026-09-15T10:00:00Z');
    validateResource(older);

    const all = await memberClaims(medplum, createReference(member));
    assert.deepEqual(
      all.coverage.map((c) => c.id),
      [coverage.id],
    );
    assert.deepEqual(
      all.claims.map((c) => c.id),
      [newer.id, older.id],
    );

    const mark = newer.meta?.lastUpdated as string;
    const later = await eob(member, '2026-10-01T10:00:00Z');
    const changed = await memberClaims(medplum, createReference(member), mark);
    assert.deepEqual(
      changed.claims.map((c) => c.id),
      [later.id],
    );
  });

  test('the directory policy is read-only on the directory types', async () => {
    const medplum = mockWithSearch();
    const policy = await createDirectoryReaderPolicy(medplum);
    validateResource(policy);
    assert.deepEqual(
      policy.resource?.map((r) => r.resourceType),
      [...DIRECTORY_TYPES],
    );
    assert.ok(policy.resource?.every((r) => r.readonly === true));

    if (onServer) {
      // A client application under the policy reads directory data, sees no member data, writes nothing.
      const practitioner = await medplum.createResource<Practitioner>({
        resourceType: 'Practitioner',
        name: [{ given: ['Lena'], family: 'Park' }],
      });
      await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Nguyen' }] });
      // The admin API takes the new client's access policy next to its name.
      const app = (await medplum.post(`admin/projects/${await projectIdOf(medplum)}/client`, {
        name: 'Directory front end',
        accessPolicy: createReference(policy),
      })) as ClientApplication & { id: string; secret: string };
      const directory = new MedplumClient({ baseUrl: serverBaseUrl(), fetch });
      await directory.startClientLogin(app.id, app.secret);
      const read = await directory.readResource('Practitioner', practitioner.id as string);
      assert.equal(read.id, practitioner.id);
      await assert.rejects(directory.searchResources('Patient'), /Forbidden/);
      await assert.rejects(
        directory.createResource<Practitioner>({ resourceType: 'Practitioner', name: [{ family: 'Ghost' }] }),
        /Forbidden/,
      );
    }
  });

  test('syncAttributionList keeps one Group per provider and leaves opted-out members out', async () => {
    const medplum = mockWithSearch();
    const clinic = await medplum.createResource<Organization>({
      resourceType: 'Organization',
      name: 'Elm Street Clinic',
    });
    const patients = await Promise.all(
      ['Nguyen', 'Okoro', 'Silva'].map((family) =>
        medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family }] }),
      ),
    );
    const refs = patients.map((p) => createReference(p));

    const first = await syncAttributionList(medplum, createReference(clinic), '1742603180', refs, new Set());
    validateResource(first);
    assert.equal(first.identifier?.[0].system, ATTRIBUTION_SYSTEM);
    assert.equal(first.managingEntity?.reference, `Organization/${clinic.id}`);
    assert.equal(first.member?.length, 3);

    const optedOut = new Set([refs[1].reference as string]);
    const second = await syncAttributionList(medplum, createReference(clinic), '1742603180', refs, optedOut);
    assert.equal(second.id, first.id);
    assert.equal(second.quantity, 2);
    assert.deepEqual(
      second.member?.map((m) => m.entity.reference),
      [refs[0].reference, refs[2].reference],
    );

    const everyoneOut = new Set(refs.map((r) => r.reference as string));
    const empty = await syncAttributionList(medplum, createReference(clinic), '1742603180', refs, everyoneOut);
    assert.equal(empty.id, first.id);
    assert.equal(empty.member, undefined);
    assert.equal(empty.quantity, 0);
  });
});
