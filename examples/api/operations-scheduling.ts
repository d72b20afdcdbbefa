/** Schedule/$find: candidate appointment times for one schedule and one HealthcareService. */
import type { MedplumClient } from '@medplum/core';
import type { Bundle, Slot } from '@medplum/fhirtypes';

// #region find-slots
/**
 * Returns up to `count` free times in the window for the visit type that the HealthcareService
 * describes. The Slots are proposals computed by the server, not stored resources: they have no
 * id, and nothing is reserved until you book.
 */
export async function findOpenSlots(
  medplum: MedplumClient,
  scheduleId: string,
  window: { start: string; end: string },
  healthcareServiceId: string,
  count = 10,
): Promise<Slot[]> {
  const url = medplum.fhirUrl('Schedule', scheduleId, '$find');
  url.searchParams.set('start', window.start);
  url.searchParams.set('end', window.end);
  url.searchParams.set('service-type-reference', `HealthcareService/${healthcareServiceId}`);
  url.searchParams.set('_count', String(count));
  // Availability changes as others book: skip the client's read cache.
  const bundle: Bundle<Slot> = await medplum.get(url, { cache: 'no-cache' });
  return (bundle.entry ?? []).map((e) => e.resource).filter((s): s is Slot => s !== undefined);
}
// #endregion find-slots
