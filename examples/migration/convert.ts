/**
 * Converting rows of a legacy clinic database into FHIR resources: one identifier system per
 * legacy table, local codes translated to standard code systems with the original code kept,
 * and references written as conditional references on the legacy ids.
 */
import type { CodeableConcept, Condition, Encounter, Identifier, Patient, Practitioner } from '@medplum/fhirtypes';

// #region identifiers
/** The base of every identifier system this migration writes. One system per legacy table. */
export const LEGACY_BASE = 'https://legacy-clinic.example.org/ids';

export const SYSTEMS = {
  patient: `${LEGACY_BASE}/patients`,
  provider: `${LEGACY_BASE}/providers`,
  visit: `${LEGACY_BASE}/visits`,
  problem: `${LEGACY_BASE}/problems`,
} as const;

export type LegacyTable = keyof typeof SYSTEMS;

/** The identifier that records which legacy row a resource came from. */
export function legacyIdentifier(table: LegacyTable, id: string | number): Identifier {
  return { system: SYSTEMS[table], value: String(id) };
}

/**
 * A conditional reference: the server looks the row up by its legacy identifier when it stores
 * the resource and replaces the search with a plain reference to the match. It must match exactly
 * one resource.
 */
export function legacyRef(
  resourceType: 'Patient' | 'Practitioner' | 'Encounter',
  table: LegacyTable,
  id: string | number,
): string {
  return `${resourceType}?identifier=${SYSTEMS[table]}|${id}`;
}
// #endregion identifiers

/** Rows as they come out of the legacy database. */
export interface PatientRow {
  pat_id: number;
  mrn: string;
  first: string;
  last: string;
  dob: string; // YYYY-MM-DD
  sex: 'M' | 'F' | 'O' | '';
}

export interface ProviderRow {
  prov_id: number;
  npi?: string;
  first: string;
  last: string;
}

export interface VisitRow {
  visit_id: number;
  pat_id: number;
  prov_id: number;
  start: string; // ISO date-time
  end?: string;
}

export interface ProblemRow {
  problem_id: number;
  pat_id: number;
  visit_id?: number;
  local_code: string; // the legacy system's own code
  local_text: string;
  onset?: string; // YYYY-MM-DD
  resolved?: string; // YYYY-MM-DD
}

// #region patient
/** The clinic's own MRN system. MRNs stay meaningful after migration, so they keep a real system. */
export const MRN_SYSTEM = 'https://legacy-clinic.example.org/mrn';

export function convertPatient(row: PatientRow): Patient {
  const gender = { M: 'male', F: 'female', O: 'other', '': 'unknown' } as const;
  return {
    resourceType: 'Patient',
    identifier: [
      legacyIdentifier('patient', row.pat_id),
      {
        system: MRN_SYSTEM,
        value: row.mrn,
        type: {
          coding: [
            { system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR', display: 'Medical record number' },
          ],
        },
      },
    ],
    name: [{ given: [row.first], family: row.last }],
    birthDate: row.dob,
    gender: gender[row.sex],
  };
}

export function convertProvider(row: ProviderRow): Practitioner {
  const identifier: Identifier[] = [legacyIdentifier('provider', row.prov_id)];
  if (row.npi) {
    identifier.push({ system: 'http://hl7.org/fhir/sid/us-npi', value: row.npi });
  }
  return { resourceType: 'Practitioner', identifier, name: [{ given: [row.first], family: row.last }] };
}
// #endregion patient

// #region terminology
/** The legacy system's local code system, kept next to the standard codes. */
export const LOCAL_PROBLEM_SYSTEM = 'https://legacy-clinic.example.org/codes/problem';

/** A reviewed translation table: local code → SNOMED CT and ICD-10-CM. */
export const PROBLEM_MAP: Record<string, { snomed: [string, string]; icd10: [string, string] }> = {
  DM2: {
    snomed: ['44054006', 'Diabetes mellitus type 2'],
    icd10: ['E11.9', 'Type 2 diabetes mellitus without complications'],
  },
  HTN: {
    snomed: ['38341003', 'Hypertensive disorder'],
    icd10: ['I10', 'Essential (primary) hypertension'],
  },
};

/**
 * Builds the Condition.code: the standard codings when the local code is mapped, and always the
 * original local coding and text, so nothing the legacy system said is lost.
 */
export function translateProblemCode(localCode: string, localText: string): { code: CodeableConcept; mapped: boolean } {
  const local = { system: LOCAL_PROBLEM_SYSTEM, code: localCode, display: localText };
  const target = PROBLEM_MAP[localCode];
  if (!target) {
    return { code: { coding: [local], text: localText }, mapped: false };
  }
  return {
    code: {
      coding: [
        { system: 'http://snomed.info/sct', code: target.snomed[0], display: target.snomed[1] },
        { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: target.icd10[0], display: target.icd10[1] },
        local,
      ],
      text: localText,
    },
    mapped: true,
  };
}
// #endregion terminology

// #region clinical
export function convertVisit(row: VisitRow): Encounter {
  return {
    resourceType: 'Encounter',
    identifier: [legacyIdentifier('visit', row.visit_id)],
    status: 'finished',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
    subject: { reference: legacyRef('Patient', 'patient', row.pat_id) },
    participant: [{ individual: { reference: legacyRef('Practitioner', 'provider', row.prov_id) } }],
    period: { start: row.start, end: row.end },
  };
}

export function convertProblem(row: ProblemRow): Condition {
  const { code } = translateProblemCode(row.local_code, row.local_text);
  const clinicalStatus = row.resolved ? 'resolved' : 'active';
  return {
    resourceType: 'Condition',
    identifier: [legacyIdentifier('problem', row.problem_id)],
    clinicalStatus: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: clinicalStatus }],
    },
    verificationStatus: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code: 'confirmed' }],
    },
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/condition-category',
            code: 'problem-list-item',
            display: 'Problem List Item',
          },
        ],
      },
    ],
    code,
    subject: { reference: legacyRef('Patient', 'patient', row.pat_id) },
    encounter: row.visit_id === undefined ? undefined : { reference: legacyRef('Encounter', 'visit', row.visit_id) },
    onsetDateTime: row.onset,
    abatementDateTime: row.resolved,
  };
}
// #endregion clinical
