/**
 * Loads the Pagefind search runtime that `npm run build` writes to build/pagefind/. It is fetched
 * only when a reader first opens search, so pages that never search pay nothing for it, and the
 * index is split in chunks so a query fetches only the fragments it needs.
 */

export interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
}

export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string };
  sub_results?: PagefindSubResult[];
}

interface PagefindResult {
  id: string;
  data(): Promise<PagefindResultData>;
}

export interface PagefindApi {
  options(opts: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  preload(term: string): Promise<void>;
  debouncedSearch(
    term: string,
    opts?: Record<string, unknown>,
    ms?: number,
  ): Promise<{ results: PagefindResult[] } | null>;
}

let loading: Promise<PagefindApi> | undefined;

/** Loads (once) and initialises Pagefind from `<baseUrl>pagefind/`. */
export function loadPagefind(baseUrl: string): Promise<PagefindApi> {
  loading ??= (async () => {
    const url = `${baseUrl}pagefind/pagefind.js`;
    // webpackIgnore: the file is produced after the bundle, by the search indexing step.
    const api = (await import(/* webpackIgnore: true */ /* @vite-ignore */ url)) as PagefindApi;
    await api.options({ baseUrl, excerptLength: 24 });
    await api.init();
    return api;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * Pagefind reports `/docs/fhir-basics/` or `/docs/fhir-basics/index.html`; the site's routes have
 * no trailing slash.
 */
export function toRoute(url: string): string {
  const [pathPart, hash] = url.split('#');
  let p = pathPart.replace(/index\.html$/, '').replace(/\.html$/, '');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return hash ? `${p}#${hash}` : p;
}

/** The section of the site a result belongs to, shown beside its title. */
export function sectionOf(route: string): string {
  if (route.startsWith('/docs/api/fhir/resources')) return 'FHIR resource';
  if (route.startsWith('/docs/api/fhir/datatypes')) return 'FHIR datatype';
  if (route.startsWith('/docs/api/fhir/medplum')) return 'Medplum resource';
  if (route.startsWith('/docs/sdk')) return 'SDK';
  if (route.startsWith('/docs/api')) return 'Reference';
  return 'Guide';
}
