/** @jsxRuntime automatic @jsxImportSource react */
/**
 * MultiResourceInput: a picker that holds several Practitioners.
 */
// #region care-team-picker
import type { Practitioner } from '@medplum/fhirtypes';
import { MultiResourceInput } from '@medplum/react';
import type { JSX } from 'react';
import { useState } from 'react';

export function CareTeamPicker(): JSX.Element {
  const [members, setMembers] = useState<Practitioner[]>([]);
  return (
    <>
      <MultiResourceInput<Practitioner>
        resourceType="Practitioner"
        name="members"
        label="Care team"
        searchCriteria={{ active: 'true' }}
        defaultValue={[{ reference: 'Practitioner/0b5c4f1e-2a43-4d1f-9b1a-8a7a3f0c6d21' }]}
        maxValues={5}
        onChange={setMembers}
      />
      <p>{members.length} selected</p>
    </>
  );
}
// #endregion care-team-picker
