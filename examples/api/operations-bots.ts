/** Bot/$deploy (upload compiled JavaScript as a bot's executable code) and Bot/$init (create a bot). */
import type { MedplumClient, WithId } from '@medplum/core';
import type { Bot, Parameters } from '@medplum/fhirtypes';

// #region deploy
/**
 * Stores compiled JavaScript as a bot's executable code. The body is plain JSON, not a Parameters
 * resource. The server answers "All OK" (it reports no warnings, not even for a bot without a
 * ProjectMembership); a refusal such as "Bots not enabled" is thrown as an OperationOutcomeError.
 */
export async function deployBotCode(medplum: MedplumClient, botId: string, compiledJs: string): Promise<void> {
  await medplum.post(medplum.fhirUrl('Bot', botId, '$deploy'), {
    code: compiledJs,
    filename: 'index.js',
  });
}
// #endregion deploy

// #region init
/**
 * Creates a bot with Bot/$init (project admins only). Unlike a plain create, the server also
 * stores the source as a Binary and adds the bot's ProjectMembership, optionally with an access
 * policy. The source is not compiled or deployed: the bot runs only after compiled JavaScript is
 * deployed, with Bot/$deploy or with an `executableCode` parameter to Bot/$init (which this helper
 * does not send). Without `sourceCode` it starts from an empty handler.
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
