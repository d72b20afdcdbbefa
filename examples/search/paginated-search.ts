/**
 * Paging through large result sets: `_count`/`_offset`, `Bundle.link`, and the SDK's async iterator.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { DEFAULT_SEARCH_COUNT } from '@medplum/core';
import type { Bundle, Patient } from '@medplum/fhirtypes';

// #region default-count
/** The page size a Medplum server uses when a search has no `_count` (DEFAULT_SEARCH_COUNT is 20). */
export const serverDefaultPageSize: number = DEFAULT_SEARCH_COUNT;
// #endregion default-count

// #region next-link
/** The URL of the next page, or undefined on the last page. */
export function nextPageUrl(bundle: Bundle): string | undefined {
  return bundle.link?.find((link) => link.relation === 'next')?.url;
}

/**
 * Follows `next` links until the server stops sending one. Each link already carries the
 * original criteria plus either `_offset` or `_cursor`, so it is fetched as-is.
 */
export async function followNextLinks(medplum: MedplumClient, family: string): Promise<Patient[]> {
  const results: Patient[] = [];
  let bundle: Bundle<Patient> = await medplum.search('Patient', { family, _count: 50 });
  for (;;) {
    results.push(...(bundle.entry ?? []).flatMap((e) => (e.resource ? [e.resource] : [])));
    const next = nextPageUrl(bundle);
    if (!next) break;
    bundle = await medplum.get<Bundle<Patient>>(next);
  }
  return results;
}
// #endregion next-link

// #region offset-loop
/**
 * Offset paging: ask for page after page until one comes back short. Simple, but each request
 * makes the database skip `_offset` rows, so deep pages get slower; prefer cursors for exports.
 */
export async function collectByOffset(
  medplum: MedplumClient,
  family: string,
  pageSize: number,
): Promise<WithId<Patient>[]> {
  const all: WithId<Patient>[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await medplum.searchResources('Patient', {
      family,
      _sort: '_lastUpdated',
      _count: pageSize,
      _offset: offset,
    });
    all.push(...page);
    if (page.length < pageSize) break;
  }
  return all;
}
// #endregion offset-loop

// #region async-pages
/**
 * The SDK's own pager: an async generator that yields one array per page and follows `next`
 * links for you. Without `_count` it asks for 1,000 resources per page. Sorting on
 * `_lastUpdated` ascending with `_count` of at least 20 lets the server hand out cursor links.
 */
export async function countPatientsPageByPage(medplum: MedplumClient, family: string): Promise<number[]> {
  const pageSizes: number[] = [];
  for await (const page of medplum.searchResourcePages('Patient', { family, _sort: '_lastUpdated' })) {
    pageSizes.push(page.length);
  }
  return pageSizes;
}
// #endregion async-pages
