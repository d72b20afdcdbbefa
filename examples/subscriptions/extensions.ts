/**
 * The Medplum Subscription extensions, with the URLs exactly as the server compares them.
 * Note the two spellings: the signing secret uses www.medplum.com, the others medplum.com.
 */
import type { Extension } from '@medplum/fhirtypes';

// #region urls
export const SUBSCRIPTION_EXTENSIONS = {
  supportedInteraction: 'https://medplum.com/fhir/StructureDefinition/subscription-supported-interaction',
  fhirPathCriteria: 'https://medplum.com/fhir/StructureDefinition/fhir-path-criteria-expression',
  secret: 'https://www.medplum.com/fhir/StructureDefinition/subscription-secret',
  maxAttempts: 'https://medplum.com/fhir/StructureDefinition/subscription-max-attempts',
  successCodes: 'https://medplum.com/fhir/StructureDefinition/subscription-success-codes',
  auditEventDestination: 'https://medplum.com/fhir/StructureDefinition/subscription-audit-event-destination',
} as const;
// #endregion urls

// #region builders
/** Only fire for these interactions; without the extension every create, update and delete fires. */
export function onlyInteractions(...codes: ('create' | 'update' | 'delete')[]): Extension[] {
  return codes.map((valueCode) => ({ url: SUBSCRIPTION_EXTENSIONS.supportedInteraction, valueCode }));
}

/** A FHIRPath expression that must evaluate to true; %previous and %current are the two versions. */
export function fhirPathCriteria(expression: string): Extension {
  return { url: SUBSCRIPTION_EXTENSIONS.fhirPathCriteria, valueString: expression };
}

/** Secret used to sign each rest-hook body (X-Signature: hex HMAC-SHA256). */
export function signingSecret(secret: string): Extension {
  return { url: SUBSCRIPTION_EXTENSIONS.secret, valueString: secret };
}

/** How many attempts before the server gives up on one event (default 4, upper bound 19). */
export function maxAttempts(attempts: number): Extension {
  return { url: SUBSCRIPTION_EXTENSIONS.maxAttempts, valueInteger: attempts };
}

/** Which HTTP statuses count as delivered, e.g. "200-299,404" (default: 200 to 399). */
export function successCodes(codes: string): Extension {
  return { url: SUBSCRIPTION_EXTENSIONS.successCodes, valueString: codes };
}

/** Where delivery AuditEvents go: stored as resources (default), written to the server log, or both. */
export function auditEventDestination(...destinations: ('resource' | 'log')[]): Extension[] {
  return destinations.map((valueCode) => ({ url: SUBSCRIPTION_EXTENSIONS.auditEventDestination, valueCode }));
}
// #endregion builders

// #region criteria
/** FHIRPath criteria used on the pages; the tests evaluate each one on sample resources. */
export const FHIRPATH_CRITERIA = {
  /**
   * Fires when the status becomes "final", including a resource created as final. On a create,
   * %previous is an empty object, so "%previous.status != 'final'" would be empty, not true.
   */
  becameFinal: "%current.status = 'final' and %previous.where(status = 'final').empty()",
  /** Fires when a patient's phone number was added or changed. */
  phoneChanged: "%previous.telecom.where(system = 'phone').value != %current.telecom.where(system = 'phone').value",
} as const;
// #endregion criteria
