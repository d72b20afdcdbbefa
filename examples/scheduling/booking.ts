/**
 * Finding bookable times with Appointment/$find and booking one with Appointment/$book, plus the
 * plain-write alternative and why it is weaker.
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
 * Books one proposed Appointment exactly as $find returned it. The server re-checks the time
 * against the schedule's rules and existing bookings inside one transaction, then creates the
 * booked Appointment and its busy Slots. A conflict (someone booked it first) is an error, so
 * the caller should search again rather than retry the same offer.
 */
export async function bookOpening(
  medplum: MedplumClient,
  offer: Appointment,
  patient: WithId<Patient>,
): Promise<{ appointment: WithId<Appointment>; slots: Slot[] }> {
  const url = medplum.fhirUrl('Appointment', '$book');
  const result = unwrap<Bundle>(
    await medplum.post(url, { resourceType: 'Parameters', parameter: [{ name: 'appointment', resource: offer }] }),
  );
  const created = (result.entry ?? []).map((e) => e.resource as Resource);
  const booked = created.find((r): r is WithId<Appointment> => r.resourceType === 'Appointment');
  if (!booked) {
    throw new Error('$book returned no Appointment');
  }
  // $book lists the schedules' actors as participants; the patient is added afterwards.
  const appointment = await medplum.updateResource<Appointment>({
    ...booked,
    participant: [...booked.participant, { actor: createReference(patient), status: 'accepted' }],
  });
  return {
    appointment: appointment as WithId<Appointment>,
    slots: created.filter((r): r is Slot => r.resourceType === 'Slot'),
  };
}
// #endregion book

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
  return medplum.searchResources('Slot', [
    ['schedule', `Schedule/${schedule.id}`],
    ['status', 'busy'],
    ['start', `ge${day}T00:00:00Z`],
    ['start', `lt${day}T23:59:59Z`],
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
