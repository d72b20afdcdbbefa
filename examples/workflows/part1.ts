/**
 * Small building blocks for the workflow decision guides: a parameterised access policy, a note
 * lock expressed as a write constraint, an intake form skeleton with its bot subscription, a
 * stored-slot booking guarded by If-Match, an encounter signature, and the e-prescribing
 * bookkeeping a vendor integration needs on the Medplum side.
 */
import type { MedplumClient } from '@medplum/core';
import { buildMedicationRequestResponseLostStatusReason, createReference, getReferenceString } from '@medplum/core';
import type {
  AccessPolicy,
  AccessPolicyResource,
  Appointment,
  Encounter,
  Identifier,
  MedicationRequest,
  Organization,
  Patient,
  Practitioner,
  ProjectMembership,
  ProjectMembershipAccess,
  Provenance,
  Questionnaire,
  Reference,
  Slot,
  Subscription,
} from '@medplum/fhirtypes';

// #region clinic-policy
/**
 * One policy for every clinic of a multi-site practice. `%organization` is filled in per
 * membership from the `access[].parameter` entry, so the stored policy never names a clinic.
 */
export function buildClinicPolicy(): AccessPolicy {
  const clinical = ['Patient', 'Encounter', 'Observation', 'Condition', 'ClinicalImpression', 'Appointment'];
  return {
    resourceType: 'AccessPolicy',
    name: 'Clinic staff',
    // New resources written by the member are stamped with this account (meta.accounts).
    compartment: { reference: '%organization' },
    resource: [
      { resourceType: 'Organization', interaction: ['read', 'search'] },
      { resourceType: 'Practitioner', interaction: ['read', 'search'] },
      ...clinical.map(
        (resourceType): AccessPolicyResource => ({
          resourceType,
          criteria: `${resourceType}?_compartment=%organization`,
        }),
      ),
    ],
  };
}

/** The membership entry that binds the shared policy to one clinic. */
export function clinicAccess(
  policy: AccessPolicy & { id: string },
  clinic: Organization & { id: string },
): ProjectMembershipAccess {
  return {
    policy: createReference(policy),
    parameter: [{ name: 'organization', valueReference: createReference(clinic) }],
  };
}

/** Stores the policy once, then adds a clinic to a member's access list. */
export async function grantClinic(
  medplum: MedplumClient,
  membership: ProjectMembership & { id: string },
  policy: AccessPolicy & { id: string },
  clinic: Organization & { id: string },
): Promise<ProjectMembership> {
  const access = [...(membership.access ?? []), clinicAccess(policy, clinic)];
  return medplum.updateResource<ProjectMembership>({ ...membership, access });
}
// #endregion clinic-policy

// #region note-lock
/**
 * A policy entry that lets clinicians write ClinicalImpressions until one is `completed`.
 * The server evaluates each writeConstraint with `%before` (stored version, absent on create)
 * and `%after` (incoming version); the write is refused unless every expression is true.
 */
export function noteLockEntry(): AccessPolicyResource {
  return {
    resourceType: 'ClinicalImpression',
    interaction: ['create', 'read', 'update', 'search', 'history', 'vread'],
    writeConstraint: [
      {
        language: 'text/fhirpath',
        expression: "%before.exists().not() or %before.status != 'completed'",
      },
    ],
  };
}
// #endregion note-lock

// #region intake-form
export const INTAKE_URL = 'https://example.org/fhir/Questionnaire/new-patient-intake';

/** A skeleton intake form: the item linkIds are the contract with whatever turns answers into data. */
export function buildIntakeQuestionnaire(): Questionnaire {
  return {
    resourceType: 'Questionnaire',
    url: INTAKE_URL,
    version: '1',
    name: 'NewPatientIntake',
    title: 'New patient intake',
    status: 'active',
    subjectType: ['Patient'],
    item: [
      {
        linkId: 'demographics',
        type: 'group',
        text: 'About you',
        item: [
          { linkId: 'first-name', type: 'string', text: 'First name', required: true },
          { linkId: 'last-name', type: 'string', text: 'Last name', required: true },
          { linkId: 'dob', type: 'date', text: 'Date of birth', required: true },
          { linkId: 'phone', type: 'string', text: 'Mobile phone' },
        ],
      },
      {
        linkId: 'coverage',
        type: 'group',
        text: 'Insurance',
        item: [
          { linkId: 'payer', type: 'string', text: 'Insurance company' },
          { linkId: 'member-id', type: 'string', text: 'Member ID' },
        ],
      },
      {
        linkId: 'consent-treatment',
        type: 'boolean',
        text: 'I consent to treatment',
        required: true,
      },
    ],
  };
}

/** Runs a bot whenever a new response to this form (any version) is created. */
export function intakeSubscription(bot: Reference): Subscription {
  return {
    resourceType: 'Subscription',
    status: 'active',
    reason: 'Turn intake answers into chart data',
    criteria: `QuestionnaireResponse?questionnaire=${INTAKE_URL}`,
    channel: { type: 'rest-hook', endpoint: bot.reference },
    extension: [
      {
        url: 'https://medplum.com/fhir/StructureDefinition/subscription-supported-interaction',
        valueCode: 'create',
      },
    ],
  };
}
// #endregion intake-form

// #region book-stored-slot
/**
 * Books a pre-created `free` Slot. The If-Match header makes the Slot update fail with
 * 412 Precondition Failed if someone else changed the Slot since it was read, so two
 * people cannot both take it.
 */
export async function bookStoredSlot(
  medplum: MedplumClient,
  slotId: string,
  patient: Reference<Patient>,
  practitioner: Reference<Practitioner>,
): Promise<Appointment> {
  const slot = await medplum.readResource('Slot', slotId);
  if (slot.status !== 'free') {
    throw new Error(`Slot ${slotId} is ${slot.status}`);
  }
  await medplum.updateResource<Slot>(
    { ...slot, status: 'busy' },
    { headers: { 'If-Match': `W/"${slot.meta?.versionId}"` } },
  );
  return medplum.createResource<Appointment>({
    resourceType: 'Appointment',
    status: 'booked',
    start: slot.start,
    end: slot.end,
    slot: [createReference(slot)],
    participant: [
      { actor: patient, status: 'accepted' },
      { actor: practitioner, status: 'accepted' },
    ],
  });
}
// #endregion book-stored-slot

// #region sign-encounter
/** Records a clinician's signature on an encounter as a Provenance, the way the Provider app does. */
export function signEncounter(
  medplum: MedplumClient,
  encounter: Encounter & { id: string },
  practitioner: Reference<Practitioner>,
): Promise<Provenance> {
  const now = new Date().toISOString();
  return medplum.createResource<Provenance>({
    resourceType: 'Provenance',
    target: [createReference(encounter)],
    recorded: now,
    reason: [
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason', code: 'SIGN', display: 'Signed' }] },
    ],
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
        type: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/v3-DocumentCompletion',
            code: 'LA',
            display: 'legally authenticated',
          },
        ],
        when: now,
        who: practitioner,
      },
    ],
  });
}

/** All signatures on an encounter, oldest first. */
export function encounterSignatures(
  medplum: MedplumClient,
  encounter: Encounter & { id: string },
): Promise<Provenance[]> {
  return medplum.searchResources('Provenance', { target: getReferenceString(encounter), _sort: 'recorded' });
}
// #endregion sign-encounter

// #region erx-bookkeeping
/** The identifier system `@medplum/dosespot-react` uses for a patient's DoseSpot id. */
export const DOSESPOT_PATIENT_ID_SYSTEM = 'https://dosespot.com/patient-id';

/**
 * Whether the membership carries a DoseSpot prescriber identifier (an enrolled prescriber). The
 * Provider app also shows its DoseSpot tab to clinicians allowed to enrol themselves through a
 * PractitionerRole.
 */
export function prescriberHasDoseSpot(membership: ProjectMembership | undefined): boolean {
  return !!membership?.identifier?.some((i) => i.system?.includes('dosespot'));
}

/** The vendor's id for this patient, once a sync bot has linked the records. */
export function vendorPatientId(patient: Patient, system = DOSESPOT_PATIENT_ID_SYSTEM): string | undefined {
  return patient.identifier?.find((i: Identifier) => i.system === system)?.value;
}

/**
 * When an order was sent but the vendor's answer never came back, keep the draft and mark it
 * `unknown` with Medplum's "response not received" reason, so a later webhook can reconcile it.
 */
export function markResponseLost(
  medplum: MedplumClient,
  draft: MedicationRequest & { id: string },
): Promise<MedicationRequest> {
  return medplum.updateResource<MedicationRequest>({
    ...draft,
    status: 'unknown',
    statusReason: buildMedicationRequestResponseLostStatusReason(),
  });
}
// #endregion erx-bookkeeping
