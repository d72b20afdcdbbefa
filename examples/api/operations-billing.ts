/**
 * Claim/$submit and CoverageEligibilityRequest/$submit. Both forward the resource to a processor
 * operation the project configures (a custom OperationDefinition backed by a bot); Medplum itself
 * talks to no clearinghouse.
 */
import type { MedplumClient } from '@medplum/core';
import type { Claim, ClaimResponse, CoverageEligibilityRequest, Parameters, Resource } from '@medplum/fhirtypes';

// #region claim-submit
/** The type-level body: the Claim to send, which does not have to be saved first. */
export function buildClaimSubmit(claim: Claim): Parameters {
  return { resourceType: 'Parameters', parameter: [{ name: 'resource', resource: claim }] };
}

/** Submits a Claim that is not stored yet and returns what the processor answered. */
export async function submitDraftClaim(medplum: MedplumClient, claim: Claim): Promise<ClaimResponse> {
  return medplum.post(medplum.fhirUrl('Claim', '$submit'), buildClaimSubmit(claim));
}

/**
 * Submits a stored Claim. Current servers also take POST Claim/{id}/$submit, but an early build
 * registered that form for GET only, so this reads the Claim and uses the type-level POST, which
 * every build accepts.
 */
export async function submitStoredClaim(medplum: MedplumClient, claimId: string): Promise<ClaimResponse> {
  const claim = await medplum.readResource('Claim', claimId);
  return submitDraftClaim(medplum, claim);
}
// #endregion claim-submit

// #region eligibility-submit
/** The type-level body: a CoverageEligibilityRequest, or a Bundle that contains one. */
export function buildEligibilitySubmit(request: CoverageEligibilityRequest): Parameters {
  return { resourceType: 'Parameters', parameter: [{ name: 'resource', resource: request }] };
}

/** Asks the configured processor whether a coverage is active for the requested services. */
export async function checkEligibility(medplum: MedplumClient, request: CoverageEligibilityRequest): Promise<Resource> {
  return medplum.post(medplum.fhirUrl('CoverageEligibilityRequest', '$submit'), buildEligibilitySubmit(request));
}
// #endregion eligibility-submit
