/**
 * A first Medplum React app: sign in, list patients, show one.
 */
// #region imports
import { Anchor, Button, Group, Loader, Stack, Table, Title } from '@mantine/core';
import type { Patient } from '@medplum/fhirtypes';
import {
  Document,
  PatientHeader,
  ResourceTable,
  SignInForm,
  useMedplum,
  useMedplumContext,
  useResource,
  useSearchResources,
} from '@medplum/react';
import type { JSX } from 'react';
import { useState } from 'react';
import { PATIENT_LIST_QUERY, toPatientRow } from './patients';
// #endregion imports

// #region app
/** Shows the sign-in form until someone is signed in, then the patient screens. */
export function App(): JSX.Element {
  const { profile, loading } = useMedplumContext();
  const [selectedId, setSelectedId] = useState<string>();

  if (loading) {
    // The client is still restoring a saved session from localStorage.
    return <Loader />;
  }

  if (!profile) {
    return (
      <Document>
        <SignInForm>
          <Title order={2}>Sign in to Hello World</Title>
        </SignInForm>
      </Document>
    );
  }

  return (
    <Document>
      {selectedId ? (
        <PatientDetails id={selectedId} onBack={() => setSelectedId(undefined)} />
      ) : (
        <PatientList onSelect={setSelectedId} />
      )}
    </Document>
  );
}
// #endregion app

// #region list
/** Lists the newest patients; clicking a name opens that patient. */
function PatientList(props: { onSelect: (id: string) => void }): JSX.Element {
  const medplum = useMedplum();
  const [patients, loading] = useSearchResources('Patient', PATIENT_LIST_QUERY);

  if (loading || !patients) {
    return <Loader />;
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Patients</Title>
        <Button variant="subtle" onClick={() => medplum.signOut()}>
          Sign out
        </Button>
      </Group>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Birth date</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {patients.map(toPatientRow).map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Anchor component="button" onClick={() => props.onSelect(row.id)}>
                  {row.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{row.birthDate}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
// #endregion list

// #region details
/** Reads one patient and shows the standard header and a table of every field. */
function PatientDetails(props: { id: string; onBack: () => void }): JSX.Element {
  const patient = useResource<Patient>({ reference: `Patient/${props.id}` });

  if (!patient) {
    return <Loader />;
  }

  return (
    <Stack>
      <Anchor component="button" onClick={props.onBack}>
        Back to the list
      </Anchor>
      <PatientHeader patient={patient} />
      <ResourceTable value={patient} />
    </Stack>
  );
}
// #endregion details
