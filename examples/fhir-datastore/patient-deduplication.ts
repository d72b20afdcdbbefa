/**
 * Finding likely duplicate Patients and linking them.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { Bundle, Parameters, Patient } from '@medplum/fhirtypes';

/** A possible duplicate and the evidence for it. */
export interface Candidate {
  patient: WithId<Patient>;
  score: number;
  reasons: string[];
}

// #region candidates
/**
 * Looks for other Patients with the same family name and birth date (a cheap, indexed search),
 * then scores each one on fields that the search did not use. A high score means "show this pair
 * to a person", not "merge automatically".
 */
export async function findCandidates(medplum: MedplumClient, patient: WithId<Patient>): Promise<Candidate[]> {
  const family = patient.name?.[0]?.family;
  if (!family || !patient.birthDate) {
    return [];
  }
  const others = await medplum.searchResources('Patient', {
    family,
    birthdate: patient.birthDate,
    _count: 50,
  });
  const given = patient.name?.[0]?.given?.[0]?.toLowerCase();
  const phones = new Set(patient.telecom?.filter((t) => t.system === 'phone').map((t) => digits(t.value)));
  const zip = patient.address?.[0]?.postalCode;

  return others
    .filter((other) => other.id !== patient.id && other.active !== false)
    .map((other) => {
      const reasons = ['family name', 'birth date'];
      let score = 2;
      if (given && other.name?.[0]?.given?.[0]?.toLowerCase() === given) {
        score += 2;
        reasons.push('given name');
      }
      if (other.telecom?.some((t) => t.system === 'phone' && phones.has(digits(t.value)))) {
        score += 2;
        reasons.push('phone');
      }
      if (zip && other.address?.some((a) => a.postalCode === zip)) {
        score += 1;
        reasons.push('postal code');
      }
      return { patient: other, score, reasons };
    })
    .sort((a, b) => b.score - a.score);
}

function digits(value: string | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}
// #endregion candidates

// #region server-match
/** A duplicate proposed by the server's Patient/$match, with the grade it was given. */
export interface ServerMatch {
  patient: WithId<Patient>;
  score: number;
  grade: 'certain' | 'probable' | 'possible' | undefined;
}

const MATCH_GRADE = 'http://hl7.org/fhir/StructureDefinition/match-grade';

/**
 * Asks the server which stored Patients look like `patient` (Patient/$match), then drops the
 * record itself and records already retired as duplicates. With `onlyCertain`, the server keeps
 * only matches graded certain.
 */
export async function serverMatches(
  medplum: MedplumClient,
  patient: WithId<Patient>,
  onlyCertain = false,
): Promise<ServerMatch[]> {
  const params: Parameters = {
    resourceType: 'Parameters',
    parameter: [
      { name: 'resource', resource: patient },
      { name: 'onlyCertainMatches', valueBoolean: onlyCertain },
      { name: 'count', valueInteger: 10 },
    ],
  };
  const bundle: Bundle<WithId<Patient>> = await medplum.post(medplum.fhirUrl('Patient', '$match'), params);
  const matches: ServerMatch[] = [];
  for (const entry of bundle.entry ?? []) {
    const found = entry.resource;
    if (!found || found.id === patient.id || found.active === false) {
      continue;
    }
    const grade = entry.search?.extension?.find((e) => e.url === MATCH_GRADE)?.valueCode;
    matches.push({ patient: found, score: entry.search?.score ?? 0, grade: grade as ServerMatch['grade'] });
  }
  return matches;
}
// #endregion server-match

// #region link
/**
 * Records that `source` is a duplicate of `target` using FHIR's own fields: the source becomes
 * inactive and says `replaced-by` the target; the target says it `replaces` the source and keeps
 * the source's identifiers, marked `old`, so lookups by the old MRN still find it.
 */
export async function linkDuplicate(
  medplum: MedplumClient,
  sourceId: string,
  targetId: string,
): Promise<{ source: WithId<Patient>; target: WithId<Patient> }> {
  const source = await medplum.readResource('Patient', sourceId);
  const target = await medplum.readResource('Patient', targetId);
  const carried = (source.identifier ?? []).map((id) => ({ ...id, use: 'old' as const }));

  const updatedTarget = await medplum.updateResource<Patient>({
    ...target,
    identifier: [...(target.identifier ?? []), ...carried],
    link: [...(target.link ?? []), { other: createReference(source), type: 'replaces' }],
  });
  const updatedSource = await medplum.updateResource<Patient>({
    ...source,
    active: false,
    link: [...(source.link ?? []), { other: createReference(target), type: 'replaced-by' }],
  });
  return { source: updatedSource, target: updatedTarget };
}
// #endregion link
