/**
 * Project admin endpoints: /admin/projects/{projectId}/bot, /client and /invite.
 * Every function takes a MedplumClient that is signed in as an admin of the project.
 */
import { ContentType, type InviteRequest, type MedplumClient } from '@medplum/core';
import type {
  AccessPolicy,
  Bot,
  ClientApplication,
  OperationOutcome,
  ProjectMembership,
  Reference,
  User,
} from '@medplum/fhirtypes';

/** Body fields accepted by POST /admin/projects/{projectId}/bot. */
export interface NewBotRequest {
  name: string;
  description?: string;
  runtimeVersion?: 'awslambda' | 'vmcontext';
  accessPolicy?: Reference<AccessPolicy>;
}

// #region create-bot
/** Creates a Bot and the ProjectMembership that lets it act in the project. */
export async function createProjectBot(
  medplum: MedplumClient,
  projectId: string,
  request: NewBotRequest,
): Promise<Bot> {
  const url = `admin/projects/${encodeURIComponent(projectId)}/bot`;
  const bot = await medplum.post<Bot>(url, request, ContentType.JSON);
  // The response is the new Bot resource (HTTP 201). Its source code starts as a stub in a Binary.
  return bot;
}
// #endregion create-bot

/** Body fields accepted by POST /admin/projects/{projectId}/client. */
export interface NewClientRequest {
  name: string;
  description?: string;
  redirectUris?: string[];
  accessPolicy?: Reference<AccessPolicy>;
  accessTokenLifetime?: string;
  refreshTokenLifetime?: string;
}

// #region create-client
/**
 * Creates a ClientApplication. The response carries the generated `secret`, which the client
 * sends to /oauth2/token; reading the ClientApplication later returns it too.
 */
export async function createProjectClient(
  medplum: MedplumClient,
  projectId: string,
  request: NewClientRequest,
): Promise<{ clientId: string; clientSecret: string; client: ClientApplication }> {
  const url = `admin/projects/${encodeURIComponent(projectId)}/client`;
  const client = await medplum.post<ClientApplication>(url, request, ContentType.JSON);
  if (!client.id || !client.secret) {
    throw new Error('The server did not return a client id and secret');
  }
  return { clientId: client.id, clientSecret: client.secret, client };
}
// #endregion create-client

// #region invite
/**
 * Invites a practitioner without sending an email, and returns the new (or updated) membership.
 * The server answers 200 with an OperationOutcome instead of a membership when it created the
 * membership but could not send the invitation email, so check the resource type.
 */
export async function invitePractitioner(
  medplum: MedplumClient,
  projectId: string,
  person: { firstName: string; lastName: string; email: string },
  accessPolicy?: Reference<AccessPolicy>,
): Promise<ProjectMembership> {
  const body: InviteRequest = {
    resourceType: 'Practitioner',
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    sendEmail: false,
    membership: accessPolicy ? { accessPolicy } : undefined,
  };
  const result: ProjectMembership | OperationOutcome = await medplum.invite(projectId, body);
  if (result.resourceType === 'OperationOutcome') {
    const text = result.issue?.map((i) => i.details?.text ?? i.diagnostics).join('; ');
    throw new Error(`Invite did not complete: ${text}`);
  }
  return result;
}
// #endregion invite

// #region invited-by
/**
 * Lists the members that one inviter (a User, ClientApplication or Bot) added to the project.
 * ProjectMembership has no search parameter for invitedBy, so filter the project's memberships.
 */
export async function membersInvitedBy(
  medplum: MedplumClient,
  inviter: Reference<User | ClientApplication | Bot>,
): Promise<ProjectMembership[]> {
  const members: ProjectMembership[] = [];
  for await (const page of medplum.searchResourcePages('ProjectMembership', { _count: '100' })) {
    members.push(...page.filter((m) => m.invitedBy?.reference === inviter.reference));
  }
  return members;
}
// #endregion invited-by
