/**
 * An imaging order and its outcome: the ServiceRequest, the ImagingStudy that indexes the DICOM
 * images held in a PACS, and the radiologist's DiagnosticReport that points at the study.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { Coding, DiagnosticReport, ImagingStudy, Patient, Practitioner, ServiceRequest } from '@medplum/fhirtypes';

// #region codes
/** DICOM modality codes (DICOM PS3.16, coding scheme DCM). */
export const DIGITAL_RADIOGRAPHY: Coding = {
  system: 'http://dicom.nema.org/resources/ontology/DCM',
  code: 'DX',
  display: 'Digital Radiography',
};
// #endregion codes

// #region order-imaging
/**
 * Orders a chest X-ray. The procedure is given as text here; a production system would code it
 * with the procedure codes its radiology department uses (for example LOINC/RSNA Playbook codes).
 */
export async function orderChestXray(
  medplum: MedplumClient,
  patient: Patient,
  orderer: Practitioner,
  reason: string,
): Promise<ServiceRequest> {
  return medplum.createResource<ServiceRequest>({
    resourceType: 'ServiceRequest',
    status: 'active',
    intent: 'order',
    code: { text: 'Chest X-ray, two views' },
    subject: createReference(patient),
    requester: createReference(orderer),
    authoredOn: new Date().toISOString(),
    reasonCode: [{ text: reason }],
  });
}
// #endregion order-imaging

// #region study
/**
 * Records the study the modality produced. Only the index lives in FHIR: UIDs, counts and the
 * modality. The pixel data stays in the PACS and is fetched by its Study Instance UID.
 */
export async function recordStudy(
  medplum: MedplumClient,
  order: ServiceRequest,
  studyUid: string,
  seriesUid: string,
  images: number,
): Promise<ImagingStudy> {
  return medplum.createResource<ImagingStudy>({
    resourceType: 'ImagingStudy',
    status: 'available',
    identifier: [{ system: 'urn:dicom:uid', value: `urn:oid:${studyUid}` }],
    subject: order.subject as ImagingStudy['subject'],
    basedOn: [createReference(order)],
    started: new Date().toISOString(),
    modality: [DIGITAL_RADIOGRAPHY],
    numberOfSeries: 1,
    numberOfInstances: images,
    series: [{ uid: seriesUid, number: 1, modality: DIGITAL_RADIOGRAPHY, numberOfInstances: images }],
  });
}
// #endregion study

// #region read
/** The radiologist's report: a conclusion in words, linked to the study and the order. */
export async function reportStudy(
  medplum: MedplumClient,
  order: ServiceRequest,
  study: ImagingStudy,
  radiologist: Practitioner,
  conclusion: string,
): Promise<DiagnosticReport> {
  const report = await medplum.createResource<DiagnosticReport>({
    resourceType: 'DiagnosticReport',
    status: 'final',
    category: [
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'RAD', display: 'Radiology' }] },
    ],
    code: order.code ?? { text: 'Imaging report' },
    subject: order.subject,
    basedOn: [createReference(order)],
    imagingStudy: [createReference(study)],
    resultsInterpreter: [createReference(radiologist)],
    issued: new Date().toISOString(),
    conclusion,
  });
  await medplum.updateResource({ ...order, status: 'completed' });
  return report;
}
// #endregion read
