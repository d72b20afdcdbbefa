/** @jsxRuntime automatic @jsxImportSource react */
/**
 * Resource pickers with a custom option: `itemComponent` changes what each dropdown option of
 * `ResourceInput` (and `ResourceArrayInput`) shows.
 */
import type { Patient } from '@medplum/fhirtypes';
import type { AsyncAutocompleteOption } from '@medplum/react';
import { ResourceInput } from '@medplum/react';
import type { JSX } from 'react';

// #region item-component
export function PatientOption({ label, resource }: AsyncAutocompleteOption<Patient>): JSX.Element {
  const mrn = resource.identifier?.find((id) => id.system === 'http://example.org/mrn')?.value;
  return (
    <div>
      <div>{label}</div>
      {mrn && <small>MRN {mrn}</small>}
    </div>
  );
}

export function PatientPicker({
  onSelect,
}: {
  readonly onSelect: (patient: Patient | undefined) => void;
}): JSX.Element {
  return (
    <ResourceInput<Patient> resourceType="Patient" name="patient" itemComponent={PatientOption} onChange={onSelect} />
  );
}
// #endregion item-component
