import type { MedplumClient } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { AccessPolicy, ClientApplication } from '@medplum/fhirtypes';
import { createProjectClient } from '../api/project-admin';

// #region policy
/**
 * What a coding or chat assistant may touch in a project: read clinical data it needs to answer
 * questions, never write it, and never see the project's users, clients or secrets. Anything not
 * listed is denied, because an access policy is an allow-list.
 */
export const assistantReadOnlyPolicy: AccessPolicy = {
  resourceType: 'AccessPolicy',
  name: 'AI assistant (read-only)',
  resource: [
    { resourceType: 'Patient', readonly: true, hiddenFields: ['identifier', 'telecom', 'address', 'photo'] },
    { resourceType: 'Observation', readonly: true },
    { resourceType: 'Condition', readonly: true },
    { resourceType: 'MedicationRequest', readonly: true },
    { resourceType: 'Questionnaire', readonly: true },
  ],
};
// #endregion policy

// #region client
/**
 * Saves the policy, then registers a client application that uses it. The assistant signs in
 * with this client's id and secret (client credentials), so everything it does is limited by
 * the policy and recorded in AuditEvents under the client's name.
 */
export async function registerAssistantClient(
  medplum: MedplumClient,
  projectId: string,
): Promise<{ policy: AccessPolicy; clientId: string; clientSecret: string; client: ClientApplication }> {
  const policy = await medplum.createResource(assistantReadOnlyPolicy);
  const created = await createProjectClient(medplum, projectId, {
    name: 'AI assistant',
    description: 'Read-only access for an AI assistant; rotate the secret when the tool changes hands.',
    accessPolicy: createReference(policy),
    // Short-lived tokens: a leaked token stops working within the hour.
    accessTokenLifetime: '1h',
  });
  return { policy, ...created };
}
// #endregion client

// #region scope
/**
 * Narrows one sign-in further with SMART scopes: the token may read Observations and Patients
 * only, even though the client's policy allows more.
 */
export const ASSISTANT_SCOPE = 'openid patient/Observation.rs patient/Patient.rs';
// #endregion scope
