/**
 * Many isolated projects, cheaply: one per test client of the example tests.
 *
 * Ways a super admin can make a project with a client, at 53eba89:
 * - `POST /auth/newproject` (auth/newproject.ts) continues a *user's* login: it needs a Login from
 *   /auth/newuser or /auth/login, makes the logged-in User the owner, and gives no client secret.
 *   Several requests and a bcrypt hash per project (/auth/newuser): the slowest.
 * - `POST Project` then `POST /admin/projects/:id/client` (admin/client.ts createClientHandler,
 *   answers the ClientApplication with its secret) then a PATCH of the client's membership: three
 *   requests, and the Project is made without the default settings createProject applies.
 * - `POST Project/$init` (fhir/operations/projectinit.ts), which this module uses: one request runs
 *   createProject, which creates the Project (strictMode, the server's defaultProjectFeatures), a
 *   "<name> Default Client" ClientApplication with a generated secret and its ProjectMembership
 *   (admin/client.ts createClient). Its answer is only the Project, so a second request finds the
 *   membership and, with `_include=ProjectMembership:user`, the client and its secret (a super
 *   admin reads every project's resources). A third round (two PATCHes in parallel) makes the
 *   membership `admin: true` (the project's admin client: it may invite users, manage
 *   memberships, …) and sets the project's features.
 *
 * The caller must be logged in with the super admin's *client credentials*, not the super admin
 * user's password: $init makes the logged-in User, when there is one, the project's owner with a
 * Practitioner profile and an admin membership (projectinit.ts:71-72, 143-153). The super admin
 * user would then have one membership per project, and every later password login of it would
 * have to choose a profile. With a ClientApplication login there is no owner and no profile.
 *
 * Features: `bots` is the only one bots need at 53eba89: bots/utils.ts:141 isBotEnabled checks
 * `project.features` includes 'bots' ($deploy refuses without it, deploy.ts:59-60, and $execute answers
 * "Bots not enabled", bots/execute.ts:26,51). vmcontext itself is a server setting
 * (vmContextBotsEnabled, bots/vmcontext.ts:33) plus `runtimeVersion: 'vmcontext'` on the Bot
 * (bots/execute.ts:43), not a project feature.
 */
import type { MedplumClient } from '@medplum/core';
import type { Bundle, ClientApplication, Project, ProjectMembership, Reference, Resource } from '@medplum/fhirtypes';

export interface IsolatedProject {
  projectId: string;
  clientId: string;
  clientSecret: string;
  /** The client's membership profile: the ClientApplication itself. */
  profile: Reference<ClientApplication>;
  membershipId: string;
}

export const DEFAULT_PROJECT_FEATURES: NonNullable<Project['features']> = ['bots'];

export async function createIsolatedProject(
  superAdminClient: MedplumClient,
  name: string,
  features: NonNullable<Project['features']> = DEFAULT_PROJECT_FEATURES,
): Promise<IsolatedProject> {
  // getProfile() is typed as Patient | Practitioner | RelatedPerson, but after a client-credentials
  // login it is the ClientApplication.
  const caller = superAdminClient.getProfile() as { resourceType: string; id?: string } | undefined;
  if (caller && caller.resourceType !== 'ClientApplication') {
    throw new Error(
      `createIsolatedProject: log in with the super admin's client credentials (startClientLogin), not as ${caller.resourceType}/${caller.id}: ` +
        'Project/$init would make that user the owner of every project',
    );
  }
  const project = (await superAdminClient.post(superAdminClient.fhirUrl('Project', '$init'), {
    resourceType: 'Parameters',
    parameter: [{ name: 'name', valueString: name }],
  })) as Project;
  if (!project?.id) {
    throw new Error(`createIsolatedProject: Project/$init answered no Project: ${JSON.stringify(project)}`);
  }
  const bundle = (await superAdminClient.search(
    'ProjectMembership',
    {
      project: `Project/${project.id}`,
      _include: 'ProjectMembership:user',
    },
    { cache: 'no-cache' },
  )) as Bundle<Resource>;
  const resources = (bundle.entry ?? []).map((e) => e.resource).filter(Boolean) as Resource[];
  const client = resources.find((r): r is ClientApplication => r.resourceType === 'ClientApplication');
  const membership = resources.find(
    (r): r is ProjectMembership =>
      r.resourceType === 'ProjectMembership' && r.user?.reference === `ClientApplication/${client?.id}`,
  );
  if (!client?.id || !client.secret || !membership?.id) {
    throw new Error(`createIsolatedProject: no default client with a secret in project ${project.id}`);
  }
  await Promise.all([
    superAdminClient.patchResource('ProjectMembership', membership.id, [{ op: 'add', path: '/admin', value: true }]),
    superAdminClient.patchResource('Project', project.id, [{ op: 'add', path: '/features', value: features }]),
  ]);
  return {
    projectId: project.id,
    clientId: client.id,
    clientSecret: client.secret,
    profile: { reference: `ClientApplication/${client.id}`, display: client.name },
    membershipId: membership.id,
  };
}
