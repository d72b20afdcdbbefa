/**
 * Visit notes: a SOAP template as a Questionnaire, a visit template as a PlanDefinition applied to
 * an Encounter, the signed note as a Composition (LOINC 11506-3 Progress note), the signature as
 * a Provenance, and a late correction as an addendum DocumentReference (LOINC 55107-7).
 */
import type { MedplumClient } from '@medplum/core';
import { createReference, encodeBase64 } from '@medplum/core';
import type {
  ClinicalImpression,
  Composition,
  DocumentReference,
  Encounter,
  Parameters,
  Patient,
  PlanDefinition,
  Practitioner,
  Provenance,
  Questionnaire,
  QuestionnaireResponse,
  Reference,
} from '@medplum/fhirtypes';

const LOINC = 'http://loinc.org';

// #region template
/** The SOAP template: one free-text question per section. Store it once; reuse it every visit. */
export const SOAP_TEMPLATE: Questionnaire = {
  resourceType: 'Questionnaire',
  url: 'https://example.org/fhir/Questionnaire/soap-note',
  name: 'SoapNote',
  title: 'SOAP note',
  status: 'active',
  subjectType: ['Patient'],
  item: [
    { linkId: 'subjective', text: 'Subjective', type: 'text' },
    { linkId: 'objective', text: 'Objective', type: 'text' },
    { linkId: 'assessment', text: 'Assessment', type: 'text', required: true },
    { linkId: 'plan', text: 'Plan', type: 'text', required: true },
  ],
};

/**
 * A visit template: each action becomes a Task on the Encounter when the PlanDefinition is
 * applied. An action whose definition is a Questionnaire becomes a Task to fill in that form.
 */
export const FOLLOW_UP_VISIT: PlanDefinition = {
  resourceType: 'PlanDefinition',
  url: 'https://example.org/fhir/PlanDefinition/follow-up-visit',
  title: 'Follow-up visit',
  status: 'active',
  action: [{ title: 'Write the SOAP note', definitionCanonical: SOAP_TEMPLATE.url }],
};

/** Applies a visit template to an Encounter, as the Provider app does when it opens a visit. */
export async function applyVisitTemplate(
  medplum: MedplumClient,
  planDefinition: PlanDefinition & { id: string },
  patient: Patient & { id: string },
  encounter: Encounter & { id: string },
  practitioner: Practitioner & { id: string },
): Promise<unknown> {
  const params: Parameters = {
    resourceType: 'Parameters',
    parameter: [
      { name: 'subject', valueString: `Patient/${patient.id}` },
      { name: 'encounter', valueString: `Encounter/${encounter.id}` },
      { name: 'practitioner', valueString: `Practitioner/${practitioner.id}` },
    ],
  };
  return medplum.post(medplum.fhirUrl('PlanDefinition', planDefinition.id, '$apply'), params);
}
// #endregion template

// #region compose
export interface Soap {
  subjective?: string;
  objective?: string;
  assessment: string;
  plan: string;
}

/** Reads the four SOAP answers out of a completed template response. */
export function soapFromResponse(response: QuestionnaireResponse): Soap {
  const answer = (linkId: string): string | undefined =>
    response.item?.find((i) => i.linkId === linkId)?.answer?.[0]?.valueString;
  return {
    subjective: answer('subjective'),
    objective: answer('objective'),
    assessment: answer('assessment') ?? '',
    plan: answer('plan') ?? '',
  };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The note as a document: a Composition typed LOINC 11506-3 Progress note, one section per SOAP
 * heading, each with its narrative as XHTML. It stays `preliminary` until it is signed.
 */
export function buildProgressNote(
  patient: Reference<Patient>,
  encounter: Reference<Encounter>,
  author: Reference<Practitioner>,
  soap: Soap,
  date: string,
): Composition {
  const headings: [string, string | undefined][] = [
    ['Subjective', soap.subjective],
    ['Objective', soap.objective],
    ['Assessment', soap.assessment],
    ['Plan', soap.plan],
  ];
  return {
    resourceType: 'Composition',
    status: 'preliminary',
    type: { coding: [{ system: LOINC, code: '11506-3', display: 'Progress note' }] },
    subject: patient,
    encounter,
    date,
    author: [author],
    title: 'Progress note',
    section: headings
      .filter(([, text]) => text)
      .map(([title, text]) => ({
        title,
        text: {
          status: 'generated',
          div: `<div xmlns="http://www.w3.org/1999/xhtml"><p>${escapeXml(text as string)}</p></div>`,
        },
      })),
  };
}
// #endregion compose

// #region sign
/**
 * Signs the note. Like the Provider app, the signature is a Provenance on the Encounter; its codes
 * come from the value sets FHIR binds: activity LA (legally authenticated) and an ISO-ASTM E1762
 * author's signature. Here it also targets the Composition, which becomes `final` with a legal
 * attester. Locking also completes the ClinicalImpression, which the Provider app reads as locked.
 */
export async function signNote(
  medplum: MedplumClient,
  encounter: Encounter & { id: string },
  note: Composition & { id: string },
  impression: ClinicalImpression & { id: string },
  practitioner: Reference<Practitioner>,
  lock: boolean,
): Promise<{ note: Composition; provenance: Provenance; impression: ClinicalImpression }> {
  const now = new Date().toISOString();
  const signed = await medplum.updateResource<Composition>({
    ...note,
    status: 'final',
    attester: [{ mode: 'legal', time: now, party: practitioner }],
  });
  const provenance = await medplum.createResource<Provenance>({
    resourceType: 'Provenance',
    target: [createReference(encounter), createReference(signed as Composition & { id: string })],
    recorded: now,
    activity: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/v3-DocumentCompletion',
          code: 'LA',
          display: 'legally authenticated',
        },
      ],
    },
    agent: [
      {
        type: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type', code: 'author' }],
        },
        who: practitioner,
      },
    ],
    signature: [
      {
        type: [{ system: 'urn:iso-astm:E1762-95:2013', code: '1.2.840.10065.1.12.1.1', display: "Author's Signature" }],
        when: now,
        who: practitioner,
      },
    ],
  });
  const updatedImpression = lock
    ? await medplum.updateResource<ClinicalImpression>({ ...impression, status: 'completed' })
    : impression;
  return { note: signed, provenance, impression: updatedImpression };
}
// #endregion sign

// #region addendum
/**
 * After a note is locked, corrections go in an addendum: a DocumentReference typed LOINC 55107-7
 * Addendum Document, linked to the Encounter. The Provider app lists these by encounter and type.
 */
export async function addAddendum(
  medplum: MedplumClient,
  encounter: Encounter & { id: string },
  author: Reference<Practitioner>,
  text: string,
): Promise<DocumentReference> {
  return medplum.createResource<DocumentReference>({
    resourceType: 'DocumentReference',
    status: 'current',
    type: { coding: [{ system: LOINC, code: '55107-7', display: 'Addendum Document' }] },
    subject: encounter.subject,
    author: [author],
    date: new Date().toISOString(),
    context: { encounter: [createReference(encounter)] },
    content: [{ attachment: { contentType: 'text/plain', data: encodeBase64(text), title: 'Addendum' } }],
  });
}
// #endregion addendum
