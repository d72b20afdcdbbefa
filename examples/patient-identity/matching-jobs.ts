/**
 * Running a matching rule two ways: a bot on each new Patient (incremental) and a scheduled bot
 * over the whole population (batch). Both store what they find the same way.
 */
import type { BotEvent, MedplumClient, WithId } from '@medplum/core';
import { getReferenceString } from '@medplum/core';
import type { Bot, Patient, Subscription } from '@medplum/fhirtypes';
import { isDoNotMatch, recordMatch, requestReview } from './match-results';

/** The name your RiskAssessments carry in `method`, so a new version of the rule is told apart. */
export const RULE = 'demographics-v1';
/** Pairs scoring at least this are stored and sent for review. */
export const REVIEW_THRESHOLD = 0.65;

// #region rule
/**
 * Your own matching rule: same birth date is required (it is the candidate search), then points
 * for family name, first given name, phone digits and postal code, out of the fields both
 * records have. Written here, it can use fields the server's $match ignores, such as address.
 */
export function scorePair(a: Patient, b: Patient): number {
  const checks: [unknown, unknown][] = [
    [a.name?.[0]?.family?.toLowerCase(), b.name?.[0]?.family?.toLowerCase()],
    [a.name?.[0]?.given?.[0]?.toLowerCase(), b.name?.[0]?.given?.[0]?.toLowerCase()],
    [phoneDigits(a), phoneDigits(b)],
    [a.address?.[0]?.postalCode, b.address?.[0]?.postalCode],
  ];
  const weights = [0.3, 0.2, 0.3, 0.2];
  let score = 0;
  let total = 0;
  checks.forEach(([x, y], i) => {
    if (x && y) {
      total += weights[i];
      score += x === y ? weights[i] : 0;
    }
  });
  return total > 0 ? Math.round((score / total) * 100) / 100 : 0;
}

function phoneDigits(p: Patient): string | undefined {
  return p.telecom?.find((t) => t.system === 'phone')?.value?.replace(/\D/g, '');
}

/**
 * Finds and stores the matches for one Patient. `onlyAfter` keeps a batch run from storing each
 * pair twice (once from each side): only candidates whose id sorts after the patient's are kept.
 */
export async function matchOne(medplum: MedplumClient, patient: WithId<Patient>, onlyAfter = false): Promise<number> {
  if (!patient.birthDate || patient.active === false) {
    return 0;
  }
  const candidates = await medplum.searchResources('Patient', { birthdate: patient.birthDate, _count: 100 });
  let stored = 0;
  for (const other of candidates) {
    if (other.id === patient.id || other.active === false || (onlyAfter && other.id < patient.id)) {
      continue;
    }
    const score = scorePair(patient, other);
    if (score < REVIEW_THRESHOLD) {
      continue;
    }
    if (await isDoNotMatch(medplum, getReferenceString(patient), getReferenceString(other))) {
      continue;
    }
    const assessment = await recordMatch(medplum, patient, other, score, RULE);
    const open = await medplum.searchOne('Task', { focus: getReferenceString(assessment), status: 'requested' });
    if (!open) {
      await requestReview(medplum, assessment);
    }
    stored++;
  }
  return stored;
}
// #endregion rule

// #region incremental
/** The Subscription that runs the matching bot on each new Patient. */
export function newPatientSubscription(botId: string): Subscription {
  return {
    resourceType: 'Subscription',
    status: 'active',
    reason: 'Match each new patient against existing records',
    criteria: 'Patient',
    channel: { type: 'rest-hook', endpoint: `Bot/${botId}` },
    extension: [
      { url: 'https://medplum.com/fhir/StructureDefinition/subscription-supported-interaction', valueCode: 'create' },
    ],
  };
}

/** The bot the Subscription runs: the input is the Patient just created. */
export async function onNewPatient(medplum: MedplumClient, event: BotEvent<Patient>): Promise<{ stored: number }> {
  const patient = event.input as WithId<Patient>;
  return { stored: await matchOne(medplum, patient) };
}
// #endregion incremental

// #region batch
/** Every night at 02:00 in the server's time zone (Bot.cronString; the project needs the cron feature). */
export const NIGHTLY = '0 2 * * *';

/** The scheduled bot: its input is the Bot itself, so it finds its own work, page by page. */
export async function nightlyMatch(
  medplum: MedplumClient,
  _event: BotEvent<Bot>,
): Promise<{ checked: number; stored: number }> {
  let checked = 0;
  let stored = 0;
  for await (const page of medplum.searchResourcePages('Patient', { _count: 100 })) {
    for (const patient of page) {
      checked++;
      stored += await matchOne(medplum, patient, true);
    }
  }
  return { checked, stored };
}
// #endregion batch
