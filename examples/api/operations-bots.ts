/** Bot/$deploy (upload compiled JavaScript as a bot's executable code) and Bot/$init (create a bot). */
import type { MedplumClient, WithId } from '@medplum/core';
import type { Bot, OperationOutcome, Parameters } from '@medplum/fhirtypes';

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

// #region init
/**
 * Creates a bot with Bot/$init (project admins only). Unlike a plain create, the server also
 * stores the source as a Binary and adds the bot's ProjectMembership, optionally with an access
 * policy, so the bot can run at once. Without `sourceCode` the bot starts from an empty handler.
 */
export function buildBotInit(name: string, sourceTs: string, accessPolicyId?: string): Parameters {
  const parameter: Parameters['parameter'] = [
    { name: 'name', valueString: name },
    {
      name: 'sourceCode',
      valueAttachment: {
        contentType: 'text/typescript',
        title: 'index.ts',
        // Attachment.data is base64.
        data: Buffer.from(sourceTs, 'utf8').toString('base64'),
      },
    },
  ];
  if (accessPolicyId) {
    parameter.push({ name: 'accessPolicy', valueReference: { reference: `AccessPolicy/${accessPolicyId}` } });
  }
  return { resourceType: 'Parameters', parameter };
}

export async function initBot(
  medplum: MedplumClient,
  name: string,
  sourceTs: string,
  accessPolicyId?: string,
): Promise<WithId<Bot>> {
  return medplum.post(medplum.fhirUrl('Bot', '$init'), buildBotInit(name, sourceTs, accessPolicyId));
}
// #endregion init
