// Electronic signatures recorded as Provenance, and an IP-restricted access policy.
// Used by docs/compliance/onc-part11.mdx and docs/compliance/hipaa-soc2.mdx.
import type { MedplumClient } from '@medplum/core';
import { getReferenceString } from '@medplum/core';
import type { AccessPolicy, Practitioner, Provenance, Reference, Resource } from '@medplum/fhirtypes';

// #region sign-record
/** Signature purposes from the FHIR signature-type value set (ASTM E1762-95). */
export const SIGNATURE_TYPE_SYSTEM = 'urn:iso-astm:E1762-95:2013';
export const SignatureMeaning = {
  author: { code: '1.2.840.10065.1.12.1.1', display: "Author's Signature" },
  verification: { code: '1.2.840.10065.1.12.1.5', display: 'Verification Signature' },
  review: { code: '1.2.840.10065.1.12.1.13', display: 'Review Signature' },
} as const;

/**
 * Records that `signer` signed exactly the stored version of `record`, with a stated meaning.
 * The target is a versioned reference, so a later edit of the record does not carry the signature.
 */
export async function signRecord(
  medplum: MedplumClient,
  record: Resource,
  signer: Reference<Practitioner>,
  meaning: keyof typeof SignatureMeaning,
): Promise<Provenance> {
  if (!record.id || !record.meta?.versionId) {
    throw new Error('Only a stored version can be signed: the record needs id and meta.versionId');
  }
  const when = new Date().toISOString();
  return medplum.createResource<Provenance>({
    resourceType: 'Provenance',
    target: [{ reference: `${getReferenceString(record)}/_history/${record.meta.versionId}` }],
    recorded: when,
    agent: [
      {
        type: {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type',
              code: meaning === 'author' ? 'author' : 'verifier',
              display: meaning === 'author' ? 'Author' : 'Verifier',
            },
          ],
        },
        who: signer,
      },
    ],
    signature: [
      {
        type: [{ system: SIGNATURE_TYPE_SYSTEM, ...SignatureMeaning[meaning] }],
        when,
        who: signer,
      },
    ],
  });
}
// #endregion sign-record

// #region find-signatures
/** Signatures on one stored version. Search with the same versioned reference that was signed. */
export async function signaturesOnVersion(medplum: MedplumClient, record: Resource): Promise<Provenance[]> {
  const versioned = `${getReferenceString(record)}/_history/${record.meta?.versionId}`;
  const provenances = await medplum.searchResources('Provenance', { target: versioned, _sort: '-recorded' });
  return provenances.filter((p) => p.signature?.length);
}

/** True when the record has not changed since the signed version. */
export function isSignatureCurrent(record: Resource, signature: Provenance): boolean {
  const current = `${getReferenceString(record)}/_history/${record.meta?.versionId}`;
  return signature.target.some((t) => t.reference === current);
}
// #endregion find-signatures

// #region ip-policy
/**
 * An access policy that lets members read and write clinical data, but only sign in from the
 * given address prefixes. The server compares by string prefix, not CIDR: '10.20.' matches
 * 10.20.0.0 to 10.20.255.255, and '10.2' would also match 10.200.1.1. The last rule blocks
 * every other address; without it, an address that matches no rule is allowed.
 */
export function officeOnlyPolicy(name: string, allowedPrefixes: string[]): AccessPolicy {
  return {
    resourceType: 'AccessPolicy',
    name,
    resource: [{ resourceType: 'Patient' }, { resourceType: 'Observation' }, { resourceType: 'Provenance' }],
    ipAccessRule: [
      ...allowedPrefixes.map((value) => ({ name: `allow ${value}`, value, action: 'allow' as const })),
      { name: 'block everything else', value: '*', action: 'block' },
    ],
  };
}
// #endregion ip-policy
