/**
 * Checks which server build answers behind a load balancer after you deploy an image: the health
 * check reports the release and the commit the image was built from.
 */
import type { MedplumClient } from '@medplum/core';

// #region deployed-versions
/** A health check `version`, such as "5.1.12-53eba89", split into release and commit. */
export function parseServerVersion(version: string): { release: string; commit?: string } {
  const [release, commit] = version.split('-', 2);
  return { release, commit: commit && commit !== 'unknown' ? commit : undefined };
}

/**
 * Asks the health check several times and counts the versions that answer. Behind a load
 * balancer each request may reach another instance, so during a rolling deployment you see
 * the old and the new build side by side.
 * @param medplum - Any client for the server; the health check needs no sign-in.
 * @param samples - How many requests to send.
 * @returns How often each version answered.
 */
export async function sampleDeployedVersions(medplum: MedplumClient, samples = 5): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < samples; i++) {
    const health = await medplum.get<{ version: string }>(medplum.getBaseUrl() + 'healthcheck', {
      cache: 'no-cache',
    });
    counts[health.version] = (counts[health.version] ?? 0) + 1;
  }
  return counts;
}

/**
 * True when every sampled answer came from the expected build.
 * @param counts - The result of sampleDeployedVersions.
 * @param expected - The release, and the commit when you built the image yourself.
 * @returns Whether the rollout is complete.
 */
export function rolloutComplete(
  counts: Record<string, number>,
  expected: { release: string; commit?: string },
): boolean {
  return Object.keys(counts).every((version) => {
    const { release, commit } = parseServerVersion(version);
    return release === expected.release && (!expected.commit || commit === expected.commit);
  });
}
// #endregion deployed-versions
