/** @jsxRuntime automatic @jsxImportSource react */
/**
 * A form drawn with useQuestionnaireForm: only the enabled text questions, completed on submit.
 */
// #region text-only-form
import type { Patient, Questionnaire, QuestionnaireResponse, Reference } from '@medplum/fhirtypes';
import { isQuestionEnabled, useQuestionnaireForm } from '@medplum/react-hooks';
import type { JSX } from 'react';

interface TextOnlyFormProps {
  readonly questionnaire: Questionnaire;
  readonly patient: Reference<Patient>;
  readonly onDone: (response: QuestionnaireResponse) => void;
}

export function TextOnlyForm({ questionnaire, patient, onDone }: TextOnlyFormProps): JSX.Element | null {
  const formState = useQuestionnaireForm({ questionnaire, subject: patient, disablePagination: true });
  if (formState.loading) {
    return null;
  }
  const { questionnaireResponse, items, responseItems, onChangeAnswer } = formState;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onDone({
          ...questionnaireResponse,
          subject: patient,
          source: patient,
          authored: new Date().toISOString(),
          status: 'completed',
        });
      }}
    >
      {items
        .filter((item) => item.type === 'string' && isQuestionEnabled(item, questionnaireResponse))
        .map((item) => (
          <label key={item.linkId}>
            {item.text}
            <input
              value={responseItems.find((r) => r.linkId === item.linkId)?.answer?.[0]?.valueString ?? ''}
              onChange={(e) => onChangeAnswer([], item, [{ valueString: e.currentTarget.value }])}
            />
          </label>
        ))}
      <button type="submit">Submit</button>
    </form>
  );
}
// #endregion text-only-form
