/**
 * Rooms, blocked time and licensure: a clinic building with an exam room, calendars for the room
 * and a practitioner, blocking time with busy-unavailable Slots, checking that two calendars are
 * both free, booking a room and a practitioner together, and finding practitioners licensed in a
 * given US state.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { createReference, generateId, getReferenceString, TimezoneExtensionURI } from '@medplum/core';
import type {
  Appointment,
  Bundle,
  HealthcareService,
  Location,
  Organization,
  Patient,
  Practitioner,
  PractitionerQualification,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';

const PHYSICAL_TYPE = 'http://terminology.hl7.org/CodeSystem/location-physical-type';
const BED_STATUS = 'http://terminology.hl7.org/CodeSystem/v2-0116';
export const PLAN_NET_QUALIFICATION =
  'http://hl7.org/fhir/us/davinci-pdex-plan-net/StructureDefinition/practitioner-qualification';
export const USPS_STATES = 'https://www.usps.com/';
const V2_0360 = 'http://terminology.hl7.org/CodeSystem/v2-0360';

// #region locations
/** A building and an exam room inside it. `partOf` makes the hierarchy; `physicalType` says what each is. */
export async function createClinicRooms(
  medplum: MedplumClient,
): Promise<{ building: WithId<Location>; room: WithId<Location> }> {
  const building = await medplum.createResource<Location>({
    resourceType: 'Location',
    status: 'active',
    mode: 'instance',
    name: 'Riverside Clinic',
    physicalType: { coding: [{ system: PHYSICAL_TYPE, code: 'bu', display: 'Building' }] },
    address: { line: ['100 River Road'], city: 'Sacramento', state: 'CA', postalCode: '95814' },
  });
  const room = await medplum.createResource<Location>({
    resourceType: 'Location',
    status: 'active',
    mode: 'instance',
    name: 'Exam room 2',
    physicalType: { coding: [{ system: PHYSICAL_TYPE, code: 'ro', display: 'Room' }] },
    // Housekeeping state of the room, from HL7 v2 table 0116 (bed status).
    operationalStatus: { system: BED_STATUS, code: 'U', display: 'Unoccupied' },
    partOf: createReference(building),
    // Used by the scheduling helpers when neither the Schedule nor the service names a time zone.
    extension: [{ url: TimezoneExtensionURI, valueCode: 'America/Los_Angeles' }],
  });
  return { building, room };
}

/** Rooms of a building that are in service, using the Location `partof` and `physical-type` parameters. */
export async function listRooms(medplum: MedplumClient, building: WithId<Location>): Promise<Location[]> {
  return medplum.searchResources('Location', {
    partof: getReferenceString(building),
    'physical-type': `${PHYSICAL_TYPE}|ro`,
    status: 'active',
  });
}
// #endregion locations

// #region room-calendar
/** A visit type offered at the building, and one calendar for the room and one for the practitioner. */
export async function createCalendars(
  medplum: MedplumClient,
  building: WithId<Location>,
  room: WithId<Location>,
  practitioner: WithId<Practitioner>,
): Promise<{ service: WithId<HealthcareService>; roomSchedule: WithId<Schedule>; doctorSchedule: WithId<Schedule> }> {
  const service = await medplum.createResource<HealthcareService>({
    resourceType: 'HealthcareService',
    active: true,
    name: 'Minor procedure',
    location: [createReference(building)],
  });
  const horizon = { start: '2026-12-01T00:00:00Z', end: '2027-02-28T23:59:59Z' };
  const roomSchedule = await medplum.createResource<Schedule>({
    resourceType: 'Schedule',
    active: true,
    actor: [createReference(room)],
    planningHorizon: horizon,
    comment: 'Exam room 2',
  });
  const doctorSchedule = await medplum.createResource<Schedule>({
    resourceType: 'Schedule',
    active: true,
    actor: [createReference(practitioner)],
    planningHorizon: horizon,
  });
  return { service, roomSchedule, doctorSchedule };
}
// #endregion room-calendar

// #region block-time
/**
 * The time a FHIR dateTime covers, as [first, next) in milliseconds since 1970: `2026-12-31` covers
 * that whole day, `2026-12` that month, `2027-02-28T23:59:59Z` that whole second. A value without a
 * time of day carries no time zone; it is read in UTC here.
 */
export function coveredRange(value: string): [number, number] {
  const date = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value);
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2] ?? 1) - 1, Number(date[3] ?? 1)];
    const next = date[3]
      ? Date.UTC(year, month, day + 1)
      : date[2]
        ? Date.UTC(year, month + 1, 1)
        : Date.UTC(year + 1, 0, 1);
    return [Date.UTC(year, month, day), next];
  }
  const first = Date.parse(value);
  if (Number.isNaN(first)) {
    throw new Error(`not a dateTime: ${value}`);
  }
  const fraction = /\.(\d+)/.exec(value)?.[1] ?? '';
  return [first, first + 10 ** (3 - Math.min(fraction.length, 3))];
}

/** Blocks a period on a calendar: a Slot with status busy-unavailable and a reason in `comment`. */
export async function blockTime(
  medplum: MedplumClient,
  schedule: WithId<Schedule>,
  start: string,
  end: string,
  reason: string,
): Promise<WithId<Slot>> {
  const [from, to] = [Date.parse(start), Date.parse(end)];
  if (Number.isNaN(from) || Number.isNaN(to) || to <= from) {
    throw new Error('end must be after start');
  }
  // Compare instants, not text: a horizon ending on the bare date 2026-12-31 still takes a block that evening.
  const horizon = schedule.planningHorizon;
  if (
    (horizon?.start && from < coveredRange(horizon.start)[0]) ||
    (horizon?.end && to > coveredRange(horizon.end)[1])
  ) {
    throw new Error('outside the planning horizon');
  }
  return medplum.createResource<Slot>({
    resourceType: 'Slot',
    schedule: createReference(schedule),
    status: 'busy-unavailable',
    start,
    end,
    comment: reason,
  });
}

/**
 * Slots on any of the calendars that overlap [start, end): they start before the end and end
 * after the start. `end` is a Medplum search parameter for Slot; base FHIR R4 only has `start`.
 */
export async function findConflicts(
  medplum: MedplumClient,
  schedules: WithId<Schedule>[],
  start: string,
  end: string,
): Promise<Slot[]> {
  return medplum.searchResources('Slot', {
    schedule: schedules.map(getReferenceString).join(','),
    status: 'busy,busy-tentative,busy-unavailable',
    start: `lt${end}`,
    end: `gt${start}`,
  });
}
/**
 * Booked appointments of one actor (a practitioner or a room) that start inside a block, to
 * reschedule or cancel before blocking. Filter by actor: a search on date alone would return
 * every calendar's appointments.
 */
export async function bookedDuring(
  medplum: MedplumClient,
  actor: WithId<Practitioner> | WithId<Location>,
  start: string,
  end: string,
): Promise<Appointment[]> {
  return medplum.searchResources('Appointment', [
    ['actor', getReferenceString(actor)],
    ['status', 'booked'],
    ['date', `ge${start}`],
    ['date', `lt${end}`],
  ]);
}
// #endregion block-time

// #region book-room
/**
 * Books a practitioner and a room together: checks both calendars, then writes one busy Slot per
 * calendar and the Appointment in one transaction Bundle (all-or-nothing when the project has the
 * `transaction-bundles` feature). Nothing on the server enforces the check, so two clients can
 * still race; see the page for what to do about that.
 */
export async function bookRoomAndPractitioner(
  medplum: MedplumClient,
  input: {
    patient: WithId<Patient>;
    practitioner: WithId<Practitioner>;
    room: WithId<Location>;
    doctorSchedule: WithId<Schedule>;
    roomSchedule: WithId<Schedule>;
    start: string;
    end: string;
  },
): Promise<Bundle> {
  const { patient, practitioner, room, doctorSchedule, roomSchedule, start, end } = input;
  const conflicts = await findConflicts(medplum, [doctorSchedule, roomSchedule], start, end);
  if (conflicts.length > 0) {
    throw new Error('Requested time is not available');
  }
  const slotUrls = [`urn:uuid:${generateId()}`, `urn:uuid:${generateId()}`];
  const appointment: Appointment = {
    resourceType: 'Appointment',
    status: 'booked',
    start,
    end,
    slot: slotUrls.map((reference) => ({ reference })),
    participant: [
      { actor: createReference(patient), status: 'accepted' },
      { actor: createReference(practitioner), status: 'accepted' },
      { actor: createReference(room), status: 'accepted' },
    ],
  };
  return medplum.executeBatch({
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      ...[doctorSchedule, roomSchedule].map((schedule, i) => ({
        fullUrl: slotUrls[i],
        request: { method: 'POST' as const, url: 'Slot' },
        resource: {
          resourceType: 'Slot' as const,
          schedule: createReference(schedule),
          status: 'busy' as const,
          start,
          end,
        },
      })),
      { request: { method: 'POST', url: 'Appointment' }, resource: appointment },
    ],
  });
}
// #endregion book-room

// #region licensure
/**
 * A state medical license as a Practitioner qualification: the degree code (HL7 v2 table 0360),
 * the license number, the period it is valid, the issuing board, and the state it is valid in
 * (the Da Vinci PDex Plan-Net qualification extension, which Medplum can search).
 */
export function stateLicense(
  state: string,
  stateName: string,
  licenseNumber: string,
  board: WithId<Organization>,
  period: { start: string; end: string },
): PractitionerQualification {
  return {
    identifier: [
      { system: `https://example.org/fhir/sid/medical-license/${state.toLowerCase()}`, value: licenseNumber },
    ],
    code: {
      coding: [{ system: V2_0360, version: '2.7', code: 'MD', display: 'Doctor of Medicine' }],
    },
    period,
    issuer: createReference(board),
    extension: [
      {
        url: PLAN_NET_QUALIFICATION,
        extension: [
          { url: 'status', valueCode: 'active' },
          {
            url: 'whereValid',
            valueCodeableConcept: { coding: [{ system: USPS_STATES, code: state, display: stateName }] },
          },
        ],
      },
    ],
  };
}

/** The specialty, as a qualification coded with the NUCC Health Care Provider Taxonomy. */
export const INTERNAL_MEDICINE: PractitionerQualification = {
  code: {
    coding: [
      { system: 'http://nucc.org/provider-taxonomy', code: '207R00000X', display: 'Internal Medicine Physician' },
    ],
  },
};

/**
 * Practitioners licensed in a state on the visit date. By default the search narrows by state with
 * Medplum's `qualification-davinci-pdex-where-valid` parameter; with `stateSearch: false` it
 * searches by license code instead (for servers before 5.1.8, which reject that parameter). Either
 * way the state, status and period are checked in code, because no search parameter covers a
 * qualification's period.
 */
export async function practitionersLicensedIn(
  medplum: MedplumClient,
  state: string,
  visitDate: string,
  options: { stateSearch?: boolean } = {},
): Promise<WithId<Practitioner>[]> {
  const query =
    options.stateSearch === false
      ? { 'qualification-code': [`${V2_0360}|MD`, `${V2_0360}|DO`].join(','), active: 'true', _count: '1000' }
      : { 'qualification-davinci-pdex-where-valid': state, active: 'true', _count: '1000' };
  const candidates = await medplum.searchResources('Practitioner', query);
  return candidates.filter((practitioner) =>
    (practitioner.qualification ?? []).some((q) => {
      const ext = q.extension?.find((e) => e.url === PLAN_NET_QUALIFICATION);
      const where = ext?.extension?.find((e) => e.url === 'whereValid')?.valueCodeableConcept;
      const status = ext?.extension?.find((e) => e.url === 'status')?.valueCode;
      const inState = where?.coding?.some((c) => c.system === USPS_STATES && c.code === state);
      const current =
        (!q.period?.start || q.period.start <= visitDate) && (!q.period?.end || visitDate <= q.period.end);
      return inState && status === 'active' && current;
    }),
  );
}
// #endregion licensure
