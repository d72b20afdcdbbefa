/**
 * Readings from a wearable: the watch or band is a Device assigned to the patient, each reading is
 * an Observation whose `device` points at it, and a day's worth of readings goes up in one batch.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { Bundle, BundleEntry, Device, Observation, Patient, Reference } from '@medplum/fhirtypes';

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';

/** Your own identifier systems: one for device serial numbers, one for the device's sample ids. */
export const DEVICE_SERIAL_SYSTEM = 'https://example.org/fhir/wearable-serial';
export const SAMPLE_ID_SYSTEM = 'https://example.org/fhir/wearable-sample';

// #region device
/**
 * Registers the wearer's device once. The conditional create searches by the serial-number
 * identifier first, so pairing the same watch again returns the Device that already exists.
 */
export async function registerWearable(
  medplum: MedplumClient,
  patient: WithId<Patient>,
  serialNumber: string,
): Promise<WithId<Device>> {
  return medplum.createResourceIfNoneExist<Device>(
    {
      resourceType: 'Device',
      status: 'active',
      identifier: [{ system: DEVICE_SERIAL_SYSTEM, value: serialNumber }],
      serialNumber,
      manufacturer: 'Example Wearables Inc.',
      modelNumber: 'EW-2',
      deviceName: [
        { name: 'Example Watch 2', type: 'manufacturer-name' },
        { name: 'My watch', type: 'patient-reported-name' },
      ],
      patient: createReference(patient),
    },
    `identifier=${DEVICE_SERIAL_SYSTEM}|${serialNumber}`,
  );
}
// #endregion device

// #region readings
/** One heart-rate sample: a point in time, so `effectiveDateTime`. */
export function heartRate(
  patient: Reference<Patient>,
  device: Reference<Device>,
  sampleId: string,
  bpm: number,
  at: string,
): Observation {
  return {
    resourceType: 'Observation',
    status: 'final',
    identifier: [{ system: SAMPLE_ID_SYSTEM, value: sampleId }],
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'vital-signs', display: 'Vital Signs' }] }],
    code: { coding: [{ system: LOINC, code: '8867-4', display: 'Heart rate' }] },
    subject: patient,
    device,
    effectiveDateTime: at,
    valueQuantity: { value: bpm, unit: 'beats/minute', system: UCUM, code: '/min' },
  };
}

/** A day's step total: counted over an interval, so `effectivePeriod` with the 24 hours it covers. */
export function dailySteps(
  patient: Reference<Patient>,
  device: Reference<Device>,
  sampleId: string,
  steps: number,
  dayStart: string,
  dayEnd: string,
): Observation {
  return {
    resourceType: 'Observation',
    status: 'final',
    identifier: [{ system: SAMPLE_ID_SYSTEM, value: sampleId }],
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'activity', display: 'Activity' }] }],
    code: { coding: [{ system: LOINC, code: '41950-7', display: 'Number of steps in 24 hour Measured' }] },
    subject: patient,
    device,
    effectivePeriod: { start: dayStart, end: dayEnd },
    valueQuantity: { value: steps, unit: 'steps', system: UCUM, code: '{steps}' },
  };
}
// #endregion readings

// #region upload
/**
 * Uploads many readings in one `batch` Bundle. Each entry is a conditional create on the sample id,
 * so a sync that sends the same samples again stores no duplicates. Entries succeed or fail one by
 * one: the result lists the sample ids that were not stored.
 */
export async function uploadReadings(medplum: MedplumClient, readings: Observation[]): Promise<string[]> {
  const entry: BundleEntry[] = readings.map((resource) => {
    const sample = resource.identifier?.[0];
    return {
      resource,
      request: {
        method: 'POST',
        url: 'Observation',
        ifNoneExist: `identifier=${sample?.system}|${sample?.value}`,
      },
    };
  });
  const result: Bundle = await medplum.executeBatch({ resourceType: 'Bundle', type: 'batch', entry });

  const failed: string[] = [];
  (result.entry ?? []).forEach((e, i) => {
    if (!e.response?.status?.startsWith('2')) {
      failed.push(readings[i].identifier?.[0]?.value ?? `entry ${i}`);
    }
  });
  return failed;
}

/** Everything one device reported for one LOINC code. */
export async function readingsFromDevice(
  medplum: MedplumClient,
  device: WithId<Device>,
  loincCode: string,
): Promise<Observation[]> {
  return medplum.searchResources('Observation', {
    device: `Device/${device.id}`,
    code: `${LOINC}|${loincCode}`,
  });
}
// #endregion upload
