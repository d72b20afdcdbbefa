/**
 * Code shown under a Copy button is built from escaped literals, never by pasting reader text
 * (or a shared link's text) between quotes: a snippet must parse to exactly the call it shows,
 * whatever the names and values hold.
 */

const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * A single-quoted TypeScript string literal for `value`. Backslashes, quotes, line breaks (the
 * Unicode separators too) and other control characters are escaped; `<` is escaped as well so
 * the literal stays inert when pasted into an HTML `<script>`.
 */
export function tsStringLiteral(value: string): string {
  let out = "'";
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ESCAPES[ch]) out += ESCAPES[ch];
    else if (code < 0x20 || code === 0x7f || ch === '<') out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

/** The `MedplumClient.searchResources` call for a resource type and a query string. */
export function sdkSearchCall(resourceType: string, queryString: string): string {
  const args = [tsStringLiteral(resourceType), ...(queryString ? [tsStringLiteral(queryString)] : [])];
  return `const results = await medplum.searchResources(${args.join(', ')});`;
}
