import type { MedplumClient } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { AccessPolicy, AccessPolicyResource, ClientApplication } from '@medplum/fhirtypes';
import { createProjectClient } from '../api/project-admin';

// #region policy
/** The four read interactions. Listing them in `interaction` (not the deprecated `readonly`) makes an entry read-only. */
export const READ_ONLY: AccessPolicyResource['interaction'] = ['read', 'vread', 'history', 'search'];

/**
 * What a coding or chat assistant may touch in a project: read clinical data it needs to answer
 * questions, never write it, and never see the project's users, clients or secrets. Anything not
 * listed is denied, because an access policy is an allow-list.
 */
export const assistantReadOnlyPolicy: AccessPolicy = {
  resourceType: 'AccessPolicy',
  name: 'AI assistant (read-only)',
  resource: [
    { resourceType: 'Patient', interaction: READ_ONLY, hiddenFields: ['identifier', 'telecom', 'address', 'photo'] },
    { resourceType: 'Observation', interaction: READ_ONLY },
    { resourceType: 'Condition', interaction: READ_ONLY },
    { resourceType: 'MedicationRequest', interaction: READ_ONLY },
    { resourceType: 'Questionnaire', interaction: READ_ONLY },
  ],
};
// #endregion policy

// #region client
/**
 * Saves the policy, then registers a client application that uses it. The assistant signs in
 * with this client's id and secret (client credentials), so everything it does is limited by
 * the policy, and the server's audit events (when enabled) name the client as the agent.
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
 * only, even though the client's policy allows more. `system/` is the SMART prefix for a client
 * signing in as itself; with it the Medplum server applies the resource type and the letters
 * (only a `patient/` scope adds more: it limits access to the compartment of the patient in context).
 */
export const ASSISTANT_SCOPE = 'openid system/Observation.rs system/Patient.rs';
// #endregion scope
