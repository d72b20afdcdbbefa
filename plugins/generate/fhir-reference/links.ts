/**
 * Routes of generated pages and the links from a type name to its page.
 */
import { routeOf, type GeneratedId } from '../registry';
import {
  DefinitionError,
  EXTRA_PRIMITIVES,
  stripVersion,
  type Definition,
  type Family,
  type FhirModel,
  type TypeRef,
} from './model';

/** Each family's entry in the registry of generated content, which holds its folder and route. */
export const FAMILY_IDS: Record<Family, GeneratedId> = {
  resources: 'fhir-resources',
  datatypes: 'fhir-datatypes',
  medplum: 'medplum-resources',
};

/** Route prefix of a family's pages (`/docs/api/fhir/resources`). */
export function familyRoute(family: Family): string {
  return routeOf(FAMILY_IDS[family]);
}

export const PRIMITIVES_SLUG = 'primitive-types';
export const PRIMITIVES_ROUTE = `${familyRoute('datatypes')}/${PRIMITIVES_SLUG}`;
/** Where "any resource" (type Resource, Reference(Resource)) points. */
export const ANY_RESOURCE_ROUTE = familyRoute('resources');

export function pageRoute(def: Pick<Definition, 'family' | 'slug'>): string {
  return `${familyRoute(def.family)}/${def.slug}`;
}

/** Anchor id of a primitive type's row on the primitive types page. */
export function primitiveAnchor(name: string): string {
  return name.toLowerCase();
}

export interface TypeLink {
  label: string;
  /** Absent only for the known targets in UNLINKED_TARGETS. */
  href?: string;
  /** Why there is no link. */
  note?: string;
}

/**
 * Target profiles that the R4 definitions name but do not define. Listed one by one so that any
 * other unknown target still fails the build.
 */
export const UNLINKED_TARGETS: Record<string, string> = {
  'http://hl7.org/fhir/StructureDefinition/SubscriptionTopic':
    'SubscriptionTopic is not an R4 resource: SubscriptionStatus is backported from a later FHIR version',
};

const FHIR_TYPE_EXT = 'http://hl7.org/fhir/StructureDefinition/structuredefinition-fhir-type';

/**
 * The page a type code links to. FHIRPath system types (used for `id` and primitive values) link
 * to the FHIR primitive named by their fhir-type extension.
 */
export function linkForType(
  model: FhirModel,
  type: TypeRef,
  where: { file: string; url: string; path: string },
): TypeLink {
  let code = type.code;
  if (code.startsWith('http://hl7.org/fhirpath/System.')) {
    const fhirType = type.extension?.find((e) => e.url === FHIR_TYPE_EXT)?.valueUrl;
    if (!fhirType) {
      throw new DefinitionError(where.file, where.url, `${where.path}: system type ${code} has no fhir-type extension`);
    }
    code = fhirType;
  }
  const link = linkForName(model, code);
  if (!link) throw new DefinitionError(where.file, where.url, `${where.path}: cannot link type "${type.code}"`);
  return link;
}

/** Link for a type or definition name; undefined when there is no page for it. */
export function linkForName(model: FhirModel, name: string): TypeLink | undefined {
  const def = model.definitions.get(name);
  if (def) return { label: name, href: pageRoute(def) };
  if (model.primitives.has(name) || name in EXTRA_PRIMITIVES) {
    return { label: name, href: `${PRIMITIVES_ROUTE}#${primitiveAnchor(name)}` };
  }
  if (name === 'Resource' || name === 'DomainResource') return { label: name, href: ANY_RESOURCE_ROUTE };
  return undefined;
}

/** Link for a Reference/canonical target profile url. */
export function linkForProfile(
  model: FhirModel,
  url: string,
  where: { file: string; url: string; path: string },
): TypeLink {
  const unlinked = UNLINKED_TARGETS[stripVersion(url)];
  if (unlinked) return { label: stripVersion(url).slice(stripVersion(url).lastIndexOf('/') + 1), note: unlinked };
  const name = nameForProfile(model, url);
  const link = name ? linkForName(model, name) : undefined;
  if (!link) throw new DefinitionError(where.file, where.url, `${where.path}: cannot link target profile "${url}"`);
  if (name === 'Resource') return { label: 'Any', href: ANY_RESOURCE_ROUTE };
  return link;
}

/** The name a target profile url stands for, if it is a known definition. */
export function nameForProfile(model: FhirModel, url: string): string | undefined {
  const name = model.urlToName.get(stripVersion(url));
  if (name) return name;
  // Some Medplum profiles give a bare type name (e.g. "Project") instead of a canonical url.
  return model.definitions.has(url) ? url : undefined;
}
