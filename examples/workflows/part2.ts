/**
 * Small building blocks for the workflow decision guides: routing a referral by the recipient's
 * capabilities, a shared team queue, recording which channel a message went out on, idempotent
 * charge capture, and an idempotent, checkable data load.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type {
  CareTeam,
  ChargeItem,
  Communication,
  Encounter,
  Endpoint,
  Organization,
  Patient,
  Practitioner,
  Reference,
  ServiceRequest,
  Task,
} from '@medplum/fhirtypes';

// #region referral-channel
/** Connection types we can send on, best first (codes from endpoint-connection-type). */
const PREFERRED_CONNECTIONS = ['hl7-fhir-rest', 'direct-project', 'hl7v2-mllp'] as const;

/** How a referral will reach its recipient. */
export type ReferralChannel =
  | { kind: 'in-network'; owner: Reference<Organization> }
  | { kind: (typeof PREFERRED_CONNECTIONS)[number]; endpoint: Reference<Endpoint>; address: string }
  | { kind: 'fax'; number: string }
  | { kind: 'manual' };

/**
 * Decides how to send a referral to an organization. Organizations inside our own network
 * (`partOf` our parent organization) get the referral as a Task in the same project. Outside
 * organizations are reached over the best active Endpoint they list, then by fax, and otherwise
 * someone has to phone or post it.
 */
export async function chooseReferralChannel(
  medplum: MedplumClient,
  recipient: WithId<Organization>,
  network: Reference<Organization>,
): Promise<ReferralChannel> {
  const networkRef = network.reference;
  if (getReferenceString(recipient) === networkRef || recipient.partOf?.reference === networkRef) {
    return { kind: 'in-network', owner: createReference(recipient) };
  }

  const endpoints: Endpoint[] = [];
  for (const ref of recipient.endpoint ?? []) {
    const endpoint = await medplum.readReference(ref);
    if (endpoint.status === 'active') {
      endpoints.push(endpoint);
    }
  }
  for (const kind of PREFERRED_CONNECTIONS) {
    const match = endpoints.find((e) => e.connectionType.code === kind);
    if (match) {
      return { kind, endpoint: createReference(match as WithId<Endpoint>), address: match.address };
    }
  }

  const fax = recipient.telecom?.find((t) => t.system === 'fax' && t.value);
  if (fax?.value) {
    return { kind: 'fax', number: fax.value };
  }
  return { kind: 'manual' };
}
// #endregion referral-channel

// #region referral-task
/** Our own code system for where a referral Task stands; codes make it searchable. */
export const REFERRAL_STATUS_SYSTEM = 'https://example.org/fhir/CodeSystem/referral-status';

/**
 * Puts a referral in motion. In-network referrals become a Task owned by the receiving
 * organization, so it shows up in their queue. External referrals become a Task owned by our
 * own organization whose businessStatus tells the sending bot (or a person) what to do next.
 */
export async function createReferralTask(
  medplum: MedplumClient,
  referral: WithId<ServiceRequest>,
  channel: ReferralChannel,
  sender: Reference<Organization>,
): Promise<WithId<Task>> {
  const inNetwork = channel.kind === 'in-network';
  return medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'requested',
    intent: 'order',
    code: {
      coding: [
        { system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'fulfill', display: 'Fulfill the focal request' },
      ],
    },
    focus: createReference(referral),
    for: referral.subject,
    authoredOn: new Date().toISOString(),
    requester: sender,
    owner: inNetwork ? channel.owner : sender,
    businessStatus: {
      coding: [{ system: REFERRAL_STATUS_SYSTEM, code: inNetwork ? 'awaiting-triage' : 'awaiting-transmission' }],
      text: inNetwork ? 'awaiting triage' : `awaiting transmission: ${channel.kind}`,
    },
  });
}
// #endregion referral-task

// #region team-queue
/**
 * Lists the open work a practitioner should see: Tasks owned by them personally and Tasks owned by
 * any active CareTeam they belong to. Assigning to a team lets whoever is on shift pick work up.
 */
export async function openWorkFor(medplum: MedplumClient, practitioner: WithId<Practitioner>): Promise<WithId<Task>[]> {
  const me = getReferenceString(practitioner);
  const teams = await medplum.searchResources('CareTeam', { participant: me, status: 'active' });
  const owners = [me, ...teams.map((t: WithId<CareTeam>) => getReferenceString(t))];
  return medplum.searchResources('Task', {
    owner: owners.join(','),
    status: 'requested,ready,in-progress',
    _sort: '-priority-order,authored-on',
  });
}
// #endregion team-queue

// #region record-outbound
/** Channels a notice can leave on. R4's ParticipationMode has codes for email and fax, not SMS. */
export type OutboundChannel = 'email' | 'sms' | 'fax';

const MEDIUM: Record<OutboundChannel, Communication['medium']> = {
  email: [
    {
      coding: [
        { system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationMode', code: 'EMAILWRIT', display: 'email' },
      ],
    },
  ],
  fax: [
    {
      coding: [
        { system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationMode', code: 'FAXWRIT', display: 'telefax' },
      ],
    },
  ],
  sms: [{ text: 'SMS' }],
};

/**
 * Records that a notice went out to a patient over email, SMS or fax, as a completed Communication
 * that points at the portal message it announces. The chart then shows every contact attempt,
 * whichever channel carried it, and `medium` lets you search by channel.
 */
export async function recordOutboundNotice(
  medplum: MedplumClient,
  patient: WithId<Patient>,
  about: WithId<Communication>,
  channel: OutboundChannel,
  text: string,
): Promise<WithId<Communication>> {
  return medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'completed',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/communication-category',
            code: 'notification',
            display: 'Notification',
          },
        ],
      },
    ],
    medium: MEDIUM[channel],
    subject: createReference(patient),
    recipient: [createReference(patient)],
    about: [createReference(about)],
    sent: new Date().toISOString(),
    payload: [{ contentString: text }],
  });
}
// #endregion record-outbound

// #region charge-capture
/** Identifier system for charges we generate; one value per encounter and billing code. */
export const CHARGE_ID_SYSTEM = 'https://example.org/fhir/charge-key';

/**
 * Records one billable service for an encounter. The charge carries a key made from the
 * encounter and the code, and is written with a conditional create, so a retried bot run or a
 * double click does not bill the service twice.
 */
export async function captureCharge(
  medplum: MedplumClient,
  encounter: WithId<Encounter>,
  cpt: { code: string; display: string },
  price: number,
): Promise<WithId<ChargeItem>> {
  const key = `${encounter.id}-${cpt.code}`;
  return medplum.createResourceIfNoneExist<ChargeItem>(
    {
      resourceType: 'ChargeItem',
      identifier: [{ system: CHARGE_ID_SYSTEM, value: key }],
      status: 'billable',
      code: { coding: [{ system: 'http://www.ama-assn.org/go/cpt', code: cpt.code, display: cpt.display }] },
      subject: encounter.subject as Reference<Patient>,
      context: createReference(encounter),
      occurrenceDateTime: encounter.period?.start,
      priceOverride: { value: price, currency: 'USD' },
    },
    `identifier=${CHARGE_ID_SYSTEM}|${key}`,
  );
}
// #endregion charge-capture

// #region migration-upsert
/** Identifier system naming the legacy system the rows come from. */
export const LEGACY_SYSTEM = 'https://legacy-ehr.example.org/patient-id';

/** One patient row as the legacy system exports it. */
export interface LegacyPatientRow {
  id: string;
  family: string;
  given: string;
  birthDate: string;
}

/**
 * Loads one chunk of legacy patients as a `batch` of conditional updates keyed on the legacy id.
 * Rerunning a chunk updates the same Patients instead of creating new ones. Returns the legacy
 * ids whose entries failed, so they can be fixed and resent.
 */
export async function loadPatientChunk(medplum: MedplumClient, rows: LegacyPatientRow[]): Promise<string[]> {
  const response = await medplum.executeBatch({
    resourceType: 'Bundle',
    type: 'batch',
    entry: rows.map((row) => ({
      request: { method: 'PUT', url: `Patient?identifier=${LEGACY_SYSTEM}|${row.id}` },
      resource: {
        resourceType: 'Patient',
        identifier: [{ system: LEGACY_SYSTEM, value: row.id }],
        name: [{ family: row.family, given: [row.given] }],
        birthDate: row.birthDate,
      } satisfies Patient,
    })),
  });
  return rows.filter((_row, i) => !response.entry?.[i]?.response?.status?.startsWith('2')).map((row) => row.id);
}
// #endregion migration-upsert

// #region migration-reconcile
/**
 * Checks a load: for every legacy id, is there exactly one resource carrying it? Searches in
 * groups (one search with comma-separated identifiers per group) and reports ids that are missing
 * or duplicated.
 */
export async function reconcile(
  medplum: MedplumClient,
  resourceType: 'Patient',
  system: string,
  legacyIds: string[],
  groupSize = 50,
): Promise<{ missing: string[]; duplicated: string[] }> {
  const counts = new Map<string, number>(legacyIds.map((id) => [id, 0]));
  for (let i = 0; i < legacyIds.length; i += groupSize) {
    const group = legacyIds.slice(i, i + groupSize);
    const found: Patient[] = await medplum.searchResources(resourceType, {
      identifier: group.map((id) => `${system}|${id}`).join(','),
      _count: String(groupSize * 2),
    });
    for (const resource of found) {
      for (const identifier of resource.identifier ?? []) {
        if (identifier.system === system && identifier.value && counts.has(identifier.value)) {
          counts.set(identifier.value, (counts.get(identifier.value) ?? 0) + 1);
        }
      }
    }
  }
  const entries = [...counts.entries()];
  return {
    missing: entries.filter(([, n]) => n === 0).map(([id]) => id),
    duplicated: entries.filter(([, n]) => n > 1).map(([id]) => id),
  };
}
// #endregion migration-reconcile
