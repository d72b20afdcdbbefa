/**
 * Advanced bot tasks: sending a file to another system as multipart/form-data, producing a PDF
 * and filing it on a DocumentReference, a handler written to be unit-tested, deciding which
 * membership a run uses, and reading the AuditEvents that runs leave behind.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type { AuditEvent, Bot, DocumentReference, Observation, Patient, Task } from '@medplum/fhirtypes';

// #region multipart
export interface FilePart {
  /** Form field name the receiving service expects, e.g. "file". */
  readonly field: string;
  readonly filename: string;
  readonly contentType: string;
  readonly data: Uint8Array;
}

/**
 * Builds a multipart/form-data body by hand. Only TextEncoder and Uint8Array are used, so the
 * same code works in every bot runtime, including a vmcontext sandbox that has no FormData,
 * Blob or Buffer global.
 */
export function buildMultipart(
  fields: Record<string, string>,
  file: FilePart,
  boundary = 'medplum-' + Math.random().toString(16).slice(2),
): { contentType: string; body: Uint8Array<ArrayBuffer> } {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(
    encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
    ),
  );
  chunks.push(file.data);
  chunks.push(encoder.encode(`\r\n--${boundary}--\r\n`));

  const body = new Uint8Array(new ArrayBuffer(chunks.reduce((n, c) => n + c.length, 0)));
  let offset = 0;
  for (const c of chunks) {
    body.set(c, offset);
    offset += c.length;
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, body };
}

/** Posts one file to a partner's upload endpoint and fails the run on a non-2xx answer. */
export async function uploadToPartner(
  endpoint: string,
  apiKey: string,
  file: FilePart,
  fields: Record<string, string> = {},
): Promise<string> {
  const { contentType, body } = buildMultipart(fields, file);
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': contentType, Authorization: `Bearer ${apiKey}` },
    body,
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`Upload of ${file.filename} failed: HTTP ${response.status} ${text.slice(0, 200)}`);
  }
  return text;
}
// #endregion multipart

// #region pdf
/**
 * A pdfmake document definition for a one-page result summary. It names Helvetica as the
 * default font: Helvetica is one of the 14 standard PDF fonts and needs no font files, so the
 * same definition renders wherever pdfmake runs.
 */
export function resultSummaryDefinition(patient: Patient, observations: Observation[]): Record<string, unknown> {
  const name = patient.name?.[0];
  const fullName = [name?.given?.join(' '), name?.family].filter(Boolean).join(' ') || 'Unknown patient';
  const rows = observations.map((o) => [
    o.code?.text ?? o.code?.coding?.[0]?.display ?? 'Unnamed result',
    o.valueQuantity ? `${o.valueQuantity.value} ${o.valueQuantity.unit ?? ''}`.trim() : '',
    o.effectiveDateTime?.slice(0, 10) ?? '',
  ]);
  return {
    info: { title: `Result summary for ${fullName}` },
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    content: [
      { text: 'Result summary', fontSize: 16, bold: true, margin: [0, 0, 0, 8] },
      { text: `Patient: ${fullName}` },
      { text: `Generated: ${new Date().toISOString().slice(0, 10)}`, margin: [0, 0, 0, 12] },
      {
        table: {
          headerRows: 1,
          widths: ['*', 'auto', 'auto'],
          body: [['Test', 'Value', 'Date'], ...rows],
        },
      },
    ],
  };
}

/**
 * Renders the summary with medplum.createPdf (stores a Binary with contentType application/pdf)
 * and files it on a DocumentReference so it shows up with the patient's documents.
 */
export async function fileResultSummary(medplum: MedplumClient, patient: Patient): Promise<DocumentReference> {
  const observations = await medplum.searchResources('Observation', {
    subject: getReferenceString(patient),
    _sort: '-date',
    _count: '20',
  });
  const filename = `result-summary-${patient.id}.pdf`;
  const binary = await medplum.createPdf({
    docDefinition: resultSummaryDefinition(patient, observations) as never,
    filename,
    securityContext: createReference(patient),
  });
  return medplum.createResource<DocumentReference>({
    resourceType: 'DocumentReference',
    status: 'current',
    type: { coding: [{ system: 'http://loinc.org', code: '11502-2', display: 'Laboratory report' }] },
    subject: createReference(patient),
    date: new Date().toISOString(),
    content: [{ attachment: { contentType: 'application/pdf', url: getReferenceString(binary), title: filename } }],
  });
}
// #endregion pdf

// #region testable-handler
/** Glucose above this value (mg/dL) gets a follow-up Task. */
export const DEFAULT_THRESHOLD = 180;

/**
 * Subscription bot: a new glucose Observation above the threshold creates a follow-up Task and,
 * when the project secret NOTIFY_URL is set, posts a short notice to that URL.
 */
export async function handler(medplum: MedplumClient, event: BotEvent<Observation>): Promise<Task | undefined> {
  const observation = event.input;
  if (observation.resourceType !== 'Observation' || !observation.id) {
    throw new Error('Expected a saved Observation as input');
  }
  const threshold = Number(event.secrets['GLUCOSE_THRESHOLD']?.valueString ?? DEFAULT_THRESHOLD);
  const value = observation.valueQuantity?.value;
  if (value === undefined || value <= threshold) {
    console.log(`Observation/${observation.id}: ${value ?? 'no value'} is within range`);
    return undefined;
  }

  const task = await medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'requested',
    intent: 'order',
    priority: 'urgent',
    description: `Glucose ${value} mg/dL is above ${threshold} mg/dL`,
    for: observation.subject,
    focus: createReference(observation),
    authoredOn: new Date().toISOString(),
  });

  const notifyUrl = event.secrets['NOTIFY_URL']?.valueString;
  if (notifyUrl) {
    const response = await fetch(notifyUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Trace-Id': event.traceId ?? '' },
      body: JSON.stringify({ task: getReferenceString(task) }),
    });
    if (!response.ok) {
      throw new Error(`Notification failed: HTTP ${response.status}`);
    }
  }
  return task;
}
// #endregion testable-handler

// #region run-as
export type BotTrigger = '$execute' | 'custom-operation' | 'subscription' | 'cron' | 'agent' | 'webhook' | 'cds-hooks';

/**
 * Whose ProjectMembership (and so whose access policy) a run uses, by trigger, as the server
 * decides it. "bot" means the Bot's own membership; the other answers name the caller.
 */
export function runAsMembership(bot: Pick<Bot, 'runAsUser'>, trigger: BotTrigger): string {
  switch (trigger) {
    case '$execute':
    case 'custom-operation':
      return bot.runAsUser ? 'caller' : 'bot';
    case 'subscription':
      return bot.runAsUser ? 'author of the change (meta.author)' : 'bot';
    case 'cron':
    case 'webhook':
      return 'bot';
    case 'agent':
      return 'agent connection';
    case 'cds-hooks':
      return 'caller';
  }
}

// #endregion run-as

// #region set-run-as
/** Turns runAsUser on or off with a JSON Patch; needs update access to the Bot. */
export async function setRunAsUser(medplum: MedplumClient, botId: string, value: boolean): Promise<Bot> {
  return medplum.patchResource('Bot', botId, [{ op: 'add', path: '/runAsUser', value }]);
}
// #endregion set-run-as

// #region audit-settings
export type AuditTrigger = 'always' | 'never' | 'on-error' | 'on-output';
export type AuditDestination = 'resource' | 'log';

/** Sets when runs are recorded and where the records go. */
export async function setAuditPolicy(
  medplum: MedplumClient,
  botId: string,
  trigger: AuditTrigger,
  destination: AuditDestination[],
): Promise<Bot> {
  return medplum.patchResource('Bot', botId, [
    { op: 'add', path: '/auditEventTrigger', value: trigger },
    { op: 'add', path: '/auditEventDestination', value: destination },
  ]);
}
// #endregion audit-settings

// #region failed-runs
export interface RunReport {
  readonly runs: number;
  readonly failures: number;
  readonly slowestMs: number;
  readonly lastError?: { readonly when: string; readonly line: string };
}

/** Runs of one bot since a point in time, newest first (outcome 4 marks a failed run). */
export async function botRunsSince(
  medplum: MedplumClient,
  botId: string,
  since: string,
  onlyFailures = false,
): Promise<AuditEvent[]> {
  const params = new URLSearchParams({
    entity: `Bot/${botId}`,
    type: 'https://medplum.com/CodeSystem/audit-event|execute',
    date: `ge${since}`,
    _sort: '-date',
    _count: '100',
  });
  if (onlyFailures) {
    params.set('outcome', '4');
  }
  return medplum.searchResources('AuditEvent', params);
}

/** Counts, slowest run, and the "Unhandled error" line of the newest failure. */
export function summarizeRuns(events: AuditEvent[]): RunReport {
  let failures = 0;
  let slowestMs = 0;
  let lastError: RunReport['lastError'];
  for (const e of events) {
    const start = e.period?.start ? Date.parse(e.period.start) : NaN;
    const end = e.period?.end ? Date.parse(e.period.end) : NaN;
    if (!Number.isNaN(start) && !Number.isNaN(end)) {
      slowestMs = Math.max(slowestMs, end - start);
    }
    if (e.outcome !== '0') {
      failures++;
      const when = e.recorded ?? e.period?.end ?? '';
      if (!lastError || when > lastError.when) {
        const lines = (e.outcomeDesc ?? '').split('\n');
        const line = lines.find((l) => l.startsWith('Unhandled error:')) ?? lines.filter(Boolean).pop() ?? '';
        lastError = { when, line };
      }
    }
  }
  return { runs: events.length, failures, slowestMs, lastError };
}
// #endregion failed-runs
