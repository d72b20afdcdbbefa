/**
 * The scheduling model: a visit type (HealthcareService) with its rules, a practitioner with a
 * time zone, and the practitioner's calendar (Schedule) offering that visit type.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import {
  createReference,
  minutesToSchedulingDuration,
  setHealthcareServiceSchedulingParameter,
  TimezoneExtensionURI,
  toServiceTypeCodeableConcepts,
} from '@medplum/core';
import type { HealthcareService, Practitioner, Schedule } from '@medplum/fhirtypes';

export interface ClinicCalendar {
  service: WithId<HealthcareService>;
  practitioner: WithId<Practitioner>;
  schedule: WithId<Schedule>;
}

// #region visit-type
/**
 * A 30-minute follow-up visit, bookable Monday to Friday 09:00-17:00 in New York time, with 10
 * minutes kept free after each visit. Opening hours live in `availableTime`; the booking rules
 * live in Medplum's SchedulingParameters extension, written with the helpers from @medplum/core.
 */
export function buildFollowUpService(): HealthcareService {
  let service: HealthcareService = {
    resourceType: 'HealthcareService',
    active: true,
    name: 'Follow-up visit',
    type: [{ text: 'Follow-up visit' }],
    availableTime: [
      {
        daysOfWeek: ['mon', 'tue', 'wed', 'thu', 'fri'],
        availableStartTime: '09:00:00',
        availableEndTime: '17:00:00',
      },
    ],
  };
  service = setHealthcareServiceSchedulingParameter(service, {
    url: 'duration',
    valueDuration: minutesToSchedulingDuration(30),
  });
  service = setHealthcareServiceSchedulingParameter(service, {
    url: 'bufferAfter',
    valueDuration: minutesToSchedulingDuration(10),
  });
  service = setHealthcareServiceSchedulingParameter(service, { url: 'timezone', valueCode: 'America/New_York' });
  return service;
}
// #endregion visit-type

// #region calendar
/**
 * Creates the visit type, a practitioner, and the practitioner's Schedule. The Schedule's
 * `serviceType` carries a reference to the HealthcareService (Medplum's R4 stand-in for R5's
 * CodeableReference), which is how the scheduling operations know the calendar offers it.
 */
export async function createClinicCalendar(medplum: MedplumClient): Promise<ClinicCalendar> {
  const service = await medplum.createResource(buildFollowUpService());
  const practitioner = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ given: ['Helena'], family: 'Varga' }],
    // Fallback time zone, used when neither the Schedule nor the service sets one.
    extension: [{ url: TimezoneExtensionURI, valueCode: 'America/New_York' }],
  });
  const schedule = await medplum.createResource<Schedule>({
    resourceType: 'Schedule',
    active: true,
    actor: [createReference(practitioner)],
    serviceType: toServiceTypeCodeableConcepts(service),
    planningHorizon: { start: '2026-01-01T00:00:00Z', end: '2027-12-31T23:59:59Z' },
  });
  return { service, practitioner, schedule };
}
// #endregion calendar
