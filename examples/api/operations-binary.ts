/**
 * Binary/$presigned-url (a short-lived storage URL to read or write a Binary directly) and
 * Binary/$scan (its malware scan verdict).
 */
import type { MedplumClient } from '@medplum/core';
import type { OperationOutcome, Parameters } from '@medplum/fhirtypes';

// #region presigned-url
/**
 * Returns a URL anyone can use until it expires, so treat it like a password. Pass
 * `upload: true` for a URL that writes new content (needs update access to the Binary).
 */
export async function presignedUrl(medplum: MedplumClient, binaryId: string, upload = false): Promise<string> {
  const url = medplum.fhirUrl('Binary', binaryId, '$presigned-url');
  if (upload) {
    url.searchParams.set('upload', 'true');
  }
  // Each call mints a new URL; a cached one may already have expired.
  const result: Parameters = await medplum.get(url, { cache: 'no-cache' });
  const value = result.parameter?.find((p) => p.name === 'url')?.valueUri;
  if (!value) {
    throw new Error('$presigned-url returned no url');
  }
  return value;
}
// #endregion presigned-url

// #region scan
const MALWARE_SCAN_STATUS_SYSTEM = 'https://medplum.com/fhir/CodeSystem/malware-scan-status';

/** The status code in a $scan answer, e.g. NO_THREATS_FOUND or SCAN_REQUESTED. */
function scanStatus(outcome: OperationOutcome): string | undefined {
  return outcome.issue?.[0]?.details?.coding?.find((c) => c.system === MALWARE_SCAN_STATUS_SYSTEM)?.code;
}

/**
 * Asks for the malware verdict of a Binary and polls until GuardDuty has one. Returns the final
 * status; only NO_THREATS_FOUND means the file may be opened.
 */
export async function waitForScan(
  medplum: MedplumClient,
  binaryId: string,
  options: { attempts?: number; delayMs?: number } = {}
): Promise<string> {
  const { attempts = 10, delayMs = 5000 } = options;
  for (let i = 0; i < attempts; i++) {
    const outcome: OperationOutcome = await medplum.post(medplum.fhirUrl('Binary', binaryId, '$scan'), {});
    const status = scanStatus(outcome);
    if (status && status !== 'SCAN_REQUESTED') {
      return status;
    }
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  throw new Error(`No malware scan result for Binary/${binaryId} yet`);
}
// #endregion scan
