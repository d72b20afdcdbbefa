// Operations helpers for a self-hosted Medplum server: the metric catalogue with recommended alert
// rules, the OpenTelemetry environment, a CORS pre-check that mirrors the server's rules, sign-in
// branding on a ClientApplication, and a post-restore verification.
import { MedplumClient } from '@medplum/core';
import type { Attachment, ClientApplication, ResourceType, UserConfiguration } from '@medplum/fhirtypes';

// #region metric-catalog
/** One metric the Medplum server records; `unit` is what the value measures (the server declares it to OTel only for some). */
export interface MedplumMetric {
  name: string;
  kind: 'counter' | 'histogram' | 'gauge';
  unit: string;
  attributes: string[];
}

/** Metrics the Medplum server records when OTLP_METRICS_ENDPOINT is set (a selection). */
export const MEDPLUM_METRICS: MedplumMetric[] = [
  // every interaction metric carries `system`; search events carry no resource, so no resourceType
  { name: 'medplum.fhir.interaction.search', kind: 'histogram', unit: 's', attributes: ['system'] },
  { name: 'medplum.fhir.interaction.search.count', kind: 'counter', unit: '1', attributes: ['system', 'result'] },
  { name: 'medplum.fhir.interaction.read', kind: 'histogram', unit: 's', attributes: ['system', 'resourceType'] },
  {
    name: 'medplum.fhir.interaction.create.count',
    kind: 'counter',
    unit: '1',
    attributes: ['system', 'resourceType', 'result'],
  },
  { name: 'medplum.bot.execute.time', kind: 'histogram', unit: 's', attributes: ['project', 'bot', 'outcome'] },
  { name: 'medplum.batch.errors', kind: 'histogram', unit: '1', attributes: ['bundleType', 'projectId'] },
  { name: 'medplum.subscription.queuedDuration', kind: 'histogram', unit: 's', attributes: [] },
  { name: 'medplum.subscription.waitingCount', kind: 'gauge', unit: '1', attributes: [] },
  { name: 'medplum.db.queriesAwaitingClient', kind: 'gauge', unit: '1', attributes: ['hostname', 'dbInstanceType'] },
  { name: 'medplum.db.healthcheckRTT', kind: 'gauge', unit: 's', attributes: ['hostname', 'dbInstanceType'] },
  { name: 'medplum.redis.healthcheckRTT', kind: 'gauge', unit: 's', attributes: ['hostname', 'redisInstanceType'] },
  { name: 'medplum.node.usedHeapSize', kind: 'gauge', unit: 'By', attributes: ['hostname'] },
];

/** A recommended alert: starting points to tune against your own baseline, not server defaults. */
export interface AlertRule {
  metric: string;
  condition: string;
  forMinutes: number;
  severity: 'page' | 'ticket';
}

export const RECOMMENDED_ALERTS: AlertRule[] = [
  { metric: 'medplum.db.queriesAwaitingClient', condition: '> 0', forMinutes: 5, severity: 'page' },
  { metric: 'medplum.db.healthcheckRTT', condition: '> 0.5', forMinutes: 5, severity: 'page' },
  { metric: 'medplum.redis.healthcheckRTT', condition: '> 0.1', forMinutes: 5, severity: 'ticket' },
  { metric: 'medplum.subscription.waitingCount', condition: '> 1000', forMinutes: 15, severity: 'ticket' },
  { metric: 'medplum.fhir.interaction.search', condition: 'p95 > 2', forMinutes: 10, severity: 'ticket' },
  { metric: 'medplum.bot.execute.time', condition: 'outcome=failure rate > 5%', forMinutes: 15, severity: 'ticket' },
];

/** Returns the alert rules whose metric is not in the catalogue (a typo guard for your rule files). */
export function unknownAlertMetrics(rules: AlertRule[], catalog: MedplumMetric[] = MEDPLUM_METRICS): string[] {
  const names = new Set(catalog.map((m) => m.name));
  return rules.map((r) => r.metric).filter((name) => !names.has(name));
}
// #endregion metric-catalog

// #region otel-env
/**
 * Builds the two environment variables the server's instrumentation reads. Note the singular
 * TRACE in OTLP_TRACE_ENDPOINT. Pass undefined to leave a signal off.
 */
export function otelEnvironment(collector: { traces?: string; metrics?: string }): Record<string, string> {
  const env: Record<string, string> = {};
  if (collector.traces) {
    env.OTLP_TRACE_ENDPOINT = new URL('/v1/traces', collector.traces).toString();
  }
  if (collector.metrics) {
    env.OTLP_METRICS_ENDPOINT = new URL('/v1/metrics', collector.metrics).toString();
  }
  return env;
}
// #endregion otel-env

// #region cors-check
/** The server's CORS paths: only requests under these prefixes get CORS headers. */
export const CORS_PATH_PREFIXES = [
  '/.well-known/',
  '/admin/',
  '/auth/',
  '/cds-services',
  '/email/',
  '/fhir/',
  '/fhircast/',
  '/oauth2/',
  '/keyvalue/',
  '/storage/',
];

/**
 * Predicts whether the server will answer a browser request with CORS headers, using the same
 * rules as the server: a prefix test against appBaseUrl, '*' or an exact entry of allowedOrigins,
 * and one of the CORS path prefixes.
 */
export function corsAllowed(
  config: { appBaseUrl: string; allowedOrigins?: string },
  origin: string | undefined,
  path: string,
): boolean {
  if (!origin) {
    return false;
  }
  const originOk =
    config.appBaseUrl.startsWith(origin) ||
    config.allowedOrigins === '*' ||
    (config.allowedOrigins ?? '')
      .split(',')
      .map((s) => s.trim())
      .includes(origin);
  return originOk && CORS_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
}
// #endregion cors-check

// #region branding
/** Sets the welcome text and logo that the Medplum app's /oauth page shows for this client. */
export async function brandSignIn(
  medplum: MedplumClient,
  clientId: string,
  welcomeString: string,
  logo: Attachment,
): Promise<ClientApplication> {
  const client = await medplum.readResource('ClientApplication', clientId);
  return medplum.updateResource<ClientApplication>({
    ...client,
    signInForm: { ...client.signInForm, welcomeString, logo },
  });
}

/** Creates a UserConfiguration whose menu replaces the app's default sidebar links. */
export async function createBrandedMenu(
  medplum: MedplumClient,
  name: string,
  links: { name: string; target: string }[],
): Promise<UserConfiguration> {
  return medplum.createResource<UserConfiguration>({
    resourceType: 'UserConfiguration',
    name,
    menu: [{ title: name, link: links.map((l) => ({ name: l.name, target: l.target })) }],
  });
}
// #endregion branding

// #region verify-restore
export interface RestoreCheck {
  resourceType: ResourceType;
  expectedAtLeast: number;
  actual: number;
  ok: boolean;
}

/**
 * After a restore, counts a few resource types and compares them with the counts you wrote down
 * when the backup was taken. A restore that lost rows shows up as a count below expectation.
 */
export async function verifyRestoredCounts(
  medplum: MedplumClient,
  expected: Partial<Record<ResourceType, number>>,
): Promise<RestoreCheck[]> {
  const results: RestoreCheck[] = [];
  for (const [resourceType, expectedAtLeast] of Object.entries(expected) as [ResourceType, number][]) {
    const bundle = await medplum.search(resourceType, { _summary: 'count', _total: 'accurate' }, { cache: 'no-cache' });
    const actual = bundle.total ?? 0;
    results.push({ resourceType, expectedAtLeast, actual, ok: actual >= expectedAtLeast });
  }
  return results;
}
// #endregion verify-restore

// #region external-auth
/** One identity provider whose access tokens the server accepts as they are. */
export interface ExternalAuthProvider {
  issuer: string; // must equal the token's `iss` claim exactly (trailing slash included)
  userInfoUrl: string; // the provider's userinfo endpoint; the server calls it to validate a token
}

/**
 * Builds the environment variable that sets `externalAuthProviders` (parsed as JSON since 5.1.9).
 * @param providers - The providers to trust.
 * @returns The variable, ready for a Compose file, a Kubernetes env list or a CDK `environment` map.
 */
export function externalAuthEnv(providers: ExternalAuthProvider[]): Record<string, string> {
  for (const p of providers) {
    if (!p.userInfoUrl.startsWith('https://')) {
      throw new Error(`userInfoUrl of ${p.issuer} must be an https URL`);
    }
  }
  return { MEDPLUM_EXTERNAL_AUTH_PROVIDERS: JSON.stringify(providers) };
}

/**
 * A client that sends an access token from the external provider straight to Medplum. No Medplum
 * sign-in happens: the server recognises the token by its issuer.
 * @param baseUrl - The Medplum server, e.g. https://api.example.org/.
 * @param externalAccessToken - A JWT access token issued by a configured provider.
 * @param fetchImpl - Optional fetch implementation.
 * @returns A MedplumClient that uses that token on every request.
 */
export function medplumWithExternalToken(
  baseUrl: string,
  externalAccessToken: string,
  fetchImpl: typeof fetch = fetch,
): MedplumClient {
  const medplum = new MedplumClient({ baseUrl, fetch: fetchImpl });
  medplum.setAccessToken(externalAccessToken);
  return medplum;
}
// #endregion external-auth
