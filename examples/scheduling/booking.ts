/**
 * Finding bookable times with Appointment/$find, booking one with Appointment/$book, holding and
 * cancelling with $hold and $cancel, plus the plain-write alternative and why it is weaker.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { createReference } from '@medplum/core';
import type {
  Appointment,
  Bundle,
  HealthcareService,
  Parameters,
  Patient,
  Period,
  Resource,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';

/** Operations answer with the resource itself or with Parameters holding it as `return`. */
function unwrap<T extends Resource>(result: T | Parameters): T {
  if (result.resourceType === 'Parameters') {
    return (result as Parameters).parameter?.find((p) => p.name === 'return')?.resource as T;
  }
  return result as T;
}

// #region find
/**
 * Asks the server which times the schedule can take this visit type between `start` and `end`
 * (at most 31 days apart). Each entry is a proposed Appointment (status `proposed`) whose
 * `contained` Slots describe the time it would occupy; nothing is stored yet.
 */
export async function findOpenings(
  medplum: MedplumClient,
  schedule: WithId<Schedule>,
  service: WithId<HealthcareService>,
  start: string,
  end: string,
  count = 10,
): Promise<Appointment[]> {
  const url = medplum.fhirUrl('Appointment', '$find');
  url.searchParams.set('start', start);
  url.searchParams.set('end', end);
  url.searchParams.set('service-type-reference', `HealthcareService/${service.id}`);
  url.searchParams.set('schedule', `Schedule/${schedule.id}`);
  url.searchParams.set('_count', String(count));
  const bundle = unwrap<Bundle<Appointment>>(await medplum.get(url, { cache: 'no-cache' }));
  return (bundle.entry ?? []).map((e) => e.resource as Appointment);
}
// #endregion find

// #region book
/**
 * Books one offer from $find. `$book` takes the offer's main Slot (the contained Slot with status
 * `busy`, one per calendar) as `slot` parameters and the patient as `patient-reference`. The
 * server re-checks the time against the schedule's rules and existing Slots inside one
 * transaction, then stores busy Slots, buffer Slots and a booked Appointment whose participants
 * are the calendars' actors and the patient. If the time was taken meanwhile the request fails,
 * so the caller should search again rather than retry the same offer.
 */
export async function bookOpening(
  medplum: MedplumClient,
  offer: Appointment,
  patient: WithId<Patient>,
): Promise<{ appointment: WithId<Appointment>; slots: Slot[] }> {
  const busySlots = (offer.contained ?? []).filter(
    (r): r is Slot => r.resourceType === 'Slot' && (r as Slot).status === 'busy',
  );
  if (busySlots.length === 0) {
    throw new Error('offer has no busy Slot to book');
  }
  const url = medplum.fhirUrl('Appointment', '$book');
  const result = unwrap<Bundle>(
    await medplum.post(url, {
      resourceType: 'Parameters',
      parameter: [
        ...busySlots.map((slot) => ({ name: 'slot', resource: slot })),
        { name: 'patient-reference', valueReference: createReference(patient) },
      ],
    }),
  );
  const created = (result.entry ?? []).map((e) => e.resource as Resource);
  const appointment = created.find((r): r is WithId<Appointment> => r.resourceType === 'Appointment');
  if (!appointment) {
    throw new Error('$book returned no Appointment');
  }
  return { appointment, slots: created.filter((r): r is Slot => r.resourceType === 'Slot') };
}
// #endregion book

// #region hold-cancel
/**
 * Holds an offer without booking it: `$hold` takes the whole proposed Appointment and stores it
 * with status `pending`, its visit Slot as `busy-tentative` and its buffer Slots as
 * `busy-unavailable`, so nobody else can take the time meanwhile. The answer is a Bundle with the
 * Appointment first.
 */
export async function holdOpening(medplum: MedplumClient, offer: Appointment): Promise<WithId<Appointment>> {
  const url = medplum.fhirUrl('Appointment', '$hold');
  const result = unwrap<Bundle>(
    await medplum.post(url, { resourceType: 'Parameters', parameter: [{ name: 'appointment', resource: offer }] }),
  );
  const held = (result.entry ?? [])
    .map((e) => e.resource as Resource)
    .find((r): r is WithId<Appointment> => r.resourceType === 'Appointment');
  if (!held) {
    throw new Error('$hold returned no Appointment');
  }
  return held;
}

/**
 * Cancels a pending (held) or booked Appointment with `$cancel`: the server sets its status to
 * `cancelled` and deletes the Slots listed in `Appointment.slot`, which frees that time again.
 * A `$book` booking lists only its visit Slots, so its buffer Slots must be removed separately.
 */
export async function cancelAppointment(
  medplum: MedplumClient,
  appointment: WithId<Appointment>,
): Promise<Appointment> {
  const url = medplum.fhirUrl('Appointment', appointment.id, '$cancel');
  return unwrap<Appointment>(await medplum.post(url, { resourceType: 'Parameters' }));
}
// #endregion hold-cancel

// #region plain-write
/**
 * The plain-write alternative: a busy Slot and a booked Appointment created directly. It works on
 * any FHIR server, but nothing checks opening hours, buffers, alignment or double bookings, so
 * use it only for imports and for appointments made by another system that already decided.
 */
export async function recordExternalBooking(
  medplum: MedplumClient,
  schedule: WithId<Schedule>,
  patient: WithId<Patient>,
  start: string,
  end: string,
): Promise<WithId<Appointment>> {
  const slot = await medplum.createResource<Slot>({
    resourceType: 'Slot',
    schedule: createReference(schedule),
    status: 'busy',
    start,
    end,
  });
  return medplum.createResource<Appointment>({
    resourceType: 'Appointment',
    status: 'booked',
    start,
    end,
    slot: [createReference(slot)],
    participant: [
      ...schedule.actor.map((actor) => ({ actor, status: 'accepted' as const })),
      { actor: createReference(patient), status: 'accepted' },
    ],
  });
}

/** A day's bookings on one calendar, as a front desk list would show them. */
export async function bookedSlots(medplum: MedplumClient, schedule: WithId<Schedule>, day: string): Promise<Slot[]> {
  // The day runs up to the next day's midnight (lt, not le), so a Slot starting in its last second counts.
  const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return medplum.searchResources('Slot', [
    ['schedule', `Schedule/${schedule.id}`],
    ['status', 'busy'],
    ['start', `ge${day}T00:00:00Z`],
    ['start', `lt${nextDay}T00:00:00Z`],
    ['_sort', 'start'],
  ]);
}
// #endregion plain-write

// #region scheduler-source
/**
 * Feeds the `Scheduler` component from `$find` instead of stored Slots. `fetchSlots` turns each
 * offer into a free Slot for display and remembers the offer, so that the Slot the user picks can
 * be booked with `offerFor(slot)` and `bookOpening`.
 */
export function schedulerSource(
  medplum: MedplumClient,
  schedule: WithId<Schedule>,
  service: WithId<HealthcareService>,
): { fetchSlots: (period: Period) => Promise<Slot[]>; offerFor: (slot: Slot) => Appointment | undefined } {
  const offers = new Map<string, Appointment>();
  return {
    fetchSlots: async (period) => {
      if (!period.start || !period.end) {
        return [];
      }
      const found = await findOpenings(medplum, schedule, service, period.start, period.end, 100);
      return found.flatMap((offer) => {
        if (!offer.start || !offer.end) {
          return [];
        }
        offers.set(offer.start, offer);
        const slot: Slot = {
          resourceType: 'Slot',
          schedule: createReference(schedule),
          status: 'free',
          start: offer.start,
          end: offer.end,
        };
        return [slot];
      });
    },
    offerFor: (slot) => offers.get(slot.start),
  };
}
// #endregion scheduler-source
