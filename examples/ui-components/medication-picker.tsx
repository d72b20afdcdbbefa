/** @jsxRuntime automatic @jsxImportSource react */
/**
 * AsyncAutocomplete: a search box that waits for three letters and keeps its dropdown short.
 */
// #region medication-picker
import { AsyncAutocomplete } from '@medplum/react';
import { useMedplum } from '@medplum/react-hooks';
import type { Medication } from '@medplum/fhirtypes';

export function MedicationPicker(props: { onSelect: (medications: Medication[]) => void }) {
  const medplum = useMedplum();
  return (
    <AsyncAutocomplete<Medication>
      label="Medication"
      placeholder="Type at least 3 letters"
      minInputLength={3}
      optionsDropdownMaxHeight={200}
      toOption={(m) => ({ value: m.id as string, label: m.code?.text ?? (m.id as string), resource: m })}
      loadOptions={(input, signal) =>
        medplum.searchResources('Medication', { 'code:text': input, _count: 20 }, { signal })
      }
      onChange={props.onSelect}
    />
  );
}
// #endregion medication-picker
