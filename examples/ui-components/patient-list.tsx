/** @jsxRuntime automatic @jsxImportSource react */
/**
 * SearchControl with its search kept in state: paging, sorting and filters come back through
 * onChange, and a row click opens the patient.
 */
// #region patient-list
import { SearchControl, useMedplumNavigate } from '@medplum/react';
import type { SearchRequest } from '@medplum/core';
import { useState } from 'react';

export function PatientList() {
  // The navigate function given to MedplumProvider (your router's)
  const navigate = useMedplumNavigate();
  const [search, setSearch] = useState<SearchRequest>({
    resourceType: 'Patient',
    fields: ['name', 'birthdate', '_lastUpdated'],
    count: 20,
  });

  return (
    <SearchControl
      search={search}
      onChange={(e) => setSearch(e.definition)}
      onClick={(e) => navigate(`/Patient/${e.resource.id}`)}
      onAuxClick={(e) => window.open(`/Patient/${e.resource.id}`, '_blank')}
    />
  );
}
// #endregion patient-list
