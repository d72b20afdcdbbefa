/**
 * Installing marketplace packages: find a Package, pick its newest release, skip it when the
 * project already has that version, otherwise run PackageRelease/$install.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { getReferenceString } from '@medplum/core';
import type { Bundle, Package, PackageInstallation, PackageRelease } from '@medplum/fhirtypes';

// #region newest-release
/** Compares two `major.minor.patch` versions numerically (pre-release suffixes sort first). */
export function compareVersions(a: string, b: string): number {
  const [coreA, preA] = a.split('-', 2);
  const [coreB, preB] = b.split('-', 2);
  const partsA = coreA.split('.').map(Number);
  const partsB = coreB.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if (partsA[i] !== partsB[i]) {
      return partsA[i] - partsB[i];
    }
  }
  if (preA === preB) {
    return 0;
  }
  if (preA === undefined) {
    return 1;
  }
  if (preB === undefined) {
    return -1;
  }
  return preA < preB ? -1 : 1;
}

/** The active Package with this name and its newest release, or undefined if there is none. */
export async function newestRelease(
  medplum: MedplumClient,
  packageName: string,
): Promise<{ pkg: WithId<Package>; release: WithId<PackageRelease> } | undefined> {
  const pkg = await medplum.searchOne('Package', { name: packageName, status: 'active' });
  if (!pkg) {
    return undefined;
  }
  const releases = await medplum.searchResources('PackageRelease', {
    package: getReferenceString(pkg),
    _count: '100',
  });
  const newest = [...releases].sort((a, b) => compareVersions(b.version, a.version))[0];
  return newest ? { pkg, release: newest } : undefined;
}
// #endregion newest-release

// #region install
/** What `installNewest` did. */
export type InstallResult =
  | { outcome: 'not-found' }
  | { outcome: 'already-installed'; installation: WithId<PackageInstallation> }
  | { outcome: 'installed'; release: WithId<PackageRelease>; response: Bundle };

/**
 * Installs the newest release of a package into the caller's project (the caller must be a
 * project admin), unless a successful installation of that version is already recorded.
 */
export async function installNewest(medplum: MedplumClient, packageName: string): Promise<InstallResult> {
  const found = await newestRelease(medplum, packageName);
  if (!found) {
    return { outcome: 'not-found' };
  }
  const existing = await medplum.searchOne('PackageInstallation', {
    package: getReferenceString(found.pkg),
    version: found.release.version,
    status: 'installed',
  });
  if (existing) {
    return { outcome: 'already-installed', installation: existing };
  }
  const response: Bundle = await medplum.post(medplum.fhirUrl('PackageRelease', found.release.id, '$install'), {});
  return { outcome: 'installed', release: found.release, response };
}
// #endregion install
