/** @jsxRuntime automatic @jsxImportSource react */
/**
 * QuantityInput: a comparator, a number and a unit edited as one FHIR Quantity.
 */
// #region quantity-input
import type { Quantity } from '@medplum/fhirtypes';
import { QuantityInput } from '@medplum/react';
import { useState } from 'react';
import type { JSX } from 'react';

export function GlucoseResult(): JSX.Element {
  const [glucose, setGlucose] = useState<Quantity>({ comparator: '>', value: 100, unit: 'mg/dL' });
  return (
    <QuantityInput
      name="glucose"
      path="Observation.valueQuantity"
      defaultValue={glucose}
      onChange={setGlucose}
      disableWheel
    />
  );
}
// #endregion quantity-input
