/** @jsxRuntime automatic @jsxImportSource react */
/**
 * ValueSetAutocomplete: a code picker that expands a value set as the user types.
 */
// #region condition-code-picker
import { ValueSetAutocomplete } from '@medplum/react';
import type { JSX } from 'react';

export function ConditionCodePicker(): JSX.Element {
  return (
    <ValueSetAutocomplete
      name="condition-code"
      binding="http://hl7.org/fhir/ValueSet/condition-code"
      expandParams={{ count: 25, displayLanguage: 'es' }}
      creatable={false}
      maxValues={1}
      onChange={(items) => console.log(items[0]?.system, items[0]?.code)}
    />
  );
}
// #endregion condition-code-picker
