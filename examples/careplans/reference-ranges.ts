/**
 * Reference ranges on an ObservationDefinition, and interpreting a result against them with the
 * helpers in @medplum/core.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference, findObservationInterval, findObservationReferenceRanges, formatRange } from '@medplum/core';
import type {
  CodeableConcept,
  Observation,
  ObservationDefinition,
  ObservationDefinitionQualifiedInterval,
  Patient,
  Quantity,
} from '@medplum/fhirtypes';
import { GLUCOSE_BLOOD, UCUM_SYSTEM } from './codes';

export const INTERPRETATION_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';

function mgdl(value: number): Quantity {
  return { value, unit: 'mg/dL', system: UCUM_SYSTEM, code: 'mg/dL' };
}

function years(value: number): Quantity {
  return { value, unit: 'a', system: UCUM_SYSTEM, code: 'a' };
}

// #region definition
/**
 * Glucose ranges chosen to show the mechanics, not for clinical use: a reference range for
 * adults and another for children, plus critical bands that apply to everyone.
 */
export function buildGlucoseDefinition(): ObservationDefinition {
  return {
    resourceType: 'ObservationDefinition',
    code: { coding: [GLUCOSE_BLOOD] },
    permittedDataType: ['Quantity'],
    quantitativeDetails: { unit: { coding: [{ system: UCUM_SYSTEM, code: 'mg/dL' }] }, decimalPrecision: 0 },
    qualifiedInterval: [
      { category: 'critical', range: { high: mgdl(39) }, condition: 'Critical low' },
      { category: 'critical', range: { low: mgdl(401) }, condition: 'Critical high' },
      { category: 'reference', range: { low: mgdl(70), high: mgdl(99) }, age: { low: years(18) }, condition: 'Adult' },
      { category: 'reference', range: { low: mgdl(60), high: mgdl(99) }, age: { high: years(17) }, condition: 'Child' },
    ],
  };
}
// #endregion definition

// #region interpret
/**
 * Works out the v3 interpretation code for a value: critical bands first (LL/HH), then the
 * patient's reference range (L/N/H). The patient matters because intervals can be restricted by
 * `gender` and `age`, which the core helpers compare with Patient.gender and Patient.birthDate.
 * When no reference interval fits the patient (for example a patient without a birthDate, since
 * both reference intervals here are age-restricted), there is nothing to compare with, so the
 * result gets no L/N/H flag.
 */
export function interpret(
  definition: ObservationDefinition,
  patient: Patient,
  value: number,
): CodeableConcept | undefined {
  const critical = findObservationInterval(definition, patient, value, 'critical');
  if (critical) {
    const low = critical.range?.high !== undefined && critical.range.low === undefined;
    return low ? concept('LL', 'Critical low') : concept('HH', 'Critical high');
  }
  const normal = findObservationInterval(definition, patient, value, 'reference');
  if (normal) {
    return concept('N', 'Normal');
  }
  const range = referenceRangeFor(definition, patient);
  if (!range?.range) {
    return undefined;
  }
  const below = range.range.low?.value !== undefined && value < range.range.low.value;
  return below ? concept('L', 'Low') : concept('H', 'High');
}

/**
 * The patient's reference interval. `findObservationReferenceRanges` matches on gender and age
 * only, not on category, so the critical bands come back too and are filtered out here.
 */
export function referenceRangeFor(
  definition: ObservationDefinition,
  patient: Patient,
): ObservationDefinitionQualifiedInterval | undefined {
  return findObservationReferenceRanges(definition, patient).find((i) => i.category === 'reference');
}

function concept(code: string, display: string): CodeableConcept {
  return { coding: [{ system: INTERPRETATION_SYSTEM, code, display }], text: display };
}
// #endregion interpret

// #region record
/**
 * Records a glucose result with its interpretation and the reference range that applied, so a
 * reader of the Observation does not need the definition to know what "normal" meant.
 */
export async function recordGlucose(
  medplum: MedplumClient,
  definition: ObservationDefinition,
  patient: Patient & { id: string },
  value: number,
): Promise<Observation> {
  const range = referenceRangeFor(definition, patient)?.range;
  const interpretation = interpret(definition, patient, value);
  return medplum.createResource<Observation>({
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [GLUCOSE_BLOOD] },
    subject: createReference(patient),
    effectiveDateTime: new Date().toISOString(),
    valueQuantity: mgdl(value),
    interpretation: interpretation ? [interpretation] : undefined,
    referenceRange: range ? [{ low: range.low, high: range.high, text: formatRange(range) }] : undefined,
  });
}
// #endregion record
