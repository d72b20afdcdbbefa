/**
 * SMART scopes: asking for narrower access than the user's access policy, and a local model of
 * which scope strings the server recognises and how it normalises them.
 */

// #region client-credentials-scope
/**
 * Requests a client-credentials token limited to reading Patient and Observation resources.
 * The scope can only narrow what the client application's access policy already allows.
 */
export async function requestReadOnlyToken(
  baseUrl: string,
  clientId: string,
  clientSecret: string,
  fetchFn: typeof fetch = fetch,
): Promise<{ access_token: string; scope?: string }> {
  const response = await fetchFn(new URL('oauth2/token', baseUrl).toString(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
      scope: 'system/Patient.rs system/Observation.rs',
    }),
  });
  if (!response.ok) {
    throw new Error(`Token request failed: ${response.status}`);
  }
  return (await response.json()) as { access_token: string; scope?: string };
}
// #endregion client-credentials-scope

// #region parse
export interface ParsedScope {
  context: 'patient' | 'user' | 'system';
  resourceType: string;
  /** SMART v2 permission letters after normalisation (`read` → `rs`, `write` → `cud`, `*` → `cruds`). */
  permissions: string;
  /** Query after `?`, if any; the server appends it to the policy entry's criteria. */
  criteria?: string;
  /** True when the server marks the matching policy entry read-only (letters only from `r` and `s`). */
  readOnly: boolean;
}

const scopePattern = /^(patient|user|system)\/(\w+|\*)\.(read|write|c?r?u?d?s?|\*)$/;
const v1ToV2: Record<string, string> = { '*': 'cruds', read: 'rs', write: 'cud' };

/**
 * Returns the resource scopes the server would act on. Anything else (`openid`, `launch`,
 * `offline_access`, a misspelt scope, letters out of `cruds` order) is not a resource scope
 * and leaves the access policy unchanged.
 */
export function parseResourceScopes(scope: string): ParsedScope[] {
  const result: ParsedScope[] = [];
  for (const term of scope.split(' ')) {
    const [base, query] = term.split(/\?(.*)/s);
    const match = scopePattern.exec(base);
    if (!match) {
      continue;
    }
    const permissions = v1ToV2[match[3]] ?? match[3];
    result.push({
      context: match[1] as ParsedScope['context'],
      resourceType: match[2],
      permissions,
      criteria: query || undefined,
      readOnly: /^[rs]+$/.test(permissions),
    });
  }
  return result;
}
// #endregion parse
