/**
 * The provider side of electronic prior authorization, as far as the Medplum SDK and server take
 * part in it: building a CDS Hooks `order-sign` request for a payer's coverage requirements
 * service with prefetch data read from Medplum, and keeping what the payer answers on the order.
 * Used by docs/compliance/hti-4.mdx.
 */
import type { CdsRequest, CdsResponse, CdsService, CdsUserResource, MedplumClient } from '@medplum/core';
import { buildCdsRequest, getReferenceString } from '@medplum/core';
import type { ServiceRequest } from '@medplum/fhirtypes';

// #region order-sign
/**
 * Builds the `order-sign` request for one draft order. `service` is an entry from the payer's
 * CDS Hooks discovery document; its prefetch templates (for example
 * `Patient/{{context.patientId}}` or `Coverage?patient={{context.patientId}}`) are filled by
 * reads and searches against Medplum with the signed-in user's own access. Sending the request
 * to the payer, with the authorization the payer requires, is your application's job.
 */
export async function buildOrderSignRequest(
  medplum: MedplumClient,
  user: CdsUserResource,
  service: CdsService,
  draftOrder: ServiceRequest & { id: string },
): Promise<CdsRequest> {
  if (service.hook !== 'order-sign') {
    throw new Error(`Service ${service.id} answers ${service.hook}, not order-sign`);
  }
  const patientId = draftOrder.subject.reference?.split('/')[1];
  return buildCdsRequest(medplum, user, service, {
    userId: getReferenceString(user),
    patientId,
    draftOrders: { resourceType: 'Bundle', type: 'collection', entry: [{ resource: draftOrder }] },
  });
}
// #endregion order-sign

// #region coverage-information
/**
 * Keeps the payer's answer on the stored order. A coverage requirements service returns, among
 * its cards, `update` system actions whose resource is the order with the payer's extensions
 * added (in Da Vinci CRD, the coverage information: whether prior authorization is needed, and
 * what documentation). Only the extensions are copied, onto the current version of the order, so
 * nothing else the payer sends can overwrite your data.
 */
export async function keepCoverageInformation(
  medplum: MedplumClient,
  order: ServiceRequest & { id: string },
  response: CdsResponse,
): Promise<ServiceRequest> {
  const fromPayer = (response.systemActions ?? [])
    .filter((a) => a.type === 'update' && a.resource.resourceType === 'ServiceRequest' && a.resource.id === order.id)
    .flatMap((a) => (a.type === 'update' ? ((a.resource as ServiceRequest).extension ?? []) : []));
  if (!fromPayer.length) {
    return order;
  }
  const current = await medplum.readResource('ServiceRequest', order.id);
  const payerUrls = new Set(fromPayer.map((e) => e.url));
  return medplum.updateResource<ServiceRequest>({
    ...current,
    // Replace earlier answers of the same kind, keep every other extension.
    extension: [...(current.extension ?? []).filter((e) => !payerUrls.has(e.url)), ...fromPayer],
  });
}
// #endregion coverage-information
