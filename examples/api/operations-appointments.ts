/**
 * Appointment/$book, $hold and $cancel: booking a found time from its Slots, holding one while the
 * patient decides, and cancelling an Appointment so its time becomes free again.
 * Appointment/$find is shown in examples/scheduling/booking.ts.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import type { Appointment, Bundle, Parameters, Slot } from '@medplum/fhirtypes';

/** The server answers with the Bundle itself; a Parameters wrapper is unwrapped just in case. */
function bundleOf(result: Bundle | Parameters): Bundle {
  if (result.resourceType === 'Bundle') {
    return result;
  }
  return result.parameter?.find((p) => p.name === 'return')?.resource as Bundle;
}

/** The stored Appointment in a $book or $hold answer. */
function appointmentIn(bundle: Bundle): WithId<Appointment> {
  const appointment = bundle.entry?.map((e) => e.resource).find((r) => r?.resourceType === 'Appointment');
  if (!appointment) {
    throw new Error('The answer holds no Appointment');
  }
  return appointment as WithId<Appointment>;
}

// #region book
/**
 * The body of Appointment/$book: one `slot` parameter per busy Slot of the offer (one per Schedule),
 * copied from the offer's contained Slots; the buffer Slots are left out, the server makes its own.
 * `patient-reference` adds the patient as an accepted participant.
 */
export function buildBook(offer: Appointment, patientId?: string): Parameters {
  const busySlots = (offer.contained ?? []).filter((r): r is Slot => r.resourceType === 'Slot' && r.status === 'busy');
  const parameter: Parameters['parameter'] = busySlots.map((slot) => ({ name: 'slot', resource: slot }));
  if (patientId) {
    parameter.push({ name: 'patient-reference', valueReference: { reference: `Patient/${patientId}` } });
  }
  return { resourceType: 'Parameters', parameter };
}

/**
 * Books a found time: the server re-checks it inside one transaction and stores a `booked`
 * Appointment, its busy Slots and any buffer Slots. If someone took the time since $find, the
 * server answers 409 and nothing is stored: search again rather than retry the same offer.
 */
export async function bookOffer(
  medplum: MedplumClient,
  offer: Appointment,
  patientId?: string,
): Promise<WithId<Appointment>> {
  const result: Bundle | Parameters = await medplum.post(
    medplum.fhirUrl('Appointment', '$book'),
    buildBook(offer, patientId),
  );
  return appointmentIn(bundleOf(result));
}
// #endregion book

// #region hold
/**
 * The body of Appointment/$hold: the proposed Appointment exactly as Appointment/$find returned it,
 * with its contained Slots and without `slot` references (the server adds those).
 */
export function buildHold(offer: Appointment): Parameters {
  return { resourceType: 'Parameters', parameter: [{ name: 'appointment', resource: offer }] };
}

/**
 * Holds a found time: the server stores the Appointment as `pending` and its Slots as
 * `busy-tentative`, so nobody else can book it while the patient decides.
 */
export async function holdOffer(medplum: MedplumClient, offer: Appointment): Promise<WithId<Appointment>> {
  const result: Bundle | Parameters = await medplum.post(medplum.fhirUrl('Appointment', '$hold'), buildHold(offer));
  return appointmentIn(bundleOf(result));
}
// #endregion hold

// #region cancel
/**
 * Cancels a `pending` or `booked` Appointment. The server deletes the Slots the Appointment
 * references in the same transaction, so that time shows up again in Appointment/$find (a
 * `$book` booking's buffer Slots are not referenced and stay).
 */
export async function cancelAppointment(medplum: MedplumClient, appointmentId: string): Promise<Appointment> {
  const cancelled: Appointment = await medplum.post(medplum.fhirUrl('Appointment', appointmentId, '$cancel'), {
    resourceType: 'Parameters',
  });
  return cancelled;
}
// #endregion cancel
