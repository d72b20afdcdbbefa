/**
 * FHIR operations served under /fhir/R4: $validate, $graphql, ValueSet/$expand,
 * Patient/$everything, Bot/$execute, $export, $resend and Measure/$evaluate-measure.
 */
import { ContentType, type MedplumClient } from '@medplum/core';
import type {
  BulkDataExport,
  Bundle,
  MeasureReport,
  OperationOutcome,
  Parameters,
  Resource,
  ValueSet,
} from '@medplum/fhirtypes';

// #region validate
/** Asks the server to validate a resource without saving it. Throws with the issues when invalid. */
export async function checkResource(medplum: MedplumClient, resource: Resource): Promise<OperationOutcome> {
  return medplum.validateResource(resource);
}
// #endregion validate

// #region graphql
/** Finds patients by name with one GraphQL query and returns "Given Family" strings. */
export async function patientNamesByGraphql(medplum: MedplumClient, name: string): Promise<string[]> {
  const query = `
    query FindPatients($name: String) {
      PatientList(name: $name) {
        id
        name { given family }
      }
    }`;
  const result = await medplum.graphql(query, 'FindPatients', { name });
  if (result.errors?.length) {
    throw new Error(result.errors.map((e: { message: string }) => e.message).join('; '));
  }
  const patients = result.data.PatientList as { name?: { given?: string[]; family?: string }[] }[];
  return patients.map((p) => [p.name?.[0]?.given?.join(' '), p.name?.[0]?.family].filter(Boolean).join(' '));
}
// #endregion graphql

// #region expand
/** Typeahead over a value set: returns at most `count` codings whose display matches `filter`. */
export async function searchValueSet(
  medplum: MedplumClient,
  url: string,
  filter: string,
  count = 10,
): Promise<{ system?: string; code?: string; display?: string }[]> {
  const expanded: ValueSet = await medplum.valueSetExpand({ url, filter, count });
  return expanded.expansion?.contains ?? [];
}
// #endregion expand

// #region everything
/**
 * Reads every resource in a patient's compartment, following `next` links until the last page.
 * A page holds up to 1000 of the patient's resources unless _count says otherwise; the
 * Organizations, Locations, Practitioners, PractitionerRoles, Medications and Devices they
 * reference are added beside them, so a page can hold more entries than that.
 */
export async function readWholeRecord(medplum: MedplumClient, patientId: string): Promise<Resource[]> {
  const resources: Resource[] = [];
  let bundle: Bundle = await medplum.readPatientEverything(patientId);
  for (;;) {
    for (const entry of bundle.entry ?? []) {
      if (entry.resource) {
        resources.push(entry.resource);
      }
    }
    const next = bundle.link?.find((link) => link.relation === 'next')?.url;
    if (!next) {
      return resources;
    }
    bundle = await medplum.get<Bundle>(next, { cache: 'no-cache' });
  }
}
// #endregion everything

// #region execute
/** Runs a bot with a JSON input and returns whatever the bot's handler returned. */
export async function runBot(medplum: MedplumClient, botId: string, input: Record<string, unknown>): Promise<unknown> {
  return medplum.executeBot(botId, input, ContentType.JSON);
}
// #endregion execute

// #region export
/**
 * Starts a Patient-level bulk export and waits for it. With pollStatusOnAccepted the client
 * follows the Content-Location of the 202 response and polls it until the manifest is ready.
 */
export async function exportPatientData(
  medplum: MedplumClient,
  types: string[],
  since?: string,
  pollEveryMs = 2000,
): Promise<Partial<BulkDataExport>> {
  return medplum.bulkExport('Patient', types.join(','), since, {
    pollStatusOnAccepted: true,
    pollStatusPeriod: pollEveryMs,
  });
}
// #endregion export

// #region resend
/**
 * Re-queues subscription notifications for one resource, e.g. after fixing a webhook endpoint.
 * Only project admins and super admins may call it. Pass a subscription reference to notify just
 * that one.
 */
export async function resendNotifications(
  medplum: MedplumClient,
  resourceType: string,
  id: string,
  options: { interaction?: 'create' | 'update' | 'delete'; subscription?: string; verbose?: boolean } = {},
): Promise<OperationOutcome> {
  return medplum.post(medplum.fhirUrl(resourceType, id, '$resend'), options, ContentType.JSON);
}
// #endregion resend

// #region evaluate-measure
/** Computes a summary MeasureReport for a period; the server saves and returns it (HTTP 201). */
export async function evaluateMeasure(
  medplum: MedplumClient,
  measureId: string,
  periodStart: string,
  periodEnd: string,
): Promise<MeasureReport> {
  const parameters: Parameters = {
    resourceType: 'Parameters',
    parameter: [
      { name: 'periodStart', valueDate: periodStart },
      { name: 'periodEnd', valueDate: periodEnd },
    ],
  };
  return medplum.post<MeasureReport>(medplum.fhirUrl('Measure', measureId, '$evaluate-measure'), parameters);
}
// #endregion evaluate-measure
