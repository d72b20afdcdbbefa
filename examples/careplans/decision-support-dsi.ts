/**
 * Carrying a decision support intervention's source attributes in FHIR: the rule is published as a
 * PlanDefinition whose metadata holds them, a review screen reads them back in plain language, each
 * CDS Hooks card names its source, each firing and the user's feedback are recorded as a
 * GuidanceResponse, and a linked reference is an HL7 Infobutton URL.
 */
import type { CdsCard, MedplumClient } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { Coding, GuidanceResponse, Patient, PlanDefinition, Practitioner } from '@medplum/fhirtypes';
import { HBA1C } from './codes';

// #region publish
export const INTERVENTION_URL = 'https://example.org/fhir/PlanDefinition/high-hba1c-follow-up';

/**
 * The intervention as a versioned PlanDefinition (type eca-rule). Who wrote it, what it rests on,
 * who paid for it and when it was released and revised are metadata elements; the patient data it
 * reads are the action's `input` requirements.
 */
export const HIGH_HBA1C: PlanDefinition = {
  resourceType: 'PlanDefinition',
  url: INTERVENTION_URL,
  version: '1.1.0',
  name: 'HighHbA1cFollowUp',
  title: 'High HbA1c follow-up',
  type: {
    coding: [
      { system: 'http://terminology.hl7.org/CodeSystem/plan-definition-type', code: 'eca-rule', display: 'ECA Rule' },
    ],
  },
  status: 'active',
  date: '2026-10-01',
  publisher: 'Example Clinic Quality Committee',
  author: [{ name: 'Example Clinic Quality Committee' }],
  description: 'Shows a card when an adult patient’s latest HbA1c is 9% or higher.',
  purpose: 'Make sure poorly controlled diabetes gets a nurse follow-up within two weeks.',
  usage: 'Shown on patient-view to physicians and nurses. Advice only: no order is placed.',
  approvalDate: '2026-09-15',
  lastReviewDate: '2026-10-01',
  effectivePeriod: { start: '2025-03-01' },
  relatedArtifact: [
    {
      type: 'citation',
      label: 'evidence',
      citation: 'Example Clinic diabetes follow-up protocol, revision 3 (internal document)',
      url: 'https://example.org/protocols/diabetes-follow-up-r3',
    },
    { type: 'documentation', label: 'funding', display: 'Developed by clinic staff; no external funding' },
  ],
  action: [
    {
      title: 'Latest HbA1c 9% or higher',
      trigger: [{ type: 'named-event', name: 'patient-view' }],
      input: [
        { type: 'Patient', mustSupport: ['birthDate'] },
        { type: 'Observation', codeFilter: [{ path: 'code', code: [HBA1C] }] },
      ],
    },
  ],
};

export async function publishIntervention(medplum: MedplumClient, plan = HIGH_HBA1C): Promise<PlanDefinition> {
  return medplum.createResourceIfNoneExist<PlanDefinition>(plan, `url=${plan.url}&version=${plan.version}`);
}
// #endregion publish

// #region review
/** Patient data elements a reviewer must be told the intervention uses, by the element that holds them. */
const DEMOGRAPHIC_INPUTS: Record<string, string> = {
  'Patient.birthDate': 'date of birth',
  'Patient.gender': 'administrative gender',
  'Patient.communication.language': 'language',
};

export interface SourceAttribute {
  label: string;
  value: string;
}

/** The active version of an intervention, as a list a review screen can show line by line. */
export async function sourceAttributes(medplum: MedplumClient, url: string): Promise<SourceAttribute[]> {
  const plan = await medplum.searchOne('PlanDefinition', { url, status: 'active' }, { cache: 'no-cache' });
  if (!plan) {
    throw new Error(`No active intervention ${url}`);
  }
  const artifact = (label: string) => plan.relatedArtifact?.find((a) => a.label === label);
  const evidence = artifact('evidence');
  const inputs = (plan.action ?? []).flatMap((a) => a.input ?? []);
  const used = inputs.flatMap((i) => (i.mustSupport ?? []).map((m) => DEMOGRAPHIC_INPUTS[`${i.type}.${m}`]));
  return [
    { label: 'Intervention', value: `${plan.title} (version ${plan.version})` },
    { label: 'Citation', value: [evidence?.citation, evidence?.url].filter(Boolean).join(', ') || 'none recorded' },
    { label: 'Developer', value: plan.author?.map((a) => a.name).join(', ') ?? plan.publisher ?? 'none recorded' },
    { label: 'Funding source', value: artifact('funding')?.display ?? 'none recorded' },
    { label: 'Release date', value: plan.effectivePeriod?.start ?? plan.approvalDate ?? 'none recorded' },
    { label: 'Last revised', value: plan.lastReviewDate ?? plan.date ?? 'none recorded' },
    { label: 'Patient data used', value: used.filter(Boolean).join(', ') || 'no demographic elements' },
  ];
}
// #endregion review

// #region card
/**
 * A card that names its source: the label says which intervention and version, and the URL opens
 * the review screen for it (any page of your app that shows `sourceAttributes`).
 */
export function cardWithSource(plan: PlanDefinition, hba1cPercent: number, reviewBaseUrl: string): CdsCard {
  return {
    summary: `HbA1c ${hba1cPercent}%: arrange a nurse follow-up`,
    indicator: 'warning',
    detail: plan.purpose,
    source: {
      label: `${plan.title} v${plan.version} (${plan.publisher})`,
      url: `${reviewBaseUrl}/interventions/${plan.id}`,
      topic: HBA1C,
    },
  };
}
// #endregion card

// #region record
/**
 * One GuidanceResponse per time the intervention fired for a patient: which module and version
 * (`moduleCanonical`), the hook call it answered (`requestIdentifier`), when and for whom.
 */
export async function recordFiring(
  medplum: MedplumClient,
  plan: PlanDefinition,
  patient: Patient,
  hookInstance: string,
): Promise<GuidanceResponse> {
  return medplum.createResource<GuidanceResponse>({
    resourceType: 'GuidanceResponse',
    requestIdentifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${hookInstance}` },
    moduleCanonical: `${plan.url}|${plan.version}`,
    status: 'success',
    subject: createReference(patient),
    occurrenceDateTime: new Date().toISOString(),
  });
}

export type Action = 'accepted' | 'overridden' | 'not-relevant';

/** The user's reaction, as a note with its author and time, on the firing it is about. */
export async function recordFeedback(
  medplum: MedplumClient,
  firing: GuidanceResponse,
  user: Practitioner,
  action: Action,
  comment?: string,
): Promise<GuidanceResponse> {
  return medplum.updateResource<GuidanceResponse>({
    ...firing,
    note: [
      ...(firing.note ?? []),
      {
        authorReference: createReference(user),
        time: new Date().toISOString(),
        text: comment ? `${action}: ${comment}` : action,
      },
    ],
  });
}

export interface FeedbackRow {
  intervention: string;
  patient: string;
  firedAt: string;
  user: string;
  at: string;
  feedback: string;
}

/** Feedback for one intervention since a date, one row per note, for export (CSV, a spreadsheet). */
export async function feedbackSince(medplum: MedplumClient, url: string, since: string): Promise<FeedbackRow[]> {
  // Sorted by _lastUpdated ascending, the server links each page to the next with a cursor, so
  // reading every page is not stopped by the limit on offset paging.
  const firings: GuidanceResponse[] = [];
  for await (const page of medplum.searchResourcePages(
    'GuidanceResponse',
    { _lastUpdated: `ge${since}`, _sort: '_lastUpdated', _count: '1000' },
    { cache: 'no-cache' },
  )) {
    firings.push(...page);
  }
  return firings
    .filter((g) => g.moduleCanonical?.split('|')[0] === url)
    .flatMap((g) =>
      (g.note ?? []).map((n) => ({
        intervention: g.moduleCanonical as string,
        patient: g.subject?.reference as string,
        firedAt: g.occurrenceDateTime as string,
        user: n.authorReference?.reference as string,
        at: n.time as string,
        feedback: n.text,
      })),
    );
}
// #endregion record

// #region infobutton
/** OIDs the Infobutton URL-based implementation guide uses to name code systems. */
const OIDS: Record<string, string> = {
  'http://loinc.org': '2.16.840.1.113883.6.1',
  'http://snomed.info/sct': '2.16.840.1.113883.6.96',
  'http://www.nlm.nih.gov/research/umls/rxnorm': '2.16.840.1.113883.6.88',
  'http://hl7.org/fhir/sid/icd-10-cm': '2.16.840.1.113883.6.90',
};

/**
 * A knowledge request for one coded item (a lab test, a problem, a drug), as a link to open beside
 * it. `base` is the knowledge resource's Infobutton endpoint; `recipient` is PROV for a clinician,
 * PAT for a patient.
 */
export function infobuttonUrl(base: string, coding: Coding, recipient: 'PROV' | 'PAT' = 'PROV'): string {
  const oid = coding.system ? OIDS[coding.system] : undefined;
  if (!oid || !coding.code) {
    throw new Error(`No Infobutton code system for ${coding.system}`);
  }
  const url = new URL(base);
  url.searchParams.set('mainSearchCriteria.v.cs', oid);
  url.searchParams.set('mainSearchCriteria.v.c', coding.code);
  if (coding.display) {
    url.searchParams.set('mainSearchCriteria.v.dn', coding.display);
  }
  url.searchParams.set('informationRecipient', recipient);
  url.searchParams.set('knowledgeResponseType', 'application/json');
  return url.toString();
}
// #endregion infobutton
