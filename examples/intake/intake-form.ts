/**
 * A new-patient intake form and the bot that files its answers: Patient (demographics, emergency
 * contact), Coverage (and a RelatedPerson subscriber for dependents), AllergyIntolerance,
 * Condition, a smoking-status Observation and Consents, all traceable to the QuestionnaireResponse.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { createReference, getAllQuestionnaireAnswers, getReferenceString } from '@medplum/core';
import type {
  AllergyIntolerance,
  Coding,
  Condition,
  Consent,
  Coverage,
  Observation,
  Organization,
  Patient,
  Questionnaire,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
  Reference,
  RelatedPerson,
  Subscription,
} from '@medplum/fhirtypes';

// #region questionnaire
export const INTAKE_URL = 'https://example.org/fhir/Questionnaire/new-patient-intake';
const SNOMED = 'http://snomed.info/sct';

/** The intake form. Each linkId is named after the resource field it fills. */
export const intakeQuestionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  url: INTAKE_URL,
  name: 'NewPatientIntake',
  title: 'New patient intake',
  status: 'active',
  subjectType: ['Patient'],
  item: [
    {
      linkId: 'patient',
      type: 'group',
      text: 'About you',
      item: [
        { linkId: 'given-name', type: 'string', text: 'First name', required: true },
        { linkId: 'family-name', type: 'string', text: 'Last name', required: true },
        { linkId: 'birth-date', type: 'date', text: 'Date of birth', required: true },
        {
          linkId: 'gender',
          type: 'choice',
          text: 'Administrative sex',
          answerValueSet: 'http://hl7.org/fhir/ValueSet/administrative-gender',
        },
        { linkId: 'phone', type: 'string', text: 'Mobile phone' },
        { linkId: 'email', type: 'string', text: 'Email' },
      ],
    },
    {
      linkId: 'emergency-contact',
      type: 'group',
      text: 'Emergency contact',
      item: [
        { linkId: 'emergency-contact-name', type: 'string', text: 'Name' },
        { linkId: 'emergency-contact-phone', type: 'string', text: 'Phone' },
      ],
    },
    {
      linkId: 'insurance',
      type: 'group',
      text: 'Insurance',
      repeats: true,
      item: [
        { linkId: 'payer', type: 'reference', text: 'Insurance company', required: true },
        { linkId: 'member-id', type: 'string', text: 'Member ID', required: true },
        { linkId: 'group-number', type: 'string', text: 'Group number' },
        {
          linkId: 'relationship',
          type: 'choice',
          text: 'Your relationship to the policy holder',
          answerValueSet: 'http://hl7.org/fhir/ValueSet/subscriber-relationship',
          required: true,
        },
        {
          linkId: 'subscriber',
          type: 'group',
          text: 'Policy holder',
          enableWhen: [
            {
              question: 'relationship',
              operator: '!=',
              answerCoding: { system: 'http://terminology.hl7.org/CodeSystem/subscriber-relationship', code: 'self' },
            },
          ],
          item: [
            { linkId: 'subscriber-given-name', type: 'string', text: 'First name' },
            { linkId: 'subscriber-family-name', type: 'string', text: 'Last name' },
            { linkId: 'subscriber-birth-date', type: 'date', text: 'Date of birth' },
          ],
        },
      ],
    },
    {
      linkId: 'allergy',
      type: 'group',
      text: 'Allergies',
      repeats: true,
      item: [
        { linkId: 'allergy-substance', type: 'choice', text: 'Substance' },
        { linkId: 'allergy-reaction', type: 'string', text: 'What happens' },
      ],
    },
    {
      linkId: 'condition',
      type: 'group',
      text: 'Medical history',
      repeats: true,
      item: [{ linkId: 'condition-code', type: 'choice', text: 'Condition' }],
    },
    {
      linkId: 'smoking-status',
      type: 'choice',
      text: 'Do you smoke tobacco?',
      answerOption: [
        { valueCoding: { system: SNOMED, code: '266919005', display: 'Never smoked tobacco' } },
        { valueCoding: { system: SNOMED, code: '8517006', display: 'Ex-smoker' } },
        { valueCoding: { system: SNOMED, code: '449868002', display: 'Smokes tobacco daily' } },
        { valueCoding: { system: SNOMED, code: '428041000124106', display: 'Occasional tobacco smoker' } },
      ],
    },
    { linkId: 'consent-treatment', type: 'boolean', text: 'I consent to examination and treatment', required: true },
    { linkId: 'consent-npp', type: 'boolean', text: 'I received the Notice of Privacy Practices', required: true },
  ],
};
// #endregion questionnaire

// #region submit
/**
 * App side: save what the form component produced. In a portal the patient is known and is set as
 * the subject; at a kiosk there is none yet and the bot creates the patient.
 */
export async function submitIntake(
  medplum: MedplumClient,
  response: QuestionnaireResponse,
  patient?: Patient,
): Promise<QuestionnaireResponse> {
  return medplum.createResource<QuestionnaireResponse>({
    ...response,
    questionnaire: INTAKE_URL,
    status: 'completed',
    authored: response.authored ?? new Date().toISOString(),
    subject: patient ? createReference(patient) : response.subject,
  });
}

/** Runs the intake bot for each new response to this form, and only on create. */
export function intakeSubscription(bot: { id?: string }): Subscription {
  return {
    resourceType: 'Subscription',
    status: 'active',
    reason: 'File new-patient intake forms',
    criteria: `QuestionnaireResponse?questionnaire=${INTAKE_URL}`,
    channel: { type: 'rest-hook', endpoint: `Bot/${bot.id}` },
    extension: [
      { url: 'https://medplum.com/fhir/StructureDefinition/subscription-supported-interaction', valueCode: 'create' },
    ],
  };
}
// #endregion submit

// #region answers
type Answers = Record<string, QuestionnaireResponseItemAnswer[]>;

const first = (answers: Answers, linkId: string): QuestionnaireResponseItemAnswer | undefined => answers[linkId]?.[0];

/** Answers of every occurrence of a repeating group, one record per occurrence. */
export function groupAnswers(response: QuestionnaireResponse, linkId: string): Answers[] {
  const groups: QuestionnaireResponseItem[] = [];
  const walk = (items: QuestionnaireResponseItem[] | undefined): void => {
    for (const item of items ?? []) {
      if (item.linkId === linkId) {
        groups.push(item);
      } else {
        walk(item.item);
      }
    }
  };
  walk(response.item);
  return groups.map((group) =>
    getAllQuestionnaireAnswers({ resourceType: 'QuestionnaireResponse', status: 'completed', item: group.item }),
  );
}
// #endregion answers

// #region patient
/** Demographics and the emergency contact. Merges into an existing patient when there is one. */
export function toPatient(answers: Answers, existing?: Patient): Patient {
  const patient: Patient = existing ? { ...existing } : { resourceType: 'Patient' };
  const given = first(answers, 'given-name')?.valueString;
  const family = first(answers, 'family-name')?.valueString;
  if (given || family) {
    patient.name = [{ use: 'official', given: given ? [given] : undefined, family }];
  }
  patient.birthDate = first(answers, 'birth-date')?.valueDate ?? patient.birthDate;
  const gender = first(answers, 'gender')?.valueCoding?.code;
  if (gender) {
    patient.gender = gender as Patient['gender'];
  }
  const telecom = [
    { system: 'phone' as const, use: 'mobile' as const, value: first(answers, 'phone')?.valueString },
    { system: 'email' as const, value: first(answers, 'email')?.valueString },
  ].filter((t) => t.value);
  if (telecom.length) {
    // Replace only the kinds of contact point that were answered; keep the others.
    const answered = new Set<string>(telecom.map((t) => t.system));
    patient.telecom = [...(patient.telecom ?? []).filter((t) => !answered.has(t.system ?? '')), ...telecom];
  }
  const contactName = first(answers, 'emergency-contact-name')?.valueString;
  if (contactName) {
    patient.contact = [
      {
        relationship: [
          {
            coding: [
              { system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'C', display: 'Emergency Contact' },
            ],
          },
        ],
        name: { text: contactName },
        telecom: [{ system: 'phone', value: first(answers, 'emergency-contact-phone')?.valueString }],
      },
    ];
  }
  return patient;
}
// #endregion patient

// #region coverage
/** One Coverage per insurance group; a RelatedPerson subscriber unless the patient holds the policy. */
export async function fileCoverage(
  medplum: MedplumClient,
  patient: Patient,
  answers: Answers,
  order: number,
): Promise<Coverage | undefined> {
  const payer = first(answers, 'payer')?.valueReference as Reference<Organization> | undefined;
  const memberId = first(answers, 'member-id')?.valueString;
  const relationship = first(answers, 'relationship')?.valueCoding;
  if (!payer || !memberId || !relationship) {
    return undefined;
  }
  // Same payer and member id again (a resubmitted form): update that Coverage instead of duplicating,
  // and keep its subscriber rather than creating the policy holder a second time.
  const found = await medplum.searchOne('Coverage', {
    beneficiary: getReferenceString(patient),
    payor: payer.reference as string,
  });
  const existing = found?.subscriberId === memberId ? found : undefined;
  let subscriber: Reference<Patient | RelatedPerson> = createReference(patient);
  if (relationship.code !== 'self' && existing?.subscriber?.reference?.startsWith('RelatedPerson/')) {
    subscriber = existing.subscriber;
  } else if (relationship.code !== 'self') {
    const person = await medplum.createResource<RelatedPerson>({
      resourceType: 'RelatedPerson',
      patient: createReference(patient),
      name: [
        {
          given: [first(answers, 'subscriber-given-name')?.valueString ?? ''],
          family: first(answers, 'subscriber-family-name')?.valueString,
        },
      ],
      birthDate: first(answers, 'subscriber-birth-date')?.valueDate,
    });
    subscriber = createReference(person);
  }
  const groupNumber = first(answers, 'group-number')?.valueString;
  const coverage: Coverage = {
    resourceType: 'Coverage',
    status: 'active',
    beneficiary: createReference(patient),
    subscriber,
    subscriberId: memberId,
    relationship: { coding: [relationship] },
    payor: [payer],
    order,
    class: groupNumber
      ? [
          {
            type: {
              coding: [
                { system: 'http://terminology.hl7.org/CodeSystem/coverage-class', code: 'group', display: 'Group' },
              ],
            },
            value: groupNumber,
          },
        ]
      : undefined,
  };
  if (existing) {
    return medplum.updateResource<Coverage>({ ...coverage, id: existing.id });
  }
  return medplum.createResource(coverage);
}
// #endregion coverage

// #region clinical
/** Patient-reported allergies: unconfirmed until a clinician reviews them. Skips codes already on file. */
export async function fileAllergy(
  medplum: MedplumClient,
  patient: Patient,
  answers: Answers,
): Promise<AllergyIntolerance | undefined> {
  const code = first(answers, 'allergy-substance')?.valueCoding;
  if (!code) {
    return undefined;
  }
  const known = await medplum.searchOne('AllergyIntolerance', {
    patient: getReferenceString(patient),
    code: `${code.system}|${code.code}`,
  });
  if (known) {
    return known;
  }
  const reaction = first(answers, 'allergy-reaction')?.valueString;
  return medplum.createResource<AllergyIntolerance>({
    resourceType: 'AllergyIntolerance',
    clinicalStatus: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical',
          code: 'active',
          display: 'Active',
        },
      ],
    },
    verificationStatus: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
          code: 'unconfirmed',
          display: 'Unconfirmed',
        },
      ],
    },
    patient: createReference(patient),
    code: { coding: [code] },
    reaction: reaction ? [{ manifestation: [{ text: reaction }] }] : undefined,
    asserter: createReference(patient),
  });
}

/** Patient-reported history goes on the problem list, unconfirmed. */
export async function fileCondition(
  medplum: MedplumClient,
  patient: Patient,
  answers: Answers,
): Promise<Condition | undefined> {
  const code = first(answers, 'condition-code')?.valueCoding;
  if (!code) {
    return undefined;
  }
  const known = await medplum.searchOne('Condition', {
    subject: getReferenceString(patient),
    code: `${code.system}|${code.code}`,
  });
  if (known) {
    return known;
  }
  return medplum.createResource<Condition>({
    resourceType: 'Condition',
    subject: createReference(patient),
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/condition-category',
            code: 'problem-list-item',
            display: 'Problem List Item',
          },
        ],
      },
    ],
    clinicalStatus: {
      coding: [
        { system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active', display: 'Active' },
      ],
    },
    verificationStatus: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
          code: 'unconfirmed',
          display: 'Unconfirmed',
        },
      ],
    },
    code: { coding: [code] },
    asserter: createReference(patient),
  });
}

/** Smoking status as a social-history Observation (LOINC 72166-2), derived from the response. */
export async function fileSmokingStatus(
  medplum: MedplumClient,
  patient: Patient,
  response: QuestionnaireResponse,
  value: Coding | undefined,
): Promise<Observation | undefined> {
  if (!value) {
    return undefined;
  }
  return medplum.createResource<Observation>({
    resourceType: 'Observation',
    status: 'final',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'social-history',
            display: 'Social History',
          },
        ],
      },
    ],
    code: { coding: [{ system: 'http://loinc.org', code: '72166-2', display: 'Tobacco smoking status' }] },
    subject: createReference(patient),
    effectiveDateTime: response.authored ?? new Date().toISOString(),
    valueCodeableConcept: { coding: [value] },
    derivedFrom: [createReference(response)],
  });
}
// #endregion clinical

// #region consent
/** The practice's own consent-to-treat document, published at a stable address. */
export const TREATMENT_POLICY = 'https://example.org/policies/consent-to-treat';

/** A Consent per checkbox: active when ticked, rejected when not; the signed form is its source. */
export async function fileConsent(
  medplum: MedplumClient,
  patient: Patient,
  response: QuestionnaireResponse,
  kind: 'treatment' | 'npp',
  given: boolean,
): Promise<Consent> {
  const scope =
    kind === 'treatment'
      ? { system: 'http://terminology.hl7.org/CodeSystem/consentscope', code: 'treatment', display: 'Treatment' }
      : {
          system: 'http://terminology.hl7.org/CodeSystem/consentscope',
          code: 'patient-privacy',
          display: 'Privacy Consent',
        };
  const category =
    kind === 'treatment'
      ? { system: 'http://loinc.org', code: '59284-0', display: 'Patient Consent' }
      : {
          system: 'http://terminology.hl7.org/CodeSystem/consentcategorycodes',
          code: 'npp',
          display: 'Notice of Privacy Practices',
        };
  return medplum.createResource<Consent>({
    resourceType: 'Consent',
    status: given ? 'active' : 'rejected',
    scope: { coding: [scope] },
    category: [{ coding: [category] }],
    patient: createReference(patient),
    dateTime: response.authored ?? new Date().toISOString(),
    performer: [createReference(patient)],
    // FHIR rule ppc-1: a Consent needs a policy or a policyRule.
    policy: kind === 'treatment' ? [{ uri: TREATMENT_POLICY }] : undefined,
    policyRule:
      kind === 'npp'
        ? {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/consentpolicycodes',
                code: 'hipaa-npp',
                display: 'HIPAA Notice of Privacy Practices',
              },
            ],
          }
        : undefined,
    sourceReference: createReference(response),
  });
}
// #endregion consent

// #region bot
export interface IntakeResult {
  patient: Patient;
  coverages: Coverage[];
  allergies: AllergyIntolerance[];
  conditions: Condition[];
  observations: Observation[];
  consents: Consent[];
}

/**
 * Bot handler. Subscribe it to `QuestionnaireResponse?questionnaire=<INTAKE_URL>` for the create
 * interaction only: it updates the response at the end, and an update must not run it again.
 */
export async function handler(medplum: MedplumClient, event: BotEvent<QuestionnaireResponse>): Promise<IntakeResult> {
  const response = event.input;
  if (response.questionnaire !== INTAKE_URL || response.status !== 'completed') {
    throw new Error('Not a completed intake form');
  }
  const answers = getAllQuestionnaireAnswers(response);

  // A form filled in the portal already names the patient; a kiosk form does not.
  const existing = response.subject?.reference?.startsWith('Patient/')
    ? await medplum.readReference(response.subject as Reference<Patient>)
    : undefined;
  const draft = toPatient(answers, existing);
  const patient = existing ? await medplum.updateResource(draft) : await medplum.createResource(draft);

  const coverages: Coverage[] = [];
  for (const [i, group] of groupAnswers(response, 'insurance').entries()) {
    const coverage = await fileCoverage(medplum, patient, group, i + 1);
    if (coverage) {
      coverages.push(coverage);
    }
  }
  const allergies = (
    await Promise.all(groupAnswers(response, 'allergy').map((g) => fileAllergy(medplum, patient, g)))
  ).filter((a): a is AllergyIntolerance => !!a);
  const conditions = (
    await Promise.all(groupAnswers(response, 'condition').map((g) => fileCondition(medplum, patient, g)))
  ).filter((c): c is Condition => !!c);
  const smoking = await fileSmokingStatus(medplum, patient, response, first(answers, 'smoking-status')?.valueCoding);
  const consents = [
    await fileConsent(
      medplum,
      patient,
      response,
      'treatment',
      first(answers, 'consent-treatment')?.valueBoolean === true,
    ),
    await fileConsent(medplum, patient, response, 'npp', first(answers, 'consent-npp')?.valueBoolean === true),
  ];

  // Link the form to the patient it produced.
  await medplum.updateResource<QuestionnaireResponse>({ ...response, subject: createReference(patient) });
  return { patient, coverages, allergies, conditions, observations: smoking ? [smoking] : [], consents };
}
// #endregion bot
