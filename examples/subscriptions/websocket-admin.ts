/**
 * A super admin's check-up of WebSocket subscriptions: which projects hold the most bindings,
 * which clients bind the same criteria over and over, and, as a last resort, clearing a project.
 * The three operations answer with JSON text inside a Parameters resource.
 */
import type { MedplumClient } from '@medplum/core';
import type { Parameters } from '@medplum/fhirtypes';

// #region stats
export interface WsProjectSummary {
  projectId: string;
  projectName?: string;
  subscriptionCount: number;
  resourceTypes: { resourceType: string; count: number }[];
}

export interface WsBinding {
  subscriptionId: string;
  criteria: string;
  /** Unix time in seconds when the binding token expires. */
  expiration: number;
  /** Profile reference of the user who bound it, e.g. Practitioner/123. */
  author: string;
}

export interface WsProjectDetail {
  projectId: string;
  resourceTypes: {
    resourceType: string;
    count: number;
    criteria: { criteria: string; count: number; entries: WsBinding[] }[];
  }[];
}

function parseStats<T>(result: Parameters): T {
  const text = result.parameter?.find((p) => p.name === 'stats')?.valueString;
  if (!text) {
    throw new Error('No stats in the answer');
  }
  return JSON.parse(text) as T;
}

/** GET /fhir/R4/$get-ws-sub-stats: bound subscriptions per project, largest first. */
export async function wsSubStats(medplum: MedplumClient): Promise<WsProjectSummary[]> {
  const result: Parameters = await medplum.get(medplum.fhirUrl('$get-ws-sub-stats'), { cache: 'no-cache' });
  return parseStats<{ projects: WsProjectSummary[] }>(result).projects;
}

/** A GET of `$get-ws-sub-project-stats` with a `projectId`: one project, down to each binding. */
export async function wsSubProjectStats(medplum: MedplumClient, projectId: string): Promise<WsProjectDetail> {
  const url = medplum.fhirUrl('$get-ws-sub-project-stats');
  url.searchParams.set('projectId', projectId);
  const result: Parameters = await medplum.get(url, { cache: 'no-cache' });
  return parseStats<WsProjectDetail>(result);
}
// #endregion stats

// #region review
export interface WsBindingFinding {
  author: string;
  criteria: string;
  bindings: number;
  expired: number;
}

/**
 * Groups a project's bindings by user and criteria. A user with many bindings for the same
 * criteria usually runs a client that creates a new Subscription instead of reusing one; expired
 * bindings are leftovers the server has not cleaned up yet.
 */
export function reviewBindings(detail: WsProjectDetail, now = Date.now()): WsBindingFinding[] {
  const groups = new Map<string, WsBindingFinding>();
  for (const type of detail.resourceTypes) {
    for (const group of type.criteria) {
      for (const entry of group.entries) {
        const key = `${entry.author} ${entry.criteria}`;
        const finding = groups.get(key) ?? { author: entry.author, criteria: entry.criteria, bindings: 0, expired: 0 };
        finding.bindings++;
        if (entry.expiration * 1000 < now) {
          finding.expired++;
        }
        groups.set(key, finding);
      }
    }
  }
  return [...groups.values()].filter((f) => f.bindings > 1 || f.expired > 0).sort((a, b) => b.bindings - a.bindings);
}
// #endregion review

// #region clear
/**
 * POST /fhir/R4/$clear-all-ws-subs for one project. Connected clients of that project stop
 * receiving events until they create and bind new subscriptions, so tell them to reload first.
 */
export async function clearProjectWsSubs(
  medplum: MedplumClient,
  projectId: string,
): Promise<{ pubSubKeysDeleted: number; cacheKeysDeleted: number; userKeysDeleted: number }> {
  const result: Parameters = await medplum.post(medplum.fhirUrl('$clear-all-ws-subs'), {
    resourceType: 'Parameters',
    parameter: [{ name: 'projectId', valueString: projectId }],
  });
  const count = (name: string): number => result.parameter?.find((p) => p.name === name)?.valueInteger ?? 0;
  return {
    pubSubKeysDeleted: count('pubSubKeysDeleted'),
    cacheKeysDeleted: count('cacheKeysDeleted'),
    userKeysDeleted: count('userKeysDeleted'),
  };
}
// #endregion clear
