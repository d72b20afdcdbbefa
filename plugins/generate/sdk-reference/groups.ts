/**
 * How the SDK reference is split into pages. Each Docusaurus route adds to the JavaScript every
 * page loads, so only classes, the shapes readers look up by name and large interfaces get a page
 * of their own; everything else sits on one page per topic with an anchor per symbol, and
 * `/docs/sdk/core.<name>` redirects there.
 */
import ts from 'typescript';
import type { SdkSymbol } from './model';

export interface Category {
  slug: string;
  label: string;
  summary: string;
}

/** The overview's categories, in display order. */
export const CATEGORIES: Category[] = [
  { slug: 'client', label: 'Client', summary: 'The MedplumClient class, its options, storage and caching helpers.' },
  { slug: 'auth', label: 'Auth and login', summary: 'Login requests and responses, tokens, JWTs and access policies.' },
  { slug: 'search', label: 'Search', summary: 'Building, parsing, formatting and matching FHIR search requests.' },
  { slug: 'fhirpath', label: 'FHIRPath', summary: 'Evaluating FHIRPath, its parser internals, and FHIR mapping.' },
  { slug: 'bots', label: 'Bots', summary: 'The event a bot receives and the agent messages bots exchange.' },
  { slug: 'hl7', label: 'HL7', summary: 'Parsing and building HL7 v2 messages.' },
  { slug: 'formatting', label: 'Formatting', summary: 'Turning FHIR values into display strings.' },
  {
    slug: 'utilities',
    label: 'Utilities',
    summary: 'Resources, references, outcomes, JSON Patch, schemas, events and domain helpers.',
  },
  {
    slug: 'types',
    label: 'Types and constants',
    summary: 'Code system URLs, content types and server configuration shapes.',
  },
];

export interface Group {
  /** Page name: the route is `/docs/sdk/core.<slug>`. */
  slug: string;
  title: string;
  category: string;
  summary: string;
}

/** Topic pages; `slug` must not equal the lowercase name of any exported symbol. */
export const GROUPS: Group[] = [
  {
    slug: 'client-types',
    title: 'Client options and results',
    category: 'client',
    summary:
      'Request options, binary sources, bot and PDF inputs and other shapes MedplumClient methods take or return.',
  },
  {
    slug: 'storage-and-caching',
    title: 'Storage and caching',
    category: 'client',
    summary: 'Client storage back ends, the LRU cache, ReadablePromise and the key-value client.',
  },
  {
    slug: 'websockets-and-subscriptions',
    title: 'WebSockets and subscriptions',
    category: 'client',
    summary: 'The reconnecting WebSocket, subscription manager and event target types.',
  },
  {
    slug: 'fhircast',
    title: 'FHIRcast',
    category: 'client',
    summary: 'FHIRcast events, contexts and subscription request helpers.',
  },
  {
    slug: 'auth-and-login',
    title: 'Auth and login',
    category: 'auth',
    summary: 'Login requests, token responses, JWT helpers and access-policy checks.',
  },
  {
    slug: 'search-functions',
    title: 'Search',
    category: 'search',
    summary:
      'Search request types, parsing and formatting, matching, _filter expressions and search parameter details.',
  },
  {
    slug: 'fhirpath-functions',
    title: 'FHIRPath',
    category: 'fhirpath',
    summary: 'Evaluating FHIRPath expressions, comparing typed values and FHIRPath Patch.',
  },
  {
    slug: 'fhirpath-parser',
    title: 'FHIRPath parser and atoms',
    category: 'fhirpath',
    summary: 'The tokenizer, Pratt parser and the atom classes a parsed FHIRPath expression is made of.',
  },
  {
    slug: 'fhir-mapping',
    title: 'FHIR Mapping Language and SQL on FHIR',
    category: 'fhirpath',
    summary: 'StructureMap parsing and transforms, ConceptMap translation and SQL on FHIR view evaluation.',
  },
  {
    slug: 'bots-and-agents',
    title: 'Bots and agents',
    category: 'bots',
    summary: 'Bot events and responses, and the messages the Medplum agent exchanges.',
  },
  {
    slug: 'hl7-v2',
    title: 'HL7 v2',
    category: 'hl7',
    summary: 'HL7 v2 contexts, fields, acknowledgement codes and date-time helpers.',
  },
  {
    slug: 'format-functions',
    title: 'Formatting',
    category: 'formatting',
    summary: 'Display strings for names, addresses, dates, quantities, periods and codes, and file building.',
  },
  {
    slug: 'resource-utilities',
    title: 'Resource and value utilities',
    category: 'utilities',
    summary: 'References, identifiers, extensions, deep equality, dates, arrays and environment checks.',
  },
  {
    slug: 'operation-outcomes',
    title: 'Operation outcomes and errors',
    category: 'utilities',
    summary: 'Ready-made OperationOutcomes, error normalisation and outcome checks.',
  },
  {
    slug: 'json-patch',
    title: 'JSON Patch and bundles',
    category: 'utilities',
    summary: 'Creating, diffing and applying JSON Patch documents, and bundle conversions.',
  },
  {
    slug: 'type-schema',
    title: 'Type schema and validation',
    category: 'utilities',
    summary: 'Loading StructureDefinitions, element lookup, crawling typed values, defaults and validation.',
  },
  {
    slug: 'scheduling',
    title: 'Scheduling',
    category: 'utilities',
    summary: 'Scheduling parameters on Schedule and HealthcareService resources and appointment helpers.',
  },
  {
    slug: 'medications-and-pharmacy',
    title: 'Medications and pharmacy',
    category: 'utilities',
    summary: 'Medication order, cart and preferred-pharmacy helpers.',
  },
  {
    slug: 'cds-and-smart-health-links',
    title: 'CDS Hooks and SMART Health Links',
    category: 'utilities',
    summary: 'CDS Hooks cards and requests, and SMART Health Link encoding.',
  },
  {
    slug: 'logging-and-versions',
    title: 'Logging, encoding and versions',
    category: 'utilities',
    summary: 'The logger, base64 and hashing helpers, data sampling and Medplum version checks.',
  },
  {
    slug: 'constants',
    title: 'Constants and content types',
    category: 'types',
    summary: 'Code system URLs, content types and other constant values, shown as the package defines them.',
  },
  {
    slug: 'server-config',
    title: 'Server configuration',
    category: 'types',
    summary: 'The shapes of the Medplum server configuration file and its external secrets.',
  },
];

/** Source module (from the source map) → group slug. Longest matching prefix wins. */
const MODULE_GROUPS: [string, string][] = [
  ['client.ts', 'client-types'],
  ['storage.ts', 'storage-and-caching'],
  ['keyvalue.ts', 'storage-and-caching'],
  ['readablepromise.ts', 'storage-and-caching'],
  ['cache.ts', 'storage-and-caching'],
  ['websockets/', 'websockets-and-subscriptions'],
  ['subscriptions/', 'websockets-and-subscriptions'],
  ['eventtarget.ts', 'websockets-and-subscriptions'],
  ['fhircast/', 'fhircast'],
  ['access.ts', 'auth-and-login'],
  ['jwt.ts', 'auth-and-login'],
  ['search/', 'search-functions'],
  ['filter/', 'search-functions'],
  ['fhirpath/atoms.ts', 'fhirpath-parser'],
  ['fhirlexer/', 'fhirpath-parser'],
  ['fhirpath/', 'fhirpath-functions'],
  ['fhirmapper/', 'fhir-mapping'],
  ['sql-on-fhir/', 'fhir-mapping'],
  ['agent.ts', 'bots-and-agents'],
  ['hl7.ts', 'hl7-v2'],
  ['format.ts', 'format-functions'],
  ['filebuilder.ts', 'format-functions'],
  ['utils.ts', 'resource-utilities'],
  ['array.ts', 'resource-utilities'],
  ['environment.ts', 'resource-utilities'],
  ['outcomes.ts', 'operation-outcomes'],
  ['patch/', 'json-patch'],
  ['bundle.ts', 'json-patch'],
  ['typeschema/', 'type-schema'],
  ['types.ts', 'type-schema'],
  ['schema.ts', 'type-schema'],
  ['schema-crawler.ts', 'type-schema'],
  ['default-values.ts', 'type-schema'],
  ['elements-context.ts', 'type-schema'],
  ['base-schema-utils.ts', 'type-schema'],
  ['scheduling.ts', 'scheduling'],
  ['medication-order-utils.ts', 'medications-and-pharmacy'],
  ['pharmacy-utils.ts', 'medications-and-pharmacy'],
  ['cds.ts', 'cds-and-smart-health-links'],
  ['smarthealthlinks.ts', 'cds-and-smart-health-links'],
  ['logger.ts', 'logging-and-versions'],
  ['version-utils.ts', 'logging-and-versions'],
  ['base64.ts', 'logging-and-versions'],
  ['crypto.ts', 'logging-and-versions'],
  ['sftp.ts', 'logging-and-versions'],
  ['datasampler.ts', 'logging-and-versions'],
  ['constants.ts', 'constants'],
  ['contenttype.ts', 'constants'],
  ['config.ts', 'server-config'],
];

/** Names from client.ts that belong with auth and login or bots rather than client options. */
const AUTH_NAME =
  /Login|Token|Auth|Pkce|Google|Invite|^New(User|Project|Patient)Request$|Password|Mfa|Scope|Session|Code(Challenge|Verifier)|Profile/;
const BOT_NAME = /^Bot/;

/** Shapes the docs link to by name: each gets its own page whatever its size. */
export const NAMED_SHAPES = [
  'BaseLoginRequest',
  'EmailPasswordLoginRequest',
  'GoogleLoginRequest',
  'BotEvent',
  'InviteRequest',
  'NewUserRequest',
  'NewProjectRequest',
  'NewPatientRequest',
  'TokenResponse',
  'LoginState',
  'SearchRequest',
  'SortRule',
  'PatchOperation',
  'MailOptions',
  'MedplumInfraConfig',
  'MedplumClientOptions',
];

/** Interfaces with at least this many members get their own page. */
export const OWN_PAGE_MIN_MEMBERS = 6;

/** Classes with at least this many public members get their own page. */
export const CLASS_OWN_PAGE_MIN_MEMBERS = 3;

/** Modules whose classes are parser internals: documented on their topic page, not one page each. */
const SMALL_CLASS_MODULES = ['fhirpath/atoms.ts', 'fhirlexer/'];

export function groupFor(sym: SdkSymbol): Group {
  let slug: string | undefined;
  if (sym.module === 'client.ts' && AUTH_NAME.test(sym.name)) slug = 'auth-and-login';
  else if (sym.module === 'client.ts' && BOT_NAME.test(sym.name)) slug = 'bots-and-agents';
  else if (sym.module) {
    const match = MODULE_GROUPS.filter(([prefix]) => sym.module!.startsWith(prefix)).sort(
      (a, b) => b[0].length - a[0].length,
    )[0];
    slug = match?.[1];
  }
  // Anything the source map cannot place still gets a home, named by what it is.
  slug ??= sym.kind === 'variable' ? 'constants' : 'resource-utilities';
  return GROUPS.find((g) => g.slug === slug)!;
}

function memberCount(sym: SdkSymbol): number {
  let n = 0;
  for (const d of sym.declarations) {
    if (ts.isClassDeclaration(d) || ts.isInterfaceDeclaration(d)) {
      n += d.members.filter((m) => !isPrivate(m)).length;
    }
  }
  return n;
}

export function isPrivate(m: ts.Node): boolean {
  const mods = ts.canHaveModifiers(m) ? (ts.getModifiers(m) ?? []) : [];
  if (mods.some((x) => x.kind === ts.SyntaxKind.PrivateKeyword || x.kind === ts.SyntaxKind.ProtectedKeyword)) {
    return true;
  }
  const name = (m as ts.ClassElement).name;
  return !!name && ts.isPrivateIdentifier(name);
}

/** True when the symbol gets a page of its own. */
export function hasOwnPage(sym: SdkSymbol): boolean {
  if (NAMED_SHAPES.includes(sym.name)) return true;
  if (sym.kind !== 'class' && sym.kind !== 'interface') return false;
  if (sym.module && SMALL_CLASS_MODULES.some((p) => sym.module!.startsWith(p))) return false;
  return memberCount(sym) >= (sym.kind === 'class' ? CLASS_OWN_PAGE_MIN_MEMBERS : OWN_PAGE_MIN_MEMBERS);
}

/** MedplumClient method sections, in page order. `tags` are the package's own `@category` tags. */
export interface ClientSection {
  id: string;
  title: string;
  tags: string[];
  names: string[];
}

export const CLIENT_SECTIONS: ClientSection[] = [
  {
    id: 'read',
    title: 'Read',
    tags: ['Read'],
    names: ['readPatientEverything', 'readPatientSummary', 'valueSetExpand', 'readCanonical'],
  },
  { id: 'create', title: 'Create', tags: ['Create'], names: ['createComment', 'upsertResource'] },
  { id: 'update', title: 'Update', tags: ['Write'], names: ['updateResource', 'patchResource'] },
  { id: 'delete', title: 'Delete', tags: ['Delete'], names: ['deleteResource'] },
  { id: 'search', title: 'Search', tags: ['Search'], names: ['searchOne', 'searchResources', 'searchResourcePages'] },
  { id: 'batch', title: 'Batch and bulk', tags: ['Batch'], names: ['executeBatch', 'bulkExport', 'startAsyncRequest'] },
  {
    id: 'binary-and-media',
    title: 'Binary and media',
    tags: ['Media'],
    names: [
      'createAttachment',
      'createBinary',
      'uploadwithProgress',
      'createPdf',
      'createMedia',
      'uploadMedia',
      'createDocumentReference',
      'download',
      'downloadResponse',
    ],
  },
  {
    id: 'auth-and-login',
    title: 'Auth and login',
    tags: ['Authentication', 'User Profile'],
    names: [
      'invite',
      'setBasicAuth',
      'clear',
      'clearActiveLogin',
      'startNewProject',
      'startNewPatient',
      'isAuthenticated',
      'refreshIfExpired',
    ],
  },
  { id: 'bots', title: 'Bots and agents', tags: [], names: ['executeBot', 'pushToAgent'] },
  { id: 'graphql', title: 'GraphQL', tags: [], names: ['graphql', 'readResourceGraph'] },
  {
    id: 'caching',
    title: 'Caching',
    tags: ['Caching'],
    names: ['getCached', 'getCachedReference', 'invalidateUrl', 'invalidateAll', 'invalidateSearches'],
  },
  {
    id: 'events',
    title: 'Events, subscriptions and FHIRcast',
    tags: ['FHIRcast', 'Subscriptions'],
    names: [
      'notifyResourceModified',
      'getSubscriptionManager',
      'subscribeToCriteria',
      'unsubscribeFromCriteria',
      'getMasterSubscriptionEmitter',
    ],
  },
  {
    id: 'http',
    title: 'HTTP',
    tags: ['HTTP'],
    names: ['fhirUrl', 'fhirSearchUrl', 'wrappedFetch', 'get', 'post', 'put', 'patch', 'delete'],
  },
  {
    id: 'schema',
    title: 'Schema and validation',
    tags: ['Schema'],
    names: ['validateResource', 'requestSchema', 'requestProfileSchema'],
  },
  {
    id: 'other',
    title: 'Other methods',
    tags: [],
    names: [],
  },
];

/** The section a client member goes in: explicit names win over the package's category tag. */
export function clientSectionFor(name: string, tag: string | undefined): ClientSection {
  return (
    CLIENT_SECTIONS.find((s) => s.names.includes(name)) ??
    (tag ? CLIENT_SECTIONS.find((s) => s.tags.includes(tag)) : undefined) ??
    CLIENT_SECTIONS[CLIENT_SECTIONS.length - 1]
  );
}
