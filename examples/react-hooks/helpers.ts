/**
 * The plain functions @medplum/react-hooks exports beside its hooks: questionnaire response
 * helpers (used by useQuestionnaireForm), the value set error check and the audio converter.
 */
// #region questionnaire
import type { Questionnaire, QuestionnaireResponse } from '@medplum/fhirtypes';
import { buildInitialResponse, isQuestionEnabled, removeDisabledItems } from '@medplum/react-hooks';

/**
 * Starts a response for `questionnaire`, records one answer, and returns what should be saved:
 * the response without answers to questions that the answers themselves disable.
 */
export function answerAndClean(questionnaire: Questionnaire, linkId: string, answer: boolean): QuestionnaireResponse {
  const response = buildInitialResponse(questionnaire);
  const item = response.item?.find((i) => i.linkId === linkId);
  if (!item) {
    throw new Error(`No item ${linkId} in the questionnaire`);
  }
  item.answer = [{ valueBoolean: answer }];
  return removeDisabledItems(questionnaire, response);
}

/** The linkIds of the top-level questions a reader would see for this response. */
export function visibleQuestions(questionnaire: Questionnaire, response: QuestionnaireResponse): string[] {
  return (questionnaire.item ?? []).filter((item) => isQuestionEnabled(item, response)).map((item) => item.linkId);
}
// #endregion questionnaire

// #region value-set-error
import { isValueSetUnavailableError } from '@medplum/react-hooks';
import type { MedplumClient } from '@medplum/core';

/** Expands a value set; `undefined` means the server does not have it, other errors are thrown. */
export async function expandIfAvailable(
  medplum: MedplumClient,
  url: string,
  filter: string,
): Promise<string[] | undefined> {
  try {
    const expansion = await medplum.valueSetExpand({ url, filter, count: 10 });
    return (expansion.expansion?.contains ?? []).map((c) => c.display ?? c.code ?? '');
  } catch (err) {
    if (isValueSetUnavailableError(err)) {
      return undefined;
    }
    throw err;
  }
}
// #endregion value-set-error

// #region pcm16
import { convertToPCM16 } from '@medplum/react-hooks';

/** Microphone samples (floats from -1 to 1) as base64 PCM16, the form a realtime speech API takes. */
export function samplesToBase64(samples: Float32Array): string {
  const bytes = convertToPCM16(samples);
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary);
}
// #endregion pcm16
