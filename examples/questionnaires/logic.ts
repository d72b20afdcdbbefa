/**
 * Form logic and multi-resource extraction: a tobacco and allergy screen with conditional
 * questions, a repeating group, coded answers and a required signature; a server-side check of a
 * response against the form's rules; and extraction of linked resources into one transaction.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference, generateId, getExtension } from '@medplum/core';
import type {
  AllergyIntolerance,
  Bundle,
  BundleEntry,
  Coding,
  Encounter,
  Patient,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireItemEnableWhen,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
  Signature,
} from '@medplum/fhirtypes';

export const SCREEN_URL = 'https://example.org/fhir/Questionnaire/tobacco-allergy-screen';
export const SIGNATURE_REQUIRED_URL = 'http://hl7.org/fhir/StructureDefinition/questionnaire-signatureRequired';
export const SIGNATURE_RESPONSE_URL = 'http://hl7.org/fhir/StructureDefinition/questionnaireresponse-signature';

const SDC = 'http://hl7.org/fhir/uv/sdc/StructureDefinition';
const SEVERITY = 'https://example.org/fhir/CodeSystem/reaction-severity';
const AUTHOR_SIGNATURE: Coding = {
  system: 'urn:iso-astm:E1762-95:2013',
  code: '1.2.840.10065.1.12.1.1',
  display: "Author's Signature",
};

// #region questionnaire
/**
 * Conditional questions (`enableWhen`), a repeating group, fixed answer options with an initial
 * selection, and a signature the form must collect before it submits.
 */
export function buildScreenQuestionnaire(): Questionnaire {
  return {
    resourceType: 'Questionnaire',
    url: SCREEN_URL,
    name: 'TobaccoAllergyScreen',
    title: 'Tobacco and allergy screen',
    status: 'active',
    subjectType: ['Patient'],
    extension: [{ url: SIGNATURE_REQUIRED_URL, valueCodeableConcept: { coding: [AUTHOR_SIGNATURE] } }],
    item: [
      {
        linkId: 'smokes',
        text: 'Do you currently smoke tobacco?',
        type: 'boolean',
        // Not required: a required checkbox would have to be ticked, forcing "yes".
      },
      {
        linkId: 'packs-per-day',
        text: 'How many packs a day?',
        type: 'decimal',
        required: true,
        // Shown (and required) only while the answer to "smokes" is true.
        enableWhen: [{ question: 'smokes', operator: '=', answerBoolean: true }],
      },
      {
        linkId: 'quit-help',
        text: 'Would you like information about quitting?',
        type: 'boolean',
        // enableBehavior "all": every condition must hold.
        enableBehavior: 'all',
        enableWhen: [
          { question: 'smokes', operator: '=', answerBoolean: true },
          { question: 'packs-per-day', operator: '>=', answerDecimal: 0.5 },
        ],
        // QuestionnaireForm lets an unanswered question pass an "all" condition, so on its own the
        // enableWhen above would show this item before anything is answered. When this expression
        // is present, the form uses it instead of enableWhen; other readers still see enableWhen.
        extension: [
          {
            url: `${SDC}/sdc-questionnaire-enableWhenExpression`,
            valueExpression: {
              language: 'text/fhirpath',
              expression:
                "%resource.item.where(linkId = 'smokes').answer.value = true and %resource.item.where(linkId = 'packs-per-day').answer.value >= 0.5",
            },
          },
        ],
      },
      {
        linkId: 'has-allergies',
        text: 'Do you have any allergies?',
        type: 'boolean',
      },
      {
        linkId: 'allergy',
        text: 'Allergy',
        type: 'group',
        repeats: true,
        enableWhen: [{ question: 'has-allergies', operator: '=', answerBoolean: true }],
        item: [
          { linkId: 'substance', text: 'Substance', type: 'string', required: true },
          {
            linkId: 'severity',
            text: 'How bad is the reaction?',
            type: 'choice',
            answerOption: [
              { valueCoding: { system: SEVERITY, code: 'mild', display: 'Mild' }, initialSelected: true },
              { valueCoding: { system: SEVERITY, code: 'moderate', display: 'Moderate' } },
              { valueCoding: { system: SEVERITY, code: 'severe', display: 'Severe' } },
            ],
          },
        ],
      },
    ],
  };
}
// #endregion questionnaire

// #region extraction-template
/**
 * The same form with what the server's $extract needs to build several linked resources: an
 * Encounter from the root, one AllergyIntolerance per repeat of the "allergy" group, and an id
 * allocated up front so every AllergyIntolerance can point at the Encounter in one transaction.
 */
export function withExtractionTemplates(questionnaire: Questionnaire): Questionnaire {
  const encounterTemplate: Encounter = {
    resourceType: 'Encounter',
    id: 'encounter-template',
    status: 'finished',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
    subject: {
      extension: [{ url: `${SDC}/sdc-questionnaire-templateExtractValue`, valueString: '%resource.subject' }],
    },
  };
  const allergyTemplate: AllergyIntolerance = {
    resourceType: 'AllergyIntolerance',
    id: 'allergy-template',
    patient: {
      extension: [{ url: `${SDC}/sdc-questionnaire-templateExtractValue`, valueString: '%resource.subject' }],
    },
    encounter: {
      _reference: {
        extension: [{ url: `${SDC}/sdc-questionnaire-templateExtractValue`, valueString: '%encounterId' }],
      },
    } as AllergyIntolerance['encounter'],
    code: {
      _text: {
        extension: [
          {
            url: `${SDC}/sdc-questionnaire-templateExtractValue`,
            valueString: "item.where(linkId = 'substance').answer.value",
          },
        ],
      },
    } as AllergyIntolerance['code'],
  };
  // On a repeating group, templateExtract produces one resource per answered repeat.
  const item = questionnaire.item?.map((i) =>
    i.linkId === 'allergy'
      ? {
          ...i,
          extension: [
            {
              url: `${SDC}/sdc-questionnaire-templateExtract`,
              extension: [{ url: 'template', valueReference: { reference: '#allergy-template' } }],
            },
          ],
        }
      : i,
  );
  return {
    ...questionnaire,
    item,
    contained: [encounterTemplate, allergyTemplate],
    extension: [
      ...(questionnaire.extension ?? []),
      // Allocated once per $extract call, before any template on the Questionnaire root runs.
      { url: `${SDC}/sdc-questionnaire-extractAllocateId`, valueString: 'encounterId' },
      {
        url: `${SDC}/sdc-questionnaire-templateExtract`,
        extension: [
          { url: 'template', valueReference: { reference: '#encounter-template' } },
          { url: 'fullUrl', valueString: '%encounterId' },
        ],
      },
    ],
  };
}
// #endregion extraction-template

// #region response
/** A completed response: a smoker with two allergies, signed. Disabled items are left out. */
export function buildScreenResponse(patient: Patient & { id: string }, signature: Signature): QuestionnaireResponse {
  return {
    resourceType: 'QuestionnaireResponse',
    questionnaire: SCREEN_URL,
    status: 'completed',
    subject: createReference(patient),
    authored: '2026-11-25T15:00:00Z',
    extension: [{ url: SIGNATURE_RESPONSE_URL, valueSignature: signature }],
    item: [
      { linkId: 'smokes', answer: [{ valueBoolean: true }] },
      { linkId: 'packs-per-day', answer: [{ valueDecimal: 1 }] },
      { linkId: 'quit-help', answer: [{ valueBoolean: true }] },
      { linkId: 'has-allergies', answer: [{ valueBoolean: true }] },
      {
        linkId: 'allergy',
        item: [
          { linkId: 'substance', answer: [{ valueString: 'Penicillin' }] },
          { linkId: 'severity', answer: [{ valueCoding: { system: SEVERITY, code: 'severe', display: 'Severe' } }] },
        ],
      },
      {
        linkId: 'allergy',
        item: [
          { linkId: 'substance', answer: [{ valueString: 'Peanuts' }] },
          { linkId: 'severity', answer: [{ valueCoding: { system: SEVERITY, code: 'mild', display: 'Mild' } }] },
        ],
      },
    ],
  };
}
// #endregion response

// #region check-response
/**
 * Checks a response against its form the way a Bot would before accepting it: the Medplum server
 * stores any structurally valid QuestionnaireResponse without comparing it to the Questionnaire.
 * Supports the enableWhen operators on boolean, number, string and Coding answers.
 */
export function checkResponse(questionnaire: Questionnaire, response: QuestionnaireResponse): string[] {
  const problems: string[] = [];
  if (getExtension(questionnaire, SIGNATURE_REQUIRED_URL) && !getExtension(response, SIGNATURE_RESPONSE_URL)) {
    problems.push('signature: required');
  }
  checkItems(questionnaire.item ?? [], response.item ?? [], response, problems);
  return problems;
}

function checkItems(
  items: QuestionnaireItem[],
  responseItems: QuestionnaireResponseItem[],
  response: QuestionnaireResponse,
  problems: string[],
): void {
  for (const item of items) {
    const matches = responseItems.filter((r) => r.linkId === item.linkId);
    if (!isEnabled(item, response)) {
      if (matches.length > 0) {
        problems.push(`${item.linkId}: answered but disabled`);
      }
      continue;
    }
    const answered = matches.some((r) => (r.answer?.length ?? 0) > 0 || (r.item?.length ?? 0) > 0);
    if (item.required && !answered) {
      problems.push(`${item.linkId}: required`);
    }
    if (!item.repeats && (matches.length > 1 || (matches[0]?.answer?.length ?? 0) > 1)) {
      problems.push(`${item.linkId}: more than one answer`);
    }
    for (const match of matches) {
      checkItems(item.item ?? [], match.item ?? [], response, problems);
    }
  }
}

/** enableWhen with enableBehavior; "any" is the default when it is absent. */
export function isEnabled(item: QuestionnaireItem, response: QuestionnaireResponse): boolean {
  if (!item.enableWhen?.length) {
    return true;
  }
  const results = item.enableWhen.map((condition) =>
    conditionHolds(condition, findAnswers(response.item, condition.question)),
  );
  return (item.enableBehavior ?? 'any') === 'all' ? results.every(Boolean) : results.some(Boolean);
}

function findAnswers(
  items: QuestionnaireResponseItem[] | undefined,
  linkId: string,
): QuestionnaireResponseItemAnswer[] {
  for (const item of items ?? []) {
    if (item.linkId === linkId) {
      return item.answer ?? [];
    }
    const nested = findAnswers(item.item, linkId);
    if (nested.length) {
      return nested;
    }
  }
  return [];
}

function conditionHolds(condition: QuestionnaireItemEnableWhen, answers: QuestionnaireResponseItemAnswer[]): boolean {
  if (condition.operator === 'exists') {
    return answers.length > 0 === condition.answerBoolean;
  }
  const expected = answerValue(condition);
  return answers.some((answer) => compare(answerValue(answer), expected, condition.operator));
}

function answerValue(v: QuestionnaireResponseItemAnswer | QuestionnaireItemEnableWhen): unknown {
  if (
    'answerBoolean' in v ||
    'answerDecimal' in v ||
    'answerInteger' in v ||
    'answerString' in v ||
    'answerCoding' in v
  ) {
    const c = v as QuestionnaireItemEnableWhen;
    return c.answerBoolean ?? c.answerDecimal ?? c.answerInteger ?? c.answerString ?? c.answerCoding ?? c.answerDate;
  }
  const a = v as QuestionnaireResponseItemAnswer;
  return a.valueBoolean ?? a.valueDecimal ?? a.valueInteger ?? a.valueString ?? a.valueCoding ?? a.valueDate;
}

function compare(actual: unknown, expected: unknown, operator: QuestionnaireItemEnableWhen['operator']): boolean {
  if (typeof actual === 'object' && typeof expected === 'object' && actual && expected) {
    // Codings match on system and code; display is ignored.
    const a = actual as Coding;
    const e = expected as Coding;
    const same = a.code === e.code && (!e.system || a.system === e.system);
    return operator === '!=' ? !same : operator === '=' && same;
  }
  switch (operator) {
    case '=':
      return actual === expected;
    case '!=':
      return actual !== expected;
    case '>':
      return (actual as number) > (expected as number);
    case '<':
      return (actual as number) < (expected as number);
    case '>=':
      return (actual as number) >= (expected as number);
    case '<=':
      return (actual as number) <= (expected as number);
    default:
      return false;
  }
}
// #endregion check-response

// #region extract-bot
/**
 * Extraction in code, as a Bot would do it: one Encounter and one AllergyIntolerance per repeat of
 * the "allergy" group, linked through a urn:uuid fullUrl and written in a single transaction
 * Bundle. The server rewrites the urn:uuid references in every case; it stores everything or
 * nothing only when the project has the `transaction-bundles` feature.
 */
export function buildAllergyTransaction(response: QuestionnaireResponse): Bundle {
  const patient = response.subject as AllergyIntolerance['patient'];
  const encounterUrl = `urn:uuid:${generateId()}`;
  const entries: BundleEntry[] = [
    {
      fullUrl: encounterUrl,
      request: { method: 'POST', url: 'Encounter' },
      resource: {
        resourceType: 'Encounter',
        status: 'finished',
        class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
        subject: patient,
      },
    },
  ];
  for (const group of (response.item ?? []).filter((i) => i.linkId === 'allergy')) {
    const substance = group.item?.find((i) => i.linkId === 'substance')?.answer?.[0]?.valueString;
    const severity = group.item?.find((i) => i.linkId === 'severity')?.answer?.[0]?.valueCoding?.code;
    if (!substance) {
      continue;
    }
    const allergy: AllergyIntolerance = {
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
      patient,
      encounter: { reference: encounterUrl },
      code: { text: substance },
      reaction:
        severity === 'mild' || severity === 'moderate' || severity === 'severe'
          ? [{ manifestation: [{ text: 'Reported by patient' }], severity }]
          : undefined,
      recorder: response.source as AllergyIntolerance['recorder'],
    };
    entries.push({
      fullUrl: `urn:uuid:${generateId()}`,
      request: { method: 'POST', url: 'AllergyIntolerance' },
      resource: allergy,
    });
  }
  return { resourceType: 'Bundle', type: 'transaction', entry: entries };
}

/** Runs the transaction; the server replaces each urn:uuid reference with the new resource's id. */
export async function extractAllergies(medplum: MedplumClient, response: QuestionnaireResponse): Promise<Bundle> {
  return medplum.executeBatch(buildAllergyTransaction(response));
}
// #endregion extract-bot
