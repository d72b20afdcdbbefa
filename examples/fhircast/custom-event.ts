/**
 * Sending an event of your own name through the Medplum FHIRcast hub: post the message to the hub
 * URL as application/json, as the SDK does for the standard events.
 */
import type { MedplumClient } from '@medplum/core';

// #region custom-event
export async function publishWorklistRefresh(medplum: MedplumClient, topic: string, patientId: string): Promise<void> {
  // topic: for example 'c5a8e1f4-2b6d-4f3a-9e07-d81b3c6a4f92'
  await medplum.post(
    medplum.getFhircastHubUrl(),
    {
      id: crypto.randomUUID(),
      timestamp: new Date().toISOString(),
      event: {
        'hub.topic': topic,
        'hub.event': 'Worklist-refresh',
        context: [{ key: 'patient', resource: { resourceType: 'Patient', id: patientId } }],
      },
    },
    'application/json',
  );
}
// #endregion custom-event
