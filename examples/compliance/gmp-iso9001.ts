/**
 * Quality records on a Medplum project: controlled documents (SOPs) with drafts, approvals and
 * revisions, training on a specific approved revision, and CAPA records as Tasks.
 * Used by docs/compliance/gmp-iso9001.mdx.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type { DocumentReference, Practitioner, Provenance, Reference, Resource, Task } from '@medplum/fhirtypes';

// #region release-sop
export const SOP_SYSTEM = 'https://quality.example.org/sop';

/** A reference to one stored version, so a signature or training record stays tied to that text. */
function versioned(resource: Resource): string {
  return `${getReferenceString(resource as Resource & { id: string })}/_history/${resource.meta?.versionId}`;
}

/**
 * Writes a draft revision of an SOP: the text goes into a Binary, and a DocumentReference carries
 * the document number (`identifier`), the number plus revision (`masterIdentifier`), the author
 * and `docStatus: preliminary`. A revision of an existing SOP names it with `relatesTo: replaces`.
 */
export async function draftSop(
  medplum: MedplumClient,
  sop: { number: string; revision: number; title: string; text: string; author: Reference<Practitioner> },
  replaces?: DocumentReference & { id: string },
): Promise<DocumentReference> {
  return medplum.createDocumentReference({
    data: sop.text,
    contentType: 'text/plain',
    filename: `${sop.number}-rev${sop.revision}.txt`,
    additionalFields: {
      status: 'current',
      docStatus: 'preliminary',
      identifier: [{ system: SOP_SYSTEM, value: sop.number }],
      masterIdentifier: { system: SOP_SYSTEM, value: `${sop.number} rev ${sop.revision}` },
      type: { text: 'Standard operating procedure' },
      description: sop.title,
      author: [sop.author],
      date: new Date().toISOString(),
      relatesTo: replaces ? [{ code: 'replaces', target: createReference(replaces) }] : undefined,
    },
  });
}

/**
 * Approves a draft: `docStatus` becomes `final`, the approver is the `authenticator`, and a
 * Provenance signature (meaning: verification) is recorded on exactly that version. The revision
 * it replaces (if any) is marked `superseded`, so only one revision of a number is in force.
 */
export async function approveSop(
  medplum: MedplumClient,
  draft: DocumentReference & { id: string },
  approver: Reference<Practitioner>,
): Promise<{ approved: DocumentReference; signature: Provenance }> {
  const approved = await medplum.updateResource<DocumentReference>({
    ...draft,
    docStatus: 'final',
    authenticator: approver,
  });
  const when = new Date().toISOString();
  const signature = await medplum.createResource<Provenance>({
    resourceType: 'Provenance',
    target: [{ reference: versioned(approved) }],
    recorded: when,
    agent: [{ who: approver }],
    signature: [
      {
        type: [
          { system: 'urn:iso-astm:E1762-95:2013', code: '1.2.840.10065.1.12.1.5', display: 'Verification Signature' },
        ],
        when,
        who: approver,
      },
    ],
  });
  for (const rel of approved.relatesTo ?? []) {
    if (rel.code === 'replaces') {
      const previous = await medplum.readReference(rel.target);
      await medplum.updateResource<DocumentReference>({ ...previous, status: 'superseded' });
    }
  }
  return { approved, signature };
}

/** The revision in force: the approved, not superseded DocumentReference for a document number. */
export async function sopInForce(medplum: MedplumClient, number: string): Promise<DocumentReference | undefined> {
  const candidates = await medplum.searchResources('DocumentReference', {
    identifier: `${SOP_SYSTEM}|${number}`,
    status: 'current',
  });
  return candidates.find((d) => d.docStatus === 'final');
}
// #endregion release-sop

// #region training
const QUALITY_TASKS = 'https://quality.example.org/task-type';

/** Assigns one read-and-understand Task per trainee on the approved revision, due by `due`. */
export async function assignTraining(
  medplum: MedplumClient,
  sop: DocumentReference,
  trainees: Reference<Practitioner>[],
  due: string,
): Promise<Task[]> {
  const tasks: Task[] = [];
  for (const owner of trainees) {
    tasks.push(
      await medplum.createResource<Task>({
        resourceType: 'Task',
        status: 'requested',
        intent: 'order',
        code: { coding: [{ system: QUALITY_TASKS, code: 'sop-training', display: 'SOP training' }] },
        description: `Read and acknowledge ${sop.masterIdentifier?.value}`,
        focus: { reference: versioned(sop) },
        owner,
        authoredOn: new Date().toISOString(),
        restriction: { period: { end: due } },
      }),
    );
  }
  return tasks;
}

/** Records that the trainee completed the training. */
export async function completeTraining(medplum: MedplumClient, task: Task): Promise<Task> {
  return medplum.updateResource<Task>({
    ...task,
    status: 'completed',
    executionPeriod: { ...task.executionPeriod, end: new Date().toISOString() },
  });
}

/** Who in `staff` has not completed training on this approved revision. */
export async function trainingGaps(
  medplum: MedplumClient,
  sop: DocumentReference,
  staff: Reference<Practitioner>[],
): Promise<Reference<Practitioner>[]> {
  const done = await medplum.searchResources('Task', {
    focus: versioned(sop),
    status: 'completed',
    _count: '1000',
  });
  const trained = new Set(done.map((t) => t.owner?.reference));
  return staff.filter((s) => !trained.has(s.reference));
}
// #endregion training

// #region capa
export type CapaActionKind = 'corrective-action' | 'preventive-action' | 'effectiveness-check';

/** Opens a CAPA record: a parent Task that names what triggered it (`reasonReference`). */
export async function openCapa(
  medplum: MedplumClient,
  capa: { title: string; description: string; source: Reference; owner: Reference<Practitioner> },
): Promise<Task> {
  return medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'in-progress',
    intent: 'order',
    code: { coding: [{ system: QUALITY_TASKS, code: 'capa', display: 'Corrective and preventive action' }] },
    description: `${capa.title}: ${capa.description}`,
    reasonReference: capa.source,
    owner: capa.owner,
    authoredOn: new Date().toISOString(),
  });
}

/** Adds one action to a CAPA as a child Task (`partOf`), with its own owner and due date. */
export async function addCapaAction(
  medplum: MedplumClient,
  capa: Task & { id: string },
  kind: CapaActionKind,
  description: string,
  owner: Reference<Practitioner>,
  due: string,
): Promise<Task> {
  return medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'requested',
    intent: 'order',
    partOf: [createReference(capa)],
    code: { coding: [{ system: QUALITY_TASKS, code: kind }] },
    description,
    focus: capa.reasonReference,
    owner,
    authoredOn: new Date().toISOString(),
    restriction: { period: { end: due } },
  });
}

/**
 * Closes a CAPA only when every action is completed and an effectiveness check is among them;
 * otherwise it throws with the open actions, and the CAPA stays open.
 */
export async function closeCapa(medplum: MedplumClient, capa: Task & { id: string }): Promise<Task> {
  const actions = await medplum.searchResources('Task', { 'part-of': getReferenceString(capa), _count: '100' });
  const open = actions.filter((a) => a.status !== 'completed' && a.status !== 'cancelled');
  if (open.length) {
    throw new Error(`CAPA has open actions: ${open.map((a) => a.description).join('; ')}`);
  }
  const checked = actions.some((a) => a.status === 'completed' && a.code?.coding?.[0]?.code === 'effectiveness-check');
  if (!checked) {
    throw new Error('CAPA has no completed effectiveness check');
  }
  return medplum.updateResource<Task>({
    ...capa,
    status: 'completed',
    executionPeriod: { ...capa.executionPeriod, end: new Date().toISOString() },
  });
}
// #endregion capa
