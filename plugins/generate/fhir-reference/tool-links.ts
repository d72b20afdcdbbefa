/**
 * Links from a generated resource page into the in-browser tools under docs/tools, with the
 * page's example or type filled in. The tools read `?resource=` as base64url-encoded JSON (see
 * src/components/tools/url-state.ts), so the link carries the example itself: no extra file.
 */
import type { Definition } from './model';

/** Markdown line under a resource's example; empty for datatypes, which are not resources. */
export function exampleToolLinks(def: Definition, example: unknown): string {
  if (def.kind !== 'resource' || def.sd.abstract) return '';
  const encoded = Buffer.from(JSON.stringify(example), 'utf8').toString('base64url');
  // Start the playground on the example's first element, so the reader sees a value at once.
  const first = Object.keys(example as Record<string, unknown>).find((key) => key !== 'resourceType') ?? 'resourceType';
  const expression = encodeURIComponent(`${def.name}.${first}`);
  return `Try it in the browser: [validate this example](/docs/tools/validator?resource=${encoded}) or [try FHIRPath on this example](/docs/tools/fhirpath?resource=${encoded}&expression=${expression}).`;
}

/** Markdown sentence after a resource's search parameters, opening the builder on its type. */
export function searchBuilderLink(def: Definition): string {
  if (def.kind !== 'resource' || def.sd.abstract) return '';
  return `Build a ${def.name} search with these parameters in the [search builder](/docs/tools/search-builder?type=${def.name}).`;
}
