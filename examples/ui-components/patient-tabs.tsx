/** @jsxRuntime automatic @jsxImportSource react */
/**
 * LinkTabs: tabs whose selection is part of the address.
 */
// #region patient-tabs
import { Tabs } from '@mantine/core';
import type { Patient, Reference } from '@medplum/fhirtypes';
import { LinkTabs, PatientTimeline, ResourceHistoryTable, ResourceTable } from '@medplum/react';
import type { JSX } from 'react';

export function PatientTabs({ patientId }: { patientId: string }): JSX.Element {
  const patient: Reference<Patient> = { reference: `Patient/${patientId}` };
  return (
    <LinkTabs baseUrl={`/Patient/${patientId}`} tabs={['Details', 'Timeline', 'History']}>
      <Tabs.Panel value="details">
        <ResourceTable value={patient} />
      </Tabs.Panel>
      <Tabs.Panel value="timeline">
        <PatientTimeline patient={patient} />
      </Tabs.Panel>
      <Tabs.Panel value="history">
        <ResourceHistoryTable resourceType="Patient" id={patientId} />
      </Tabs.Panel>
    </LinkTabs>
  );
}
// #endregion patient-tabs
