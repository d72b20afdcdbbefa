/**
 * Running an eligibility check through a custom `$check-eligibility` operation bound to the
 * eligibility bot: save the request, then call the operation on it. With one `out` parameter named
 * `return`, the bot's CoverageEligibilityResponse is the answer itself.
 */
import type { MedplumClient } from '@medplum/core';
import type { CoverageEligibilityRequest, CoverageEligibilityResponse } from '@medplum/fhirtypes';

// #region check-eligibility
export async function checkEligibility(
  medplum: MedplumClient,
  eligibilityRequest: CoverageEligibilityRequest,
): Promise<CoverageEligibilityResponse> {
  const saved = await medplum.createResource(eligibilityRequest);
  const response: CoverageEligibilityResponse = await medplum.post(
    medplum.fhirUrl('CoverageEligibilityRequest', saved.id, '$check-eligibility'),
    {},
  );
  return response;
}
// #endregion check-eligibility
