/** @jsxRuntime automatic @jsxImportSource react */
/**
 * QuestionnaireForm resuming a saved draft: the draft is kept current as the user types and the
 * submission replaces it (same id), with the encounter set.
 */
// #region resumable-intake
import type { Encounter, Patient, Questionnaire, QuestionnaireResponse, Reference } from '@medplum/fhirtypes';
import { QuestionnaireForm, useMedplum } from '@medplum/react';
import type { JSX } from 'react';

interface IntakeProps {
  readonly questionnaire: Questionnaire;
  readonly patient: Reference<Patient>;
  readonly encounter: Reference<Encounter>;
  readonly draft: QuestionnaireResponse & { id: string };
}

export function ResumableIntake({ questionnaire, patient, encounter, draft }: IntakeProps): JSX.Element {
  const medplum = useMedplum();
  return (
    <QuestionnaireForm
      questionnaire={questionnaire}
      questionnaireResponse={draft}
      subject={patient}
      encounter={encounter}
      onChange={(response) => {
        // Keep the draft current; debounce this in a real screen
        medplum.updateResource({ ...response, id: draft.id, subject: patient, encounter }).catch(console.error);
      }}
      onSubmit={async (response) => {
        await medplum.updateResource({ ...response, id: draft.id, encounter });
      }}
    />
  );
}
// #endregion resumable-intake
