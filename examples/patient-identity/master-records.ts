/**
 * Merging a duplicate Patient into a master record with Patient.link, moving its clinical data,
 * and undoing the merge from the Provenance the merge wrote.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type { Identifier, Patient, Provenance, Reference, Resource, ResourceType } from '@medplum/fhirtypes';

/** The resource types whose patient reference a merge moves, with the search parameter and field. */
export const MOVED: { resourceType: ResourceType; param: string; field: 'subject' | 'patient' }[] = [
  { resourceType: 'Observation', param: 'subject', field: 'subject' },
  { resourceType: 'Encounter', param: 'subject', field: 'subject' },
  { resourceType: 'Condition', param: 'subject', field: 'subject' },
  { resourceType: 'AllergyIntolerance', param: 'patient', field: 'patient' },
];

// #region promote
/**
 * Copies what the master lacks from the duplicate: its identifiers (marked `old`, so a search by
 * the old MRN finds the master), phone numbers and emails the master does not have, and a birth
 * date or gender the master is missing. Returns the master to save and what was added.
 */
export function promoteFields(master: Patient, duplicate: Patient): { master: Patient; added: string[] } {
  const added: string[] = [];
  const identifier: Identifier[] = [...(master.identifier ?? [])];
  for (const id of duplicate.identifier ?? []) {
    if (!identifier.some((m) => m.system === id.system && m.value === id.value)) {
      identifier.push({ ...id, use: 'old' });
      added.push(`identifier ${id.value}`);
    }
  }
  const telecom = [...(master.telecom ?? [])];
  for (const t of duplicate.telecom ?? []) {
    if (!telecom.some((m) => m.system === t.system && m.value === t.value)) {
      telecom.push(t);
      added.push(`${t.system} ${t.value}`);
    }
  }
  const result: Patient = { ...master, identifier: nonEmpty(identifier), telecom: nonEmpty(telecom) };
  if (!master.birthDate && duplicate.birthDate) {
    result.birthDate = duplicate.birthDate;
    added.push('birthDate');
  }
  if (!master.gender && duplicate.gender) {
    result.gender = duplicate.gender;
    added.push('gender');
  }
  return { master: result, added };
}

/** Leaves out an empty list; the server would accept it and store the resource without the field. */
function nonEmpty<T>(values: T[] | undefined): T[] | undefined {
  return values?.length ? values : undefined;
}
// #endregion promote

// #region merge
/**
 * Merges `duplicateId` into `masterId`: promotes fields, links the two records both ways,
 * retires the duplicate, moves its clinical resources to the master, and writes a Provenance
 * naming the duplicate, the master's version before the merge and every moved resource, so the
 * merge can be undone.
 */
export async function mergePatients(
  medplum: MedplumClient,
  duplicateId: string,
  masterId: string,
): Promise<WithId<Provenance>> {
  const duplicate = await medplum.readResource('Patient', duplicateId);
  const master = await medplum.readResource('Patient', masterId);
  const promoted = promoteFields(master, duplicate);

  await medplum.updateResource<Patient>({
    ...promoted.master,
    link: [...(master.link ?? []), { other: createReference(duplicate), type: 'replaces' }],
  });
  await medplum.updateResource<Patient>({
    ...duplicate,
    active: false,
    link: [...(duplicate.link ?? []), { other: createReference(master), type: 'replaced-by' }],
  });

  const moved: Reference[] = [];
  for (const { resourceType, param, field } of MOVED) {
    // Every match is collected before any is repointed: each update takes a resource out of the
    // search, which would shift the pages under a loop that updated while it read. Sorted by
    // _lastUpdated, the pages are linked by cursors, which the offset limit does not stop.
    const found: Resource[] = [];
    for await (const page of medplum.searchResourcePages(resourceType, {
      [param]: getReferenceString(duplicate),
      _sort: '_lastUpdated',
      _count: '1000',
    })) {
      found.push(...page);
    }
    for (const resource of found) {
      const updated = await medplum.updateResource({ ...resource, [field]: createReference(master) } as Resource);
      moved.push(createReference(updated));
    }
  }

  // FHIR allows a Practitioner, PractitionerRole, RelatedPerson, Patient, Device or Organization in agent.who,
  // not a Bot: a bot names itself in display.
  const profile = medplum.getProfile();
  const who = profile?.resourceType === 'Practitioner' ? createReference(profile) : { display: 'Patient merge bot' };
  return medplum.createResource<Provenance>({
    resourceType: 'Provenance',
    target: [createReference(master), ...moved],
    recorded: new Date().toISOString(),
    activity: { text: 'Patient merge' },
    agent: [{ who }],
    entity: [
      { role: 'source', what: createReference(duplicate) },
      { role: 'revision', what: { reference: `Patient/${master.id}/_history/${master.meta?.versionId}` } },
    ],
    reason: [{ text: promoted.added.length ? `Promoted: ${promoted.added.join(', ')}` : 'Nothing promoted' }],
  });
}
// #endregion merge

// #region unmerge
type Keyed = { system?: string; value?: string };

/**
 * Undoes a merge from its Provenance: the moved resources point at the duplicate again, the
 * duplicate is active again, both links go, and the master loses what it took over (entries
 * that came from the duplicate and were not on the master's version before the merge).
 */
export async function unmergePatients(medplum: MedplumClient, provenance: WithId<Provenance>): Promise<void> {
  const duplicateRef = provenance.entity?.find((e) => e.role === 'source')?.what.reference as string;
  const beforeRef = provenance.entity?.find((e) => e.role === 'revision')?.what.reference as string;
  const versionId = beforeRef.split('/')[3];
  const [masterRef, ...movedRefs] = provenance.target;
  const duplicate = await medplum.readReference<Patient>({ reference: duplicateRef });
  const master = await medplum.readReference<Patient>({ reference: masterRef.reference as string });
  const before = await medplum.readVersion('Patient', master.id, versionId);

  for (const ref of movedRefs) {
    const resource = await medplum.readReference(ref);
    const field = MOVED.find((m) => m.resourceType === resource.resourceType)?.field;
    if (field) {
      await medplum.updateResource({ ...resource, [field]: createReference(duplicate) } as Resource);
    }
  }

  const same = (a: Keyed, b: Keyed): boolean => a.system === b.system && a.value === b.value;
  const tookOver = (x: Keyed, had: Keyed[] = [], from: Keyed[] = []): boolean =>
    !had.some((h) => same(h, x)) && from.some((f) => same(f, x));
  await medplum.updateResource<Patient>({
    ...master,
    identifier: nonEmpty(master.identifier?.filter((i) => !tookOver(i, before.identifier, duplicate.identifier))),
    telecom: nonEmpty(master.telecom?.filter((t) => !tookOver(t, before.telecom, duplicate.telecom))),
    birthDate: before.birthDate ?? (master.birthDate === duplicate.birthDate ? undefined : master.birthDate),
    gender: before.gender ?? (master.gender === duplicate.gender ? undefined : master.gender),
    link: nonEmpty(master.link?.filter((l) => l.other.reference !== duplicateRef)),
  });
  await medplum.updateResource<Patient>({
    ...duplicate,
    active: true,
    link: nonEmpty(duplicate.link?.filter((l) => l.other.reference !== getReferenceString(master))),
  });
}
// #endregion unmerge
