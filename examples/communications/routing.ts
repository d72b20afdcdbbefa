/**
 * Routing a patient's message to a team with a Task: the Task points at the message (`focus`), is
 * owned by the team's Organization until someone claims it, and records when work started and
 * ended (`executionPeriod`). Time to first response and time in the queue come from those fields
 * and from the Task's history.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type { Communication, Organization, Practitioner, Reference, Task } from '@medplum/fhirtypes';

// #region route
/**
 * Puts one message in a team's queue. The conditional create makes routing idempotent: a message
 * already routed keeps its Task, however often the routing bot runs for it.
 */
export async function routeToTeam(
  medplum: MedplumClient,
  message: Communication,
  team: Reference<Organization>,
  answerWithinHours: number,
): Promise<Task> {
  const sent = new Date(message.sent ?? Date.now());
  return medplum.createResourceIfNoneExist<Task>(
    {
      resourceType: 'Task',
      status: 'requested',
      intent: 'order',
      priority: 'routine',
      code: { text: 'Answer patient message' },
      focus: createReference(message),
      for: message.subject,
      owner: team,
      authoredOn: sent.toISOString(),
      restriction: { period: { end: new Date(sent.getTime() + answerWithinHours * 3600_000).toISOString() } },
    },
    `focus=${getReferenceString(message)}`,
  );
}

/** The team's queue: open Tasks it owns, oldest first. */
export async function teamQueue(medplum: MedplumClient, team: Reference<Organization>): Promise<Task[]> {
  return medplum.searchResources(
    'Task',
    { owner: team.reference as string, status: 'requested', _sort: 'authored-on' },
    { cache: 'no-cache' },
  );
}
// #endregion route

// #region claim-and-answer
/** A team member takes the Task: it leaves the team queue and work starts now. */
export async function claim(medplum: MedplumClient, task: Task, who: Practitioner): Promise<Task> {
  return medplum.updateResource<Task>({
    ...task,
    status: 'in-progress',
    owner: createReference(who),
    executionPeriod: { start: new Date().toISOString() },
  });
}

/** Answering the message in its thread completes the Task. */
export async function answer(
  medplum: MedplumClient,
  task: Task,
  message: Communication,
  who: Practitioner,
  text: string,
): Promise<{ reply: Communication; task: Task }> {
  const now = new Date().toISOString();
  const reply = await medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    partOf: message.partOf,
    inResponseTo: [createReference(message)],
    subject: message.subject,
    sender: createReference(who),
    recipient: message.sender ? [message.sender] : [],
    sent: now,
    payload: [{ contentString: text }],
  });
  const done = await medplum.updateResource<Task>({
    ...task,
    status: 'completed',
    executionPeriod: { ...task.executionPeriod, end: now },
  });
  return { reply, task: done };
}
// #endregion claim-and-answer

// #region measure
export interface Timings {
  /** From the patient's message to the first answer in the thread, in minutes. */
  firstResponseMinutes?: number;
  /** From routing to the first claim, in minutes. */
  queueMinutes?: number;
  /** Every owner the Task had, oldest first. */
  owners: string[];
}

const minutes = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / 60_000;

/**
 * Reads one Task's timings. The first response is the earliest message in the thread, sent after
 * the patient's and by someone else. Owner changes come from the Task's history, which the server
 * returns newest first.
 */
export async function timings(medplum: MedplumClient, task: Task): Promise<Timings> {
  const message = await medplum.readReference(task.focus as Reference<Communication>);
  const thread = message.partOf?.[0];
  const replies = thread
    ? await medplum.searchResources(
        'Communication',
        { 'part-of': thread.reference as string, sent: `gt${message.sent}`, _sort: 'sent' },
        { cache: 'no-cache' },
      )
    : [];
  const first = replies.find((r) => r.sender?.reference !== message.sender?.reference);

  const history = await medplum.readHistory('Task', task.id as string);
  const versions = (history.entry ?? [])
    .map((e) => e.resource)
    .filter((t): t is Task & { id: string } => t !== undefined)
    .reverse();
  const owners: string[] = [];
  for (const v of versions) {
    const owner = v.owner?.reference;
    if (owner && owners[owners.length - 1] !== owner) {
      owners.push(owner);
    }
  }
  const claimed = versions.find((v) => v.executionPeriod?.start)?.executionPeriod?.start;
  return {
    firstResponseMinutes: first?.sent && message.sent ? minutes(message.sent, first.sent) : undefined,
    queueMinutes: claimed && task.authoredOn ? minutes(task.authoredOn, claimed) : undefined,
    owners,
  };
}
// #endregion measure
