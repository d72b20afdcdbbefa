/**
 * How deep a JSON text nests, measured before anything parses it.
 *
 * `JSON.parse`, `JSON.stringify`, structured cloning to a worker and @medplum/core's walkers all
 * recurse once per level, so a pasted or linked value nested thousands of levels deep can exhaust
 * the stack (and take the page down with it). This scan is a plain loop over the characters: it
 * costs nothing on real resources and cannot overflow whatever it is given.
 */

/**
 * Deepest nesting the tools accept. The deepest FHIR R4 resources in practice (a Questionnaire
 * with nested items inside a Bundle, a contained resource with extensions on extensions) stay
 * well under 40 levels; 100 leaves room for any real resource and none for an attack.
 */
export const MAX_JSON_DEPTH = 100;

/**
 * True when `text` opens more than `limit` objects or arrays inside each other. Brackets inside
 * strings do not count; the text need not be valid JSON (an unclosed bracket still counts).
 */
export function exceedsDepth(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i++;
      else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      depth++;
      if (depth > limit) return true;
    } else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/** The sentence the tools show for JSON past the limit. */
export const TOO_DEEP_MESSAGE =
  `This JSON is nested more than ${MAX_JSON_DEPTH} levels deep. No FHIR resource comes close to that, ` +
  'so the tools do not read it (a value that deep could only exhaust the browser).';
