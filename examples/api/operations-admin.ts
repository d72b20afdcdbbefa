/**
 * Administrative operations: ClientApplication/$rotate-secret, $expunge, Project/$init,
 * User/$update-email and $set-accounts. All but Project/$init need a project admin (or super admin)
 * login; Project/$init works with any login.
 */
import type { MedplumClient } from '@medplum/core';
import type { ClientApplication, OperationOutcome, Parameters, Project, Reference, User } from '@medplum/fhirtypes';

// #region rotate-secret
/** Step 1: moves the current secret to retiringSecret and returns the client with a new secret. */
export async function startSecretRotation(
  medplum: MedplumClient,
  clientId: string,
  currentSecret: string
): Promise<ClientApplication> {
  const params: Parameters = { resourceType: 'Parameters', parameter: [{ name: 'secret', valueString: currentSecret }] };
  return medplum.post(medplum.fhirUrl('ClientApplication', clientId, '$rotate-secret'), params);
}

/** Step 2, once every service uses the new secret: removes the old one for good. */
export async function retireOldSecret(
  medplum: MedplumClient,
  clientId: string,
  retiringSecret: string
): Promise<ClientApplication> {
  const params: Parameters = {
    resourceType: 'Parameters',
    parameter: [{ name: 'retiringSecret', valueString: retiringSecret }],
  };
  return medplum.post(medplum.fhirUrl('ClientApplication', clientId, '$rotate-secret'), params);
}
// #endregion rotate-secret

// #region expunge
/**
 * Permanently deletes a patient and every resource in their compartment. The server starts an
 * AsyncJob and answers 202; the returned URL is the job's status endpoint to poll.
 */
export async function expungePatientRecord(medplum: MedplumClient, patientId: string): Promise<string | undefined> {
  const url = medplum.fhirUrl('Patient', patientId, '$expunge');
  url.searchParams.set('everything', 'true');
  const outcome: OperationOutcome = await medplum.post(url, {});
  return outcome.issue?.[0]?.diagnostics;
}
// #endregion expunge

// #region project-init
/** Input for Project/$init: the owner is found, or created, by email. */
export function buildProjectInit(name: string, ownerEmail: string): Parameters {
  return {
    resourceType: 'Parameters',
    parameter: [
      { name: 'name', valueString: name },
      { name: 'ownerEmail', valueString: ownerEmail },
    ],
  };
}

/** Creates a new project (with its default client and the owner's admin membership). */
export async function createCustomerProject(medplum: MedplumClient, name: string, ownerEmail: string): Promise<Project> {
  return medplum.post(medplum.fhirUrl('Project', '$init'), buildProjectInit(name, ownerEmail));
}
// #endregion project-init

// #region update-email
/** Changes a user's sign-in email, emails a verification link, and records the address on their profile. */
export async function changeUserEmail(medplum: MedplumClient, userId: string, email: string): Promise<User> {
  const params: Parameters = {
    resourceType: 'Parameters',
    parameter: [
      { name: 'email', valueString: email },
      { name: 'updateProfileTelecom', valueBoolean: true },
    ],
  };
  return medplum.post(medplum.fhirUrl('User', userId, '$update-email'), params);
}
// #endregion update-email

// #region set-accounts
/** Puts a patient and their whole compartment under one account; returns how many resources changed. */
export async function moveToAccount(
  medplum: MedplumClient,
  patientId: string,
  account: Reference
): Promise<number | undefined> {
  const params: Parameters = {
    resourceType: 'Parameters',
    parameter: [
      { name: 'accounts', valueReference: account },
      { name: 'propagate', valueBoolean: true },
    ],
  };
  const result: Parameters = await medplum.post(medplum.fhirUrl('Patient', patientId, '$set-accounts'), params);
  return result.parameter?.find((p) => p.name === 'resourcesUpdated')?.valueInteger;
}
// #endregion set-accounts
