/** @jsxRuntime automatic @jsxImportSource react */
/**
 * QuestionnaireBuilder editing a stored Questionnaire, saved back under the same id.
 */
// #region edit-questionnaire
import type { Questionnaire } from '@medplum/fhirtypes';
import { QuestionnaireBuilder, useMedplum } from '@medplum/react';
import type { JSX } from 'react';

export function EditQuestionnaire({ id }: { readonly id: string }): JSX.Element {
  const medplum = useMedplum();
  return (
    <QuestionnaireBuilder
      questionnaire={{ reference: `Questionnaire/${id}` }}
      autoSave
      onSubmit={(questionnaire: Questionnaire) => {
        medplum.updateResource({ ...questionnaire, id }).catch(console.error);
      }}
    />
  );
}
// #endregion edit-questionnaire
