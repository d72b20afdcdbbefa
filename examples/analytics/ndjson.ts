/**
 * After a bulk export: download the NDJSON files the manifest lists, parse them line by line, and
 * flatten resources into table rows with a SQL-on-FHIR ViewDefinition evaluated in the client.
 */
import type { OutputRow } from '@medplum/core';
import { evalSqlOnFhir } from '@medplum/core';
import type { BulkDataExport, Resource, ViewDefinition } from '@medplum/fhirtypes';

// #region parse
/**
 * Parses NDJSON: one JSON resource per line. Blank lines (a trailing newline, CRLF files) are
 * skipped; a bad line fails with its line number so you can find it in a file of millions.
 */
export function parseNdjson<T extends Resource = Resource>(text: string): T[] {
  const resources: T[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) {
      continue;
    }
    try {
      resources.push(JSON.parse(line) as T);
    } catch (err) {
      throw new Error(`Line ${i + 1} is not valid JSON: ${(err as Error).message}`);
    }
  }
  return resources;
}
// #endregion parse

// #region download
/**
 * Downloads every file in a completed export manifest and returns the resources by type. The
 * URLs are pre-signed storage links, so they are fetched without the Medplum access token (a
 * second Authorization header makes storage services reject the request), and they expire.
 */
export async function downloadExport(
  manifest: Partial<BulkDataExport>,
  fetchFile: typeof fetch = fetch,
): Promise<Map<string, Resource[]>> {
  const byType = new Map<string, Resource[]>();
  for (const file of manifest.output ?? []) {
    if (!file.url || !file.type) {
      continue;
    }
    const response = await fetchFile(file.url);
    if (!response.ok) {
      throw new Error(`Download of ${file.type} failed with HTTP ${response.status}`);
    }
    const resources = parseNdjson(await response.text());
    byType.set(file.type, [...(byType.get(file.type) ?? []), ...resources]);
  }
  return byType;
}
// #endregion download

// #region view
/**
 * A SQL-on-FHIR view: one row per Observation with a numeric value, with the columns an analyst
 * would put in a warehouse table. Paths are FHIRPath, evaluated per resource.
 */
export const observationValuesView: ViewDefinition = {
  name: 'observation_values',
  status: 'active',
  resource: 'Observation',
  where: [{ path: 'value.ofType(Quantity).exists()' }],
  select: [
    {
      column: [
        { name: 'id', path: 'getResourceKey()' },
        { name: 'patient', path: 'subject.getReferenceKey(Patient)' },
        { name: 'loinc', path: "code.coding.where(system = 'http://loinc.org').code.first()" },
        { name: 'value', path: 'value.ofType(Quantity).value' },
        { name: 'unit', path: 'value.ofType(Quantity).unit' },
        { name: 'effective', path: 'effective.ofType(dateTime)' },
      ],
    },
  ],
};

/** Evaluates the view over resources you already have, for example from an export file. */
export function toRows(resources: Resource[]): OutputRow[] {
  return evalSqlOnFhir(observationValuesView, resources);
}
// #endregion view
