/**
 * Advanced datastore work: custom operations backed by a bot, asynchronous and conditional
 * bundles, the special search parameters, and what to do when a search parameter is missing.
 */
import type { BotEvent } from '@medplum/core';
import { encodeBase64, evalFhirPath, getReferenceString, MedplumClient } from '@medplum/core';
import type {
  AsyncJob,
  Bot,
  Bundle,
  BundleEntry,
  Observation,
  OperationDefinition,
  Parameters,
  Patient,
  Reference,
  Resource,
} from '@medplum/fhirtypes';

// #region operation-definition
/** The extension that tells the Medplum server which Bot implements an OperationDefinition. */
export const IMPLEMENTATION_EXTENSION_URL =
  'https://medplum.com/fhir/StructureDefinition/operationDefinition-implementation';

/**
 * Builds an OperationDefinition for `$fall-risk`, implemented by the given Bot. The input is a
 * Parameters resource with a `patient` reference; the output is a Parameters resource with an
 * integer `score` and a code `level`.
 */
export function fallRiskOperation(bot: Reference<Bot>): OperationDefinition {
  return {
    resourceType: 'OperationDefinition',
    name: 'FallRisk',
    status: 'active',
    kind: 'operation',
    code: 'fall-risk',
    resource: ['Patient'],
    system: false,
    type: true,
    instance: false,
    extension: [{ url: IMPLEMENTATION_EXTENSION_URL, valueReference: bot }],
    parameter: [
      { name: 'patient', use: 'in', min: 1, max: '1', type: 'Reference' },
      { name: 'score', use: 'out', min: 1, max: '1', type: 'integer' },
      { name: 'level', use: 'out', min: 1, max: '1', type: 'code' },
    ],
  };
}

/** Stores the OperationDefinition once; a second call finds the existing one by its code. */
export async function registerFallRiskOperation(
  medplum: MedplumClient,
  bot: Reference<Bot>,
): Promise<OperationDefinition> {
  return medplum.createResourceIfNoneExist(fallRiskOperation(bot), 'code=fall-risk');
}
// #endregion operation-definition

// #region bot-handler
/**
 * The Bot behind `$fall-risk`. `event.input` is the POST body exactly as the caller sent it (the
 * server does not check it against the `in` parameters). The returned object is keyed by the
 * names of the `out` parameters; the server turns it into a Parameters resource.
 */
export async function handler(medplum: MedplumClient, event: BotEvent<Parameters>): Promise<Record<string, unknown>> {
  const ref = event.input.parameter?.find((p) => p.name === 'patient')?.valueReference;
  if (!ref?.reference) {
    throw new Error('Missing input parameter: patient');
  }
  const patientId = ref.reference.replace('Patient/', '');
  // A deliberately simple rule for the example: one point per active condition.
  const conditions = await medplum.searchResources('Condition', {
    subject: `Patient/${patientId}`,
    'clinical-status': 'active',
  });
  const score = conditions.length;
  return { score, level: score >= 3 ? 'high' : 'low' };
}
// #endregion bot-handler

// #region call-operation
/**
 * Calls the custom operation with POST on a resource-type URL (`Patient/$fall-risk`), so the
 * input Parameters in the body reach the Bot as `event.input`.
 */
export async function callFallRisk(medplum: MedplumClient, patient: Patient): Promise<Parameters> {
  const input: Parameters = {
    resourceType: 'Parameters',
    parameter: [{ name: 'patient', valueReference: { reference: getReferenceString(patient) } }],
  };
  return medplum.post(medplum.fhirUrl('Patient', '$fall-risk'), input);
}
// #endregion call-operation

// #region async-batch
/**
 * Sends a large `batch` with `Prefer: respond-async` and waits for it. The server answers 202 and
 * runs the bundle in a background job; with `pollStatusOnAccepted` the client polls the job's
 * status URL and resolves to the finished AsyncJob. The response bundle is stored as a Binary,
 * referenced by the `results` output parameter.
 */
export async function runBatchInBackground(medplum: MedplumClient, bundle: Bundle): Promise<Bundle> {
  const result = (await medplum.executeBatch(bundle, {
    headers: { Prefer: 'respond-async' },
    pollStatusOnAccepted: true,
    pollStatusPeriod: 2000,
  })) as Bundle | AsyncJob;

  if (result.resourceType === 'Bundle') {
    // A server (or MockClient) that ran the bundle synchronously returned the response directly.
    return result;
  }
  if (result.status !== 'completed') {
    throw new Error(`Async batch ended with status ${result.status}`);
  }
  const binary = result.output?.parameter?.find((p) => p.name === 'results')?.valueReference;
  if (!binary?.reference) {
    throw new Error('Async batch finished without a results Binary');
  }
  const blob = await medplum.download(binary.reference);
  return JSON.parse(await blob.text()) as Bundle;
}
// #endregion async-batch

// #region auto-batch
/**
 * A client that collects the GET requests made within 50 ms into one `batch` POST. Only GETs to
 * the FHIR base URL are collected (reads and searches); writes are sent at once.
 */
export function autoBatchingClient(baseUrl: string, fetchImpl?: typeof fetch): MedplumClient {
  return new MedplumClient({ baseUrl, autoBatchTime: 50, fetch: fetchImpl });
}

/** Three reads started together become a single HTTP request on an auto-batching client. */
export async function loadChartHeader(
  medplum: MedplumClient,
  patientId: string,
  encounterId: string,
  practitionerId: string,
): Promise<Resource[]> {
  return Promise.all([
    medplum.readResource('Patient', patientId),
    medplum.readResource('Encounter', encounterId),
    medplum.readResource('Practitioner', practitionerId),
  ]);
}
// #endregion auto-batch

// #region patch-entries
/**
 * Builds a PATCH entry. The JSON Patch operations travel base64-encoded in a Binary. The first
 * operation tests `/meta/versionId`, so the entry fails (400) if someone changed the resource
 * since `versionId`; the server reads `request.ifMatch` only on PUT entries.
 */
export function patchEntry(
  resource: Resource & { id: string },
  versionId: string,
  ops: { op: string; path: string; value?: unknown }[],
): BundleEntry {
  return {
    request: { method: 'PATCH', url: `${resource.resourceType}/${resource.id}` },
    resource: {
      resourceType: 'Binary',
      contentType: 'application/json-patch+json',
      data: encodeBase64(JSON.stringify([{ op: 'test', path: '/meta/versionId', value: versionId }, ...ops])),
    },
  };
}

/** Marks several observations as entered-in-error in one batch, each guarded by its version. */
export async function retractObservations(medplum: MedplumClient, observations: Observation[]): Promise<Bundle> {
  return medplum.executeBatch({
    resourceType: 'Bundle',
    type: 'batch',
    entry: observations.map((obs) =>
      patchEntry(obs as Observation & { id: string }, obs.meta?.versionId as string, [
        { op: 'test', path: '/status', value: obs.status },
        { op: 'replace', path: '/status', value: 'entered-in-error' },
      ]),
    ),
  });
}
// #endregion patch-entries

// #region transaction-chunks
/** True when the server must run a transaction holding this entry at SERIALIZABLE isolation. */
export function isConditionalEntry(entry: BundleEntry): boolean {
  const request = entry.request;
  if (!request) {
    return false;
  }
  if (request.method === 'POST') {
    return Boolean(request.ifNoneExist);
  }
  return (request.method === 'PUT' || request.method === 'DELETE') && request.url.includes('?');
}

/**
 * Splits entries into transaction bundles that stay inside the server's limits: at most 50 PUT
 * entries each, and at most 8 entries in a bundle that holds any conditional entry. Entries that
 * reference each other by `urn:uuid:` must land in the same chunk, so pass them as one group.
 */
export function transactionChunks(groups: BundleEntry[][]): Bundle[] {
  const bundles: Bundle[] = [];
  let current: BundleEntry[] = [];
  const fits = (entries: BundleEntry[]): boolean => {
    const puts = entries.filter((e) => e.request?.method === 'PUT').length;
    const conditional = entries.some(isConditionalEntry);
    return puts <= 50 && (!conditional || entries.length <= 8);
  };
  for (const group of groups) {
    if (!fits(group)) {
      throw new Error('One group alone exceeds the transaction limits; split it or use a batch');
    }
    if (fits([...current, ...group])) {
      current.push(...group);
    } else {
      bundles.push({ resourceType: 'Bundle', type: 'transaction', entry: current });
      current = [...group];
    }
  }
  if (current.length > 0) {
    bundles.push({ resourceType: 'Bundle', type: 'transaction', entry: current });
  }
  return bundles;
}
// #endregion transaction-chunks

// #region tag-security
/** A tag your app puts on resources it created for a research cohort. */
export const COHORT_TAG = { system: 'https://example.org/fhir/tags', code: 'cohort-a' };

/** Finds patients carrying the cohort tag, and patients that carry no security label at all. */
export async function tagAndSecuritySearches(
  medplum: MedplumClient,
): Promise<{ tagged: Patient[]; unlabeled: Patient[] }> {
  const tagged = await medplum.searchResources('Patient', { _tag: `${COHORT_TAG.system}|${COHORT_TAG.code}` });
  const unlabeled = await medplum.searchResources('Patient', { '_security:missing': 'true' });
  return { tagged, unlabeled };
}
// #endregion tag-security

// #region profile-source
/** Resources that claim a profile, and resources written by a given source system. */
export async function profileAndSourceSearches(
  medplum: MedplumClient,
  profileUrl: string,
  sourceUri: string,
): Promise<{ profiled: Patient[]; fromSource: Patient[] }> {
  const profiled = await medplum.searchResources('Patient', { _profile: profileUrl });
  const fromSource = await medplum.searchResources('Patient', { _source: sourceUri });
  return { profiled, fromSource };
}
// #endregion profile-source

// #region compartment
/** Everything of two types in one patient's compartment, in one system-level search. */
export function patientCompartmentUrl(medplum: MedplumClient, patientId: string): URL {
  const url = medplum.fhirUrl();
  url.searchParams.set('_type', 'Observation,Condition');
  url.searchParams.set('_compartment', `Patient/${patientId}`);
  url.searchParams.set('_count', '100');
  return url;
}

export async function patientCompartment(medplum: MedplumClient, patientId: string): Promise<Bundle> {
  return medplum.get(patientCompartmentUrl(medplum, patientId), { cache: 'no-cache' });
}
// #endregion compartment

// #region deleted
/**
 * Lists resources of one type deleted since a point in time, for a sync job. On the Medplum
 * server each match is a stub: resourceType, id and meta.lastUpdated (the time of deletion).
 */
export async function deletedSince(medplum: MedplumClient, since: string): Promise<string[]> {
  const bundle = await medplum.search('Patient', { _deleted: 'true', _lastUpdated: `ge${since}`, _count: '100' });
  return (bundle.entry ?? []).map((e) => e.resource?.id as string);
}
// #endregion deleted

// #region custom-search-instead
/** An identifier system for a value you need to search on. */
export const STUDY_ID_SYSTEM = 'https://example.org/fhir/study-subject-id';

/**
 * Instead of a custom SearchParameter on an extension, copy the value into an element the
 * server already indexes (here an identifier) when you write the resource.
 */
export function withStudyIdentifier(patient: Patient, studyId: string): Patient {
  const others = (patient.identifier ?? []).filter((i) => i.system !== STUDY_ID_SYSTEM);
  return { ...patient, identifier: [...others, { system: STUDY_ID_SYSTEM, value: studyId }] };
}

export async function findByStudyId(medplum: MedplumClient, studyId: string): Promise<Patient | undefined> {
  return medplum.searchOne('Patient', { identifier: `${STUDY_ID_SYSTEM}|${studyId}` });
}
// #endregion custom-search-instead

// #region custom-search-filter
/** The extension that holds a preferred pharmacy, which no built-in search parameter covers. */
export const PHARMACY_EXT = 'https://example.org/fhir/StructureDefinition/preferred-pharmacy';

/**
 * Narrows with indexed parameters on the server, then applies the unindexed condition with
 * FHIRPath in your code. Only the first page is read (the server caps `_count` at 1000), so
 * keep the server-side part selective enough to fit in it.
 */
export async function patientsWithPharmacy(
  medplum: MedplumClient,
  organizationId: string,
  pharmacyId: string,
): Promise<Patient[]> {
  const candidates = await medplum.searchResources('Patient', {
    organization: `Organization/${organizationId}`,
    _count: '1000',
  });
  const expression = `extension.where(url = '${PHARMACY_EXT}').value.reference`;
  return candidates.filter((p) => evalFhirPath(expression, p).includes(`Organization/${pharmacyId}`));
}
// #endregion custom-search-filter
