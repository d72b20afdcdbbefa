/** Bot/$deploy: upload compiled JavaScript as a bot's executable code. */
import type { MedplumClient } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';

// #region deploy
/**
 * Deploys compiled code to a bot and returns the warnings the server reported (for example a bot
 * without a ProjectMembership). The body is plain JSON, not a Parameters resource.
 */
export async function deployBotCode(medplum: MedplumClient, botId: string, compiledJs: string): Promise<string[]> {
  const outcome: OperationOutcome = await medplum.post(medplum.fhirUrl('Bot', botId, '$deploy'), {
    code: compiledJs,
    filename: 'index.js',
  });
  return (outcome.issue ?? []).filter((i) => i.severity === 'warning').map((i) => i.details?.text ?? '');
}
// #endregion deploy
