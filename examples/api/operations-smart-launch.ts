/**
 * Starting a SMART EHR launch from a browser app without reading a redirect.
 * `$smart-launch` answers with a 302 whose Location a browser `fetch()` cannot read, so a browser
 * app does the same two steps itself: store a SmartAppLaunch, then open the app's launch URI.
 */
import type { MedplumClient } from '@medplum/core';
import { ensureTrailingSlash } from '@medplum/core';
import type { ClientApplication, SmartAppLaunch } from '@medplum/fhirtypes';

// #region launch-url
/**
 * Creates the launch context for one patient and returns the URL to open: the app's launchUri
 * with `iss` set to the FHIR base URL and `launch` to the new SmartAppLaunch's id, the same URL
 * the server's `$smart-launch` redirect points to.
 */
export async function buildSmartLaunchUrl(
  medplum: MedplumClient,
  app: ClientApplication,
  patientId: string,
): Promise<string> {
  if (!app.launchUri) {
    throw new Error('ClientApplication not configured for launch');
  }
  const launch = await medplum.createResource<SmartAppLaunch>({
    resourceType: 'SmartAppLaunch',
    patient: { reference: `Patient/${patientId}` },
  });
  const url = new URL(app.launchUri);
  url.searchParams.set('iss', ensureTrailingSlash(medplum.fhirUrl().toString()));
  url.searchParams.set('launch', launch.id);
  return url.toString();
}

// In the browser, open it from a click handler (a new tab, or the current one):
//   window.open(await buildSmartLaunchUrl(medplum, app, patient.id), '_blank');
// #endregion launch-url
