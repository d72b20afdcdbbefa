/**
 * A bot that imports an uploaded CSV of lab results. It keeps the original file as a Binary
 * (attached to a DocumentReference) so the import can be audited, and creates one Observation
 * per row. Called with $execute and Content-Type text/plain, the CSV arrives as a string.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { DocumentReference, Observation } from '@medplum/fhirtypes';

export const MRN_SYSTEM = 'urn:oid:2.16.840.1.113883.19.5';

/** LOINC codes this importer accepts, with their display names. */
export const LAB_CODES: Record<string, string> = {
  '2339-0': 'Glucose [Mass/volume] in Blood',
  '4548-4': 'Hemoglobin A1c/Hemoglobin.total in Blood',
};

export interface ImportResult {
  documentReference: string;
  observations: string[];
  skipped: number;
}

// #region handler
export async function handler(medplum: MedplumClient, event: BotEvent<string>): Promise<ImportResult> {
  const csv = event.input;
  // 1. Keep the original upload. createAttachment stores a Binary and returns an Attachment
  //    whose url points at it, ready to put on a DocumentReference.
  const attachment = await medplum.createAttachment({
    data: csv,
    contentType: 'text/csv',
    filename: `lab-import-${new Date().toISOString().slice(0, 10)}.csv`,
  });
  const docRef = await medplum.createResource<DocumentReference>({
    resourceType: 'DocumentReference',
    status: 'current',
    description: 'Lab results CSV imported by bot',
    content: [{ attachment }],
  });

  // 2. One Observation per valid row; header line is "mrn,loinc,value,unit,date".
  const observations: string[] = [];
  let skipped = 0;
  for (const line of csv.trim().split(/\r?\n/).slice(1)) {
    const [mrn, loinc, value, unit, date] = line.split(',').map((s) => s.trim());
    const patient = await medplum.searchOne('Patient', { identifier: `${MRN_SYSTEM}|${mrn}` });
    if (!patient || !LAB_CODES[loinc] || Number.isNaN(Number(value))) {
      skipped++;
      continue;
    }
    const obs = await medplum.createResource<Observation>({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: loinc, display: LAB_CODES[loinc] }] },
      subject: createReference(patient),
      effectiveDateTime: date,
      valueQuantity: { value: Number(value), unit, system: 'http://unitsofmeasure.org', code: unit },
      derivedFrom: [createReference(docRef)],
    });
    observations.push(`Observation/${obs.id}`);
  }
  return { documentReference: `DocumentReference/${docRef.id}`, observations, skipped };
}
// #endregion handler

// #region summary
/**
 * Writes a plain-text summary as a Binary. A bot may return a Binary resource: $execute and
 * public webhooks then answer with the file itself instead of JSON.
 */
export async function summaryBinary(
  medplum: MedplumClient,
  result: ImportResult,
): Promise<{ id: string; url: string }> {
  const text = `Imported ${result.observations.length} results, skipped ${result.skipped} rows.\n`;
  const binary = await medplum.createBinary({ data: text, contentType: 'text/plain', filename: 'import-summary.txt' });
  return { id: binary.id, url: `Binary/${binary.id}` };
}
// #endregion summary
