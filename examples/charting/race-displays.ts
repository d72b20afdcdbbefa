/**
 * Reading a repeating nested extension with getExtensions from @medplum/core: every OMB race
 * category of a US Core race extension, in document order.
 */
import { getExtensions } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';

// #region race-displays
export function raceDisplays(patient: Patient): string[] {
  return getExtensions(patient, ['http://hl7.org/fhir/us/core/StructureDefinition/us-core-race', 'ombCategory'])
    .map((extension) => extension.valueCoding?.display ?? '')
    .filter((display) => display !== '');
}
// #endregion race-displays
