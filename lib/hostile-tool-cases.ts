/**
 * Links to the FHIR tools (docs/tools) that used to freeze or crash the page: runaway FHIRPath,
 * huge or deeply nested resources, a search with thousands of parameters. Each arrives as a
 * shared link would, in the address's fragment.
 *
 * The browser tests (tool-limits.test.ts) open each one and check the tool says which limit it
 * hit and the page survives; `npm run bench` (lib/tool-blocking.ts) opens each one and
 * reports the longest task it put on the main thread against the 200 ms budget.
 */

/** Base64url of UTF-8 text, as the tools encode a resource for a link. */
export function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

export interface HostileToolCase {
  name: string;
  /** Route with the tool state in its fragment. */
  route: string;
  /** Test ids of the elements that show the tool handled it (any one), and the text it must hold. */
  testIds: string[];
  text: RegExp;
}

/** CSS selector for a case's answer. */
export function answerSelector(c: HostileToolCase): string {
  return c.testIds.map((id) => `[data-testid="${id}"]`).join(', ');
}

const PATIENT = { resourceType: 'Patient', id: 'p1', gender: 'male', name: [{ given: ['Ann', 'Bo'], family: 'Lee' }] };

function fhirpath(expression: string, resource: unknown = PATIENT): string {
  return `/docs/tools/fhirpath#resource=${base64url(JSON.stringify(resource))}&expression=${encodeURIComponent(expression)}`;
}

/** A Patient whose only extension is an array nested `depth` levels deep. */
export function nested(depth: number): string {
  return `{"resourceType":"Patient","extension":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

/** A transaction Bundle of `n` Patients (about 150 bytes each). */
function bigBundle(n: number): unknown {
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: Array.from({ length: n }, (_, i) => ({
      fullUrl: `urn:uuid:00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      resource: { resourceType: 'Patient', name: [{ given: ['Test'], family: `Patient${i}` }], gender: 'female' },
      request: { method: 'POST', url: 'Patient' },
    })),
  };
}

const STOPPED = /Stopped: the (evaluation|validation|parsing) ran past the time limit|too large to show/;

export const HOSTILE_TOOL_CASES: HostileToolCase[] = [
  {
    name: 'FHIRPath: .select(%resource…) nested 12 times (3^13 values)',
    route: fhirpath(`name.given${'.select(%resource.name.given)'.repeat(12)}`),
    testIds: ['engine-limit'],
    text: STOPPED,
  },
  {
    name: 'FHIRPath: a backtracking regular expression in matches()',
    route: fhirpath("('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!').matches('^(a+)+$')"),
    testIds: ['engine-limit'],
    text: STOPPED,
  },
  {
    name: 'FHIRPath: a union of 2,000 numbers',
    route: fhirpath(Array.from({ length: 2000 }, (_, i) => i + 1).join(' | ')),
    // Either answer is fine, as long as it comes without freezing the page.
    testIds: ['fhirpath-count', 'engine-limit'],
    text: /2,?000|time limit/,
  },
  {
    name: 'FHIRPath: toChars() of a 200,000-character string',
    route: fhirpath('name.family.toChars()', { ...PATIENT, name: [{ family: 'a'.repeat(200_000) }] }),
    testIds: ['engine-limit'],
    text: /too large to show \(200,000 values/,
  },
  {
    name: 'FHIRPath: %resource on a resource nested 5,000 levels',
    route: `/docs/tools/fhirpath#resource=${base64url(nested(5_000))}&expression=${encodeURIComponent('%resource')}`,
    testIds: ['link-problem'],
    text: /nested more than 100 levels deep/,
  },
  {
    name: 'Validator: a resource nested 10,000 levels',
    route: `/docs/tools/validator#resource=${base64url(nested(10_000))}`,
    testIds: ['link-problem'],
    text: /nested more than 100 levels deep/,
  },
  {
    name: 'Validator: a Bundle of 2,000 Patients (about 400 KB of JSON)',
    route: `/docs/tools/validator#resource=${base64url(JSON.stringify(bigBundle(2_000), null, 2))}`,
    testIds: ['validator-valid'],
    text: /conforms/,
  },
  {
    name: 'Search builder: 10,000 parameters',
    route: `/docs/tools/search-builder#type=Patient&query=${encodeURIComponent(
      Array.from({ length: 10_000 }, (_, i) => `name=n${i}`).join('&'),
    )}`,
    testIds: ['search-rows-capped'],
    text: /10,000 parameters/,
  },
];
