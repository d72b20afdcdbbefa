/**
 * Project settings: reading settings and features, secrets for bots, and the project admin
 * endpoints that replace the secret and site lists.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import type { Project, ProjectSetting, ProjectSite } from '@medplum/fhirtypes';

// #region features
/**
 * Whether the signed-in user's current project has an optional feature switched on. The session
 * that `getProject()` returns comes from `/auth/me`, which carries the project's `features` for
 * every member, admin or not.
 */
export function projectHasFeature(medplum: MedplumClient, feature: NonNullable<Project['features']>[number]): boolean {
  return medplum.getProject()?.features?.includes(feature) ?? false;
}
// #endregion features

// #region setting-value
/** Reads one entry of `Project.setting` (or `secret`) whatever its value type. */
export function settingValue(
  settings: ProjectSetting[] | undefined,
  name: string,
): string | number | boolean | undefined {
  const s = settings?.find((entry) => entry.name === name);
  return s?.valueString ?? s?.valueInteger ?? s?.valueDecimal ?? s?.valueBoolean;
}
// #endregion setting-value

// #region bot-secret
/** Inside a bot: project secrets arrive on the event, keyed by name. */
export async function handler(_medplum: MedplumClient, event: BotEvent): Promise<string> {
  const apiKey = event.secrets['LAB_API_KEY']?.valueString;
  if (!apiKey) {
    throw new Error('Project secret LAB_API_KEY is not set');
  }
  return `key ends in ${apiKey.slice(-4)}`;
}
// #endregion bot-secret

// #region replace-secrets
/**
 * Reads the current project through the project admin API, bypassing MedplumClient's GET cache:
 * in a browser that cache keeps responses for 60 s, and the POSTs below invalidate only their
 * own URLs, so a cached copy of this URL would still hold the list from before the last change.
 */
async function readProjectFresh(medplum: MedplumClient, projectId: string): Promise<Project> {
  const { project } = (await medplum.get(`admin/projects/${projectId}`, { cache: 'no-cache' })) as {
    project: Project;
  };
  return project;
}

/**
 * Replaces the whole `Project.secret` list through the project admin API. The body becomes the
 * new list, so read the current one first and send every secret you want to keep.
 */
export async function upsertSecret(
  medplum: MedplumClient,
  projectId: string,
  secret: ProjectSetting,
): Promise<Project> {
  const project = await readProjectFresh(medplum, projectId);
  const others = (project.secret ?? []).filter((s) => s.name !== secret.name);
  return medplum.post(`admin/projects/${projectId}/secrets`, [...others, secret]);
}

/** Same pattern for `Project.site`: the posted array replaces the stored one. */
export async function addSite(medplum: MedplumClient, projectId: string, site: ProjectSite): Promise<Project> {
  const project = await readProjectFresh(medplum, projectId);
  return medplum.post(`admin/projects/${projectId}/sites`, [...(project.site ?? []), site]);
}
// #endregion replace-secrets
