/**
 * The Provider app's partner integrations rebuilt as plain functions over MedplumClient: the
 * eligibility check of a visit, claim submission to a billing Bot, a fax, a preferred pharmacy
 * and one stored turn of a Spaces conversation. Each mirrors a component of
 * examples/medplum-provider; the Bots and e-fax operations themselves are yours to provide.
 */
import type { MedplumClient } from '@medplum/core';
import {
  addPreferredPharmacyToPatient,
  createReference,
  getPreferredPharmaciesFromPatient,
  getReferenceString,
} from '@medplum/core';
import type {
  Attachment,
  Claim,
  Communication,
  Coverage,
  CoverageEligibilityRequest,
  CoverageEligibilityResponse,
  Identifier,
  Organization,
  Parameters,
  Patient,
  Practitioner,
  PractitionerRole,
  Reference,
} from '@medplum/fhirtypes';

// #region eligibility
/** The Bot the visit header's "Check Eligibility" button runs. */
export const ELIGIBILITY_BOT: Identifier = { system: 'https://www.medplum.com/bots', value: 'eligibility' };

/**
 * Checks one Coverage the way the Provider app's Insurance dialog does: it saves a
 * CoverageEligibilityRequest (purpose `benefits`, the payor as insurer, the organization of your
 * PractitionerRole as provider), hands it to the eligibility Bot, then looks for the
 * CoverageEligibilityResponse that the Bot stored with `request` pointing at it.
 */
export async function checkEligibility(
  medplum: MedplumClient,
  patient: Patient & { id: string },
  coverage: Coverage & { id: string },
  role: PractitionerRole,
): Promise<{ request: CoverageEligibilityRequest; response?: CoverageEligibilityResponse }> {
  const request = await medplum.createResource<CoverageEligibilityRequest>({
    resourceType: 'CoverageEligibilityRequest',
    status: 'active',
    purpose: ['benefits'],
    created: new Date().toISOString(),
    patient: createReference(patient),
    insurer: coverage.payor?.[0] as Reference<Organization>,
    provider: role.organization,
    insurance: [{ focal: true, coverage: createReference(coverage) }],
  });
  await medplum.executeBot(ELIGIBILITY_BOT, request, 'application/fhir+json');
  const response = await medplum.searchOne('CoverageEligibilityResponse', {
    request: getReferenceString(request),
  });
  return { request, response };
}
// #endregion eligibility

// #region submit-claim
/** The billing Bots the visit's "Submit Claim" review dialog looks for, by identifier. */
export const CANDID_SUBMIT_BOT = 'https://medplum.com/integrations/candid-health|send-to-candid';
export const CANDID_STATUS_BOT = 'https://medplum.com/integrations/candid-health|get-encounter';
export const STEDI_SUBMIT_BOT = 'https://www.medplum.com/bots|submit-claim-to-stedi';

/**
 * Submits a visit's draft Claim the way the review dialog does. The chosen Coverages become
 * `Claim.insurance` in the order given (the first is `focal`); for Candid the Claim is saved
 * with them first, for Stedi they are only in the copy sent to the Bot.
 */
export async function submitClaim(
  medplum: MedplumClient,
  claim: Claim & { id: string },
  coverages: Reference<Coverage>[],
  diagnosisCount: number,
  service: 'candid' | 'stedi',
): Promise<unknown> {
  if (diagnosisCount === 0) {
    throw new Error('Please add at least one diagnosis before submitting a claim');
  }
  if (coverages.length === 0) {
    throw new Error('Please select at least one coverage before submitting a claim');
  }
  const insurance = coverages.map((coverage, index) => ({ sequence: index + 1, focal: index === 0, coverage }));
  const bot = await medplum.searchOne('Bot', {
    identifier: service === 'candid' ? CANDID_SUBMIT_BOT : STEDI_SUBMIT_BOT,
  });
  if (!bot?.id) {
    throw new Error(`No ${service} billing Bot in this project`);
  }
  const body = service === 'candid' ? await medplum.updateResource({ ...claim, insurance }) : { ...claim, insurance };
  return medplum.executeBot(bot.id, body, 'application/fhir+json');
}
// #endregion submit-claim

// #region send-fax
/**
 * Sends a fax the way the Faxes screen does: a Communication (category `outbound`, medium
 * FAXWRIT) addressed to an Organization that carries the fax number, then
 * `POST Communication/$send-efax` with it. A 404 means the e-fax operation is not set up.
 */
export async function sendFax(
  medplum: MedplumClient,
  sender: Practitioner & { id: string },
  faxNumber: string,
  document: Attachment,
  options: { patient?: Reference<Patient>; subject?: string; coverNote?: string } = {},
): Promise<Communication> {
  const digits = faxNumber.replace(/\D/g, '');
  if (digits.length < 10) {
    throw new Error('Fax number must have at least 10 digits');
  }
  const recipient = await medplum.createResource<Organization>({
    resourceType: 'Organization',
    name: 'Fax Recipient',
    contact: [{ telecom: [{ system: 'fax', value: digits }] }],
  });
  const fax = await medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    category: [{ coding: [{ system: 'http://medplum.com/fhir/CodeSystem/fax-direction', code: 'outbound' }] }],
    medium: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationMode', code: 'FAXWRIT' }] }],
    subject: options.patient,
    sender: createReference(sender),
    recipient: [createReference(recipient)],
    payload: [{ contentAttachment: document }],
    topic: options.subject ? { text: options.subject } : undefined,
    note: options.coverNote ? [{ text: options.coverNote }] : undefined,
  });
  await medplum.post(medplum.fhirUrl('Communication', '$send-efax'), fax);
  return fax;
}
// #endregion send-fax

// #region pharmacy
/**
 * Records a pharmacy as the patient's primary (or just a preferred) pharmacy in the
 * `patient-preferredPharmacy` extension, with the helpers `@medplum/core` shares with the
 * pharmacy dialog. Making one primary turns the others into `preferred`.
 */
export async function setPreferredPharmacy(
  medplum: MedplumClient,
  patient: Patient & { id: string },
  pharmacy: Organization & { id: string },
  primary: boolean,
): Promise<{ patient: Patient; pharmacies: ReturnType<typeof getPreferredPharmaciesFromPatient> }> {
  const updated = addPreferredPharmacyToPatient(structuredClone(patient), createReference(pharmacy), primary);
  const saved = await medplum.updateResource(updated);
  return { patient: saved, pharmacies: getPreferredPharmaciesFromPatient(saved) };
}
// #endregion pharmacy

// #region spaces-turn
const AI_MESSAGE = 'http://medplum.com/ai-message';

/** A chat message as Spaces keeps it: OpenAI's role/content shape plus display fields. */
export interface SpacesMessage {
  role: 'user' | 'assistant' | 'tool' | 'system';
  content: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
  resources?: string[];
}

/**
 * Stores the first question of a Spaces conversation as Spaces does: a topic Communication and
 * one turn under it (`partOf`), then asks the request Bot for its next step with the
 * conversation and the model as Parameters.
 */
export async function startConversation(
  medplum: MedplumClient,
  question: string,
  model = 'gpt-5.5',
): Promise<{ topic: Communication; turn: Communication; reply: Parameters }> {
  const profile = medplum.getProfile();
  const topic = await medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    identifier: [{ system: AI_MESSAGE, value: 'ai-message-topic' }],
    sender: profile ? createReference(profile) : undefined,
    topic: { text: question.substring(0, 100) },
    note: [{ text: JSON.stringify({ model }) }],
  });
  const message: SpacesMessage = { role: 'user', content: question };
  const turn = await medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'completed',
    identifier: [{ system: AI_MESSAGE, value: 'ai-message' }],
    partOf: [createReference(topic)],
    payload: [{ contentString: JSON.stringify({ ...message, sequenceNumber: 0 }) }],
  });
  const reply = (await medplum.executeBot(
    { system: 'https://www.medplum.com/bots', value: 'ai-fhir-request-tools' },
    {
      resourceType: 'Parameters',
      parameter: [
        { name: 'messages', valueString: JSON.stringify([{ role: message.role, content: message.content }]) },
        { name: 'model', valueString: model },
      ],
    },
  )) as Parameters;
  return { topic, turn, reply };
}
// #endregion spaces-turn
