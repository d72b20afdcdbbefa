/** @jsxRuntime automatic @jsxImportSource react */
/**
 * A small component built from @medplum/react pieces and hooks.
 */
import { Group, Stack, Text } from '@mantine/core';
import { formatHumanName } from '@medplum/core';
import type { Patient, Practitioner } from '@medplum/fhirtypes';
import { HumanNameDisplay, useMedplumProfile } from '@medplum/react';
import type { JSX } from 'react';

// #region patient-header
export interface PatientHeaderProps {
  readonly patient: Patient;
}

/** Shows the patient's name and birth date, and who is signed in. */
export function PatientHeader({ patient }: PatientHeaderProps): JSX.Element {
  // The signed-in user's profile resource, read from the MedplumProvider context.
  const profile = useMedplumProfile() as Practitioner | undefined;
  return (
    <Group justify="space-between">
      <Stack gap={0}>
        <Text fw={700} size="lg">
          <HumanNameDisplay value={patient.name?.[0]} />
        </Text>
        <Text size="sm">Born {patient.birthDate ?? 'unknown'}</Text>
      </Stack>
      <Text size="sm">Signed in as {profile?.name?.[0] ? formatHumanName(profile.name[0]) : 'nobody'}</Text>
    </Group>
  );
}
// #endregion patient-header
