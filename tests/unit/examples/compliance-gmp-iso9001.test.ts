/**
 * Runs the quality-record examples: an SOP drafted, approved with a signature and revised; training
 * tied to one approved revision; and a CAPA that cannot close while actions are open.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type { Communication, DocumentReference, Practitioner, Task } from '@medplum/fhirtypes';
import { mockWithSearch } from './mock-with-search';
import {
  addCapaAction,
  approveSop,
  assignTraining,
  closeCapa,
  completeTraining,
  draftSop,
  openCapa,
  sopInForce,
  trainingGaps,
} from '../../../examples/compliance/gmp-iso9001';

async function people() {
  const medplum = mockWithSearch();
  const make = (given: string, family: string) =>
    medplum.createResource<Practitioner>({ resourceType: 'Practitioner', name: [{ given: [given], family }] });
  return {
    medplum,
    author: createReference(await make('Priya', 'Shah')),
    qa: createReference(await make('Tom', 'Berg')),
    tech1: createReference(await make('Lu', 'Chen')),
    tech2: createReference(await make('Ava', 'Reyes')),
  };
}

type Stored = DocumentReference & { id: string };

describe('compliance/gmp-iso9001', () => {
  test('an SOP revision is drafted, approved with a signature, and supersedes the previous one', async () => {
    const { medplum, author, qa } = await people();
    const rev1 = (await draftSop(medplum, {
      number: 'SOP-QC-014',
      revision: 1,
      title: 'Freezer temperature monitoring',
      text: 'Check and record freezer temperatures twice daily.',
      author,
    })) as Stored;
    validateResource(rev1);
    assert.equal(rev1.docStatus, 'preliminary');
    assert.ok(rev1.content[0].attachment.url, 'the text is stored in a Binary');
    assert.equal(rev1.content[0].attachment.contentType, 'text/plain');
    assert.equal(await sopInForce(medplum, 'SOP-QC-014'), undefined);

    const { approved: approved1, signature } = await approveSop(medplum, rev1, qa);
    assert.equal(approved1.docStatus, 'final');
    assert.equal(approved1.authenticator?.reference, qa.reference);
    assert.equal(signature.target[0].reference, `DocumentReference/${rev1.id}/_history/${approved1.meta?.versionId}`);
    assert.equal((await sopInForce(medplum, 'SOP-QC-014'))?.id, rev1.id);

    const rev2 = (await draftSop(
      medplum,
      {
        number: 'SOP-QC-014',
        revision: 2,
        title: 'Freezer temperature monitoring',
        text: 'Check and record freezer temperatures three times daily.',
        author,
      },
      approved1 as Stored,
    )) as Stored;
    assert.equal(rev2.relatesTo?.[0].code, 'replaces');
    assert.equal((await sopInForce(medplum, 'SOP-QC-014'))?.id, rev1.id, 'a draft does not replace anything yet');

    await approveSop(medplum, rev2, qa);
    assert.equal((await sopInForce(medplum, 'SOP-QC-014'))?.id, rev2.id);
    const old = await medplum.readResource('DocumentReference', rev1.id);
    assert.equal(old.status, 'superseded');
    // createDocumentReference writes the DocumentReference, then the Binary, then links the two:
    // a new document starts with two versions.
    const versions = await medplum.readHistory('DocumentReference', rev1.id);
    assert.deepEqual(
      (versions.entry ?? []).map((e) => [
        (e.resource as DocumentReference).status,
        (e.resource as DocumentReference).docStatus,
      ]),
      [
        ['superseded', 'final'],
        ['current', 'final'],
        ['current', 'preliminary'],
        ['current', 'preliminary'],
      ],
    );
  });

  test('training is tracked per approved revision', async () => {
    const { medplum, author, qa, tech1, tech2 } = await people();
    const draft = (await draftSop(medplum, {
      number: 'SOP-QC-020',
      revision: 1,
      title: 'Pipette calibration',
      text: 'Calibrate pipettes monthly.',
      author,
    })) as Stored;
    const { approved } = await approveSop(medplum, draft, qa);
    const tasks = await assignTraining(medplum, approved, [tech1, tech2], '2026-12-31');
    assert.equal(tasks.length, 2);
    validateResource(tasks[0]);
    assert.equal(tasks[0].focus?.reference, `DocumentReference/${draft.id}/_history/${approved.meta?.versionId}`);

    assert.deepEqual(
      (await trainingGaps(medplum, approved, [tech1, tech2])).map((r) => r.reference),
      [tech1.reference, tech2.reference],
    );
    const done = await completeTraining(medplum, tasks[0]);
    assert.equal(done.status, 'completed');
    assert.ok(done.executionPeriod?.end);
    assert.deepEqual(
      (await trainingGaps(medplum, approved, [tech1, tech2])).map((r) => r.reference),
      [tech2.reference],
    );
  });

  test('a CAPA closes only after its actions and an effectiveness check are completed', async () => {
    const { medplum, qa, tech1 } = await people();
    const deviation = await medplum.createResource<Communication>({
      resourceType: 'Communication',
      status: 'completed',
      payload: [{ contentString: 'Freezer 3 read -12 °C at the evening check; limit is -18 °C.' }],
    });
    const capa = (await openCapa(medplum, {
      title: 'Freezer 3 excursion',
      description: 'Temperature above limit for an unknown period',
      source: createReference(deviation),
      owner: qa,
    })) as Task & { id: string };
    validateResource(capa);
    const fix = await addCapaAction(medplum, capa, 'corrective-action', 'Replace door seal', tech1, '2026-12-05');
    assert.equal(fix.partOf?.[0].reference, `Task/${capa.id}`);
    await assert.rejects(closeCapa(medplum, capa), /open actions: Replace door seal/);

    await medplum.updateResource({ ...fix, status: 'completed' });
    await assert.rejects(closeCapa(medplum, capa), /no completed effectiveness check/);

    const check = await addCapaAction(
      medplum,
      capa,
      'effectiveness-check',
      'Review 30 days of readings',
      qa,
      '2027-01-10',
    );
    await medplum.updateResource({ ...check, status: 'completed' });
    const closed = await closeCapa(medplum, capa);
    assert.equal(closed.status, 'completed');
    assert.ok(closed.executionPeriod?.end);
  });
});
