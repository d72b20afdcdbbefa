/**
 * Turns the text a reader pasted into a resource, or into a plain-words reason why not.
 */
import { RESOURCE_TYPES } from './resource-types';
import { exceedsDepth, TOO_DEEP_MESSAGE } from './json-depth';

export type ParsedResource =
  | { ok: true; resource: Record<string, unknown> & { resourceType: string } }
  | { ok: false; message: string };

/** Line and column of a character offset, for error messages that point at the spot. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

export function parseResourceText(text: string): ParsedResource {
  if (!text.trim()) return { ok: false, message: 'Paste or type a FHIR resource in JSON.' };
  // Before JSON.parse and everything after it, all of which recurse once per level.
  if (exceedsDepth(text)) return { ok: false, message: TOO_DEEP_MESSAGE };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    // V8 reports "at position N"; turn it into a line and column a reader can find.
    const position = /position (\d+)/.exec(detail)?.[1];
    const where = position ? lineAndColumn(text, Number(position)) : undefined;
    return {
      ok: false,
      message: `This is not valid JSON${where ? ` (line ${where.line}, column ${where.column})` : ''}: ${detail}`,
    };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'A FHIR resource is a JSON object: it must start with { and end with }.' };
  }
  const resourceType = (value as { resourceType?: unknown }).resourceType;
  if (typeof resourceType !== 'string') {
    return {
      ok: false,
      message:
        'The resource has no "resourceType" property, so its type is unknown. Add one, for example "resourceType": "Patient".',
    };
  }
  if (!RESOURCE_TYPES.includes(resourceType)) {
    return {
      ok: false,
      message: `"${resourceType}" is not a FHIR R4 or Medplum resource type. Check the spelling and capitals (for example "Patient", not "patient").`,
    };
  }
  return { ok: true, resource: value as ParsedResource extends { ok: true; resource: infer R } ? R : never };
}

/** The message of anything thrown, including @medplum/core's OperationOutcomeError. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
