/**
 * Bundle entry for the tree-shaking measurement: uses a single component from @medplum/react.
 * A named import lets the bundler keep only HumanNameDisplay and what it depends on.
 */
import type { HumanName } from '@medplum/fhirtypes';
import { HumanNameDisplay } from '@medplum/react';
import type { JSX } from 'react';

export function PatientHeading(props: { readonly name: HumanName }): JSX.Element {
  return (
    <h1>
      <HumanNameDisplay value={props.name} />
    </h1>
  );
}
