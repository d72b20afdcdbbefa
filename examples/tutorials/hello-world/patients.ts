/**
 * Data helpers for the hello-world app, kept free of React so they can be tested directly.
 */
import { formatHumanName } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';

// #region query
/** The newest 20 patients: the search the patient list runs. */
export const PATIENT_LIST_QUERY = { _count: '20', _sort: '-_lastUpdated' };
// #endregion query

// #region row
/** One row of the patient list. */
export interface PatientRow {
  id: string;
  name: string;
  birthDate: string;
}

/** Turns a Patient into the text the list shows, with '(no name)' and 'unknown' for missing data. */
export function toPatientRow(patient: Patient): PatientRow {
  return {
    id: patient.id ?? '',
    name: patient.name?.[0] ? formatHumanName(patient.name[0]) : '(no name)',
    birthDate: patient.birthDate ?? 'unknown',
  };
}
// #endregion row
