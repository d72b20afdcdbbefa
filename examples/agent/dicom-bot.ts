/**
 * A bot behind a DICOM channel of the Medplum Agent: the agent hands it the association's AE
 * titles, the stored instance's dataset (keyed by DICOM tag) and a reference to the uploaded file.
 */
// #region dicom-bot
import type { BotEvent, MedplumClient } from '@medplum/core';
import type { Reference } from '@medplum/fhirtypes';

interface DicomInput {
  association: { callingAeTitle?: string; calledAeTitle?: string };
  dataset?: Record<string, { vr: string; Value?: unknown[] }>;
  binary?: Reference;
}

export async function handler(_medplum: MedplumClient, event: BotEvent<DicomInput>): Promise<void> {
  const { association, dataset, binary } = event.input;
  const studyInstanceUid = dataset?.['0020000D']?.Value?.[0];
  console.log(`From ${association.callingAeTitle}: study ${studyInstanceUid}, file ${binary?.reference}`);
}
// #endregion dicom-bot
