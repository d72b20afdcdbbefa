/**
 * Files and profiles over time: which data claims a profile, checking stored data before a
 * profile changes, recording why a required value is absent, keeping a Binary's security
 * context, and downloading attachments.
 */
import type { MedplumClient, ResourceArray, WithId } from '@medplum/core';
import { createReference, getReferenceString, normalizeOperationOutcome, validateResource } from '@medplum/core';
import type {
  Attachment,
  Binary,
  DocumentReference,
  Extension,
  OperationOutcomeIssue,
  Patient,
  Reference,
  Resource,
  StructureDefinition,
} from '@medplum/fhirtypes';

// #region find-claiming
/**
 * Lists the Patients that claim a profile in `meta.profile`. `_profile` matches the whole
 * canonical string exactly, so a claim written as `url|version` is not found by the bare url.
 */
export async function patientsClaiming(medplum: MedplumClient, profileUrl: string): Promise<WithId<Patient>[]> {
  const result: WithId<Patient>[] = [];
  for await (const page of medplum.searchResourcePages('Patient', { _profile: profileUrl, _count: 100 })) {
    result.push(...(page as ResourceArray<WithId<Patient>>));
  }
  return result;
}
// #endregion find-claiming

// #region dry-run
/** One stored resource that would fail a revised profile. */
export interface ProfileFailure {
  reference: string;
  issues: OperationOutcomeIssue[];
}

/**
 * Before replacing a profile, checks every Patient that claims it against the revised version,
 * locally. The server never re-validates stored data when a profile changes; these resources
 * would only fail on their next write.
 */
export async function failuresUnderRevision(
  medplum: MedplumClient,
  revised: StructureDefinition,
): Promise<ProfileFailure[]> {
  if (!revised.url) {
    throw new Error('The revised profile needs its canonical url');
  }
  const failures: ProfileFailure[] = [];
  for (const patient of await patientsClaiming(medplum, revised.url)) {
    try {
      validateResource(patient, { profile: revised });
    } catch (err) {
      const issues = (normalizeOperationOutcome(err).issue ?? []).filter((i) => i.severity === 'error');
      failures.push({ reference: getReferenceString(patient), issues });
    }
  }
  return failures;
}
// #endregion dry-run

// #region publish
/**
 * Replaces the stored profile in place (same resource id, same url, new version string). The
 * server drops its cached copy when a StructureDefinition is written, so the next create or
 * update of a resource claiming the url is checked against this version.
 */
export async function publishRevision(
  medplum: MedplumClient,
  current: WithId<StructureDefinition>,
  revised: StructureDefinition,
  version: string,
): Promise<WithId<StructureDefinition>> {
  if (revised.url !== current.url) {
    throw new Error('A revision keeps the canonical url of the profile it replaces');
  }
  return medplum.updateResource<StructureDefinition>({ ...revised, id: current.id, version });
}
// #endregion publish

// #region absent
export const DATA_ABSENT_REASON_URL = 'http://hl7.org/fhir/StructureDefinition/data-absent-reason';

/** Codes from http://terminology.hl7.org/CodeSystem/data-absent-reason used in this example. */
export type AbsentReason = 'unknown' | 'asked-unknown' | 'asked-declined' | 'not-asked' | 'masked';

/**
 * A profile requires `birthDate`, but the patient declined to give it. FHIR lets a primitive
 * carry extensions without a value: the JSON property `_birthDate` holds the data-absent-reason
 * extension and `birthDate` itself stays empty. The generated types have no `_birthDate`
 * property, hence the widened type.
 */
export function withAbsentBirthDate(patient: Patient, reason: AbsentReason): Patient {
  const extension: Extension = { url: DATA_ABSENT_REASON_URL, valueCode: reason };
  const result = { ...patient, _birthDate: { extension: [extension] } } as Patient & {
    _birthDate: { extension: Extension[] };
  };
  delete result.birthDate;
  return result;
}
// #endregion absent

// #region upload-with-context
/**
 * Files a document in a patient's chart. The Binary's securityContext is the Patient (sent as
 * the X-Security-Context header). Without the option, createDocumentReference would use the
 * DocumentReference itself as the context.
 */
export async function fileForPatient(
  medplum: MedplumClient,
  patient: WithId<Patient>,
  data: string | Uint8Array | Blob,
  contentType: string,
  filename: string,
): Promise<DocumentReference> {
  return medplum.createDocumentReference({
    data,
    contentType,
    filename,
    securityContext: createReference(patient),
    additionalFields: { subject: createReference(patient), description: filename },
  });
}
// #endregion upload-with-context

// #region binary-id
/**
 * Finds the Binary id in an attachment URL, whichever form it takes: a `Binary/` reference, a FHIR
 * API URL ending in `fhir/R4/Binary/` and the id, or a signed storage URL whose path holds
 * `binary/` or `storage/` followed by the id and the version id. Returns undefined for any other URL.
 */
export function binaryIdFromUrl(url: string | undefined): string | undefined {
  if (!url) {
    return undefined;
  }
  const path = url.split('?')[0];
  const match = /(?:^|\/)(?:Binary|binary|storage)\/([0-9a-fA-F-]{36})(?:\/|$)/.exec(path);
  return match?.[1];
}
// #endregion binary-id

// #region replace-bytes
/**
 * Replaces a Binary's bytes. A raw-bytes PUT builds a new Binary from the request alone, so
 * the security context must be sent again in the header or it is dropped from the new version.
 */
export async function replaceBytes(
  medplum: MedplumClient,
  binary: WithId<Binary>,
  data: string | Uint8Array | Blob,
  contentType: string,
): Promise<WithId<Binary>> {
  const headers: Record<string, string> = {};
  if (binary.securityContext?.reference) {
    headers['X-Security-Context'] = binary.securityContext.reference;
  }
  return medplum.put(medplum.fhirUrl('Binary', binary.id), data, contentType, { headers });
}
// #endregion replace-bytes

// #region audit
/** A file found without a security context, and the resource that points at it. */
export interface UnprotectedFile {
  binaryId: string;
  usedBy: string;
}

/**
 * Binary cannot be searched, so the audit starts from the resources that point at files (here,
 * a patient's DocumentReferences), reads each Binary as JSON and reports those without
 * securityContext. Binaries nobody points at are not found this way.
 */
export async function unprotectedFilesForPatient(
  medplum: MedplumClient,
  patient: WithId<Patient>,
): Promise<UnprotectedFile[]> {
  const found: UnprotectedFile[] = [];
  const docs = await medplum.searchResources('DocumentReference', { subject: getReferenceString(patient) });
  for (const doc of docs) {
    for (const content of doc.content) {
      const binaryId = binaryIdFromUrl(content.attachment.url);
      if (!binaryId) {
        continue;
      }
      const binary = await medplum.readResource('Binary', binaryId);
      if (!binary.securityContext) {
        found.push({ binaryId, usedBy: getReferenceString(doc) });
      }
    }
  }
  return found;
}

/**
 * Sets the security context on an existing Binary without uploading it again: an update sent as
 * FHIR JSON without `data` keeps the stored bytes (the server copies them to the new version).
 */
export async function protectBinary(
  medplum: MedplumClient,
  binaryId: string,
  context: Reference<Resource>,
): Promise<WithId<Binary>> {
  const binary = await medplum.readResource('Binary', binaryId);
  const { url: _signedUrl, data: _data, ...rest } = binary;
  return medplum.updateResource<Binary>({ ...rest, securityContext: context });
}
// #endregion audit

// #region download
/**
 * Gets an attachment's bytes as a Blob. Files in Medplum storage are fetched through the API
 * (a GET of the Binary: raw bytes, access token attached); small inline files come from
 * `data`.
 */
export async function attachmentBytes(medplum: MedplumClient, attachment: Attachment): Promise<Blob> {
  const binaryId = binaryIdFromUrl(attachment.url);
  if (binaryId) {
    return medplum.download(`Binary/${binaryId}`);
  }
  if (attachment.data) {
    const bytes = Uint8Array.from(atob(attachment.data), (c) => c.charCodeAt(0));
    return new Blob([bytes], { type: attachment.contentType ?? 'application/octet-stream' });
  }
  throw new Error('The attachment has neither a Medplum Binary url nor inline data');
}
// #endregion download

// #region fresh-url
/**
 * Signed URLs expire an hour after the server signs them, and a browser MedplumClient may answer
 * a read from its 60-second cache. Read with `cache: 'no-cache'` right before showing a link.
 */
export async function freshDocumentUrl(medplum: MedplumClient, documentId: string): Promise<string | undefined> {
  const doc = await medplum.readResource('DocumentReference', documentId, { cache: 'no-cache' });
  return doc.content[0]?.attachment.url;
}
// #endregion fresh-url

// #region save-as
/**
 * Saves a Blob under the attachment's title in a browser. Storage serves files without a file
 * name, so a plain link saves them under the storage key; an object URL with the `download`
 * attribute keeps the original name.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
// #endregion save-as
