/**
 * Appointment/$hold and $cancel: holding a found time while the patient decides, and cancelling
 * an Appointment so its time becomes free again.
 * Appointment/$find and $book are shown in examples/scheduling/booking.ts.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import type { Appointment, Bundle, Parameters } from '@medplum/fhirtypes';

/** The server answers with the Bundle itself; a Parameters wrapper is unwrapped just in case. */
function bundleOf(result: Bundle | Parameters): Bundle {
  if (result.resourceType === 'Bundle') {
    return result;
  }
  return result.parameter?.find((p) => p.name === 'return')?.resource as Bundle;
}

/** The stored Appointment in a $hold answer. */
function appointmentIn(bundle: Bundle): WithId<Appointment> {
  const appointment = bundle.entry?.map((e) => e.resource).find((r) => r?.resourceType === 'Appointment');
  if (!appointment) {
    throw new Error('The answer holds no Appointment');
  }
  return appointment as WithId<Appointment>;
}

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
 * Cancels a `pending` or `booked` Appointment. The server deletes its Slots in the same
 * transaction, so the time shows up again in Appointment/$find.
 */
export async function cancelAppointment(medplum: MedplumClient, appointmentId: string): Promise<Appointment> {
  const cancelled: Appointment = await medplum.post(medplum.fhirUrl('Appointment', appointmentId, '$cancel'), {
    resourceType: 'Parameters',
  });
  return cancelled;
}
// #endregion cancel
