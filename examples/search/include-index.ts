/**
 * Resolving `_include` results by reference: index the included resources once by `Type/id` and
 * look each match's reference up, instead of walking the Bundle for every match.
 */
import type { Bundle, Observation, Patient, Resource } from '@medplum/fhirtypes';

// #region patients-of-observations
export function patientsOfObservations(bundle: Bundle): Map<Observation, Patient | undefined> {
  const observations: Observation[] = [];
  const byReference = new Map<string, Resource>();
  for (const entry of bundle.entry ?? []) {
    const resource = entry.resource;
    if (!resource) continue;
    if (entry.search?.mode === 'include') {
      byReference.set(`${resource.resourceType}/${resource.id}`, resource);
    } else if (resource.resourceType === 'Observation') {
      observations.push(resource);
    }
  }
  const result = new Map<Observation, Patient | undefined>();
  for (const observation of observations) {
    const reference = observation.subject?.reference;
    result.set(observation, reference ? (byReference.get(reference) as Patient | undefined) : undefined);
  }
  return result;
}
// #endregion patients-of-observations
