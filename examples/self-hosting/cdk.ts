// Helpers for self-hosting Medplum: build and check a CDK infra config, derive the server
// parameters the `medplum aws update-config` command writes, and plan server upgrades.
import type { ExternalSecret, MedplumClient, MedplumInfraConfig, MedplumSourceInfraConfig } from '@medplum/core';
import { compareVersions, isValidMedplumSemver } from '@medplum/core';
import type { AsyncJob, Bundle } from '@medplum/fhirtypes';

// #region build-config
/** The answers `npx medplum aws init` asks for, in the order it asks them. */
export interface InfraAnswers {
  name: string; // environment name, e.g. "staging"
  region: string;
  accountNumber: string;
  domainName: string; // base domain, must be a Route 53 hosted zone unless skipDns
  serverVersion: string; // e.g. "5.0.10"
  apiSslCertArn: string; // ACM certificate in `region`
  appSslCertArn: string; // ACM certificate in us-east-1
  storageSslCertArn: string; // ACM certificate in us-east-1
  signingKeyId: string; // CloudFront public key id
  storagePublicKey: string; // PEM public key
}

/**
 * Builds a complete CDK config with the same derived values as `medplum aws init`
 * (api., app. and storage. subdomains, stack name "Medplum" + Name, port 8103) and the
 * smallest sizes it offers. Every required key of MedplumInfraConfig is present.
 * @param a - The environment answers.
 * @returns A config object to save as medplum.<name>.config.json.
 */
export function buildInfraConfig(a: InfraAnswers): MedplumInfraConfig {
  const apiDomainName = `api.${a.domainName}`;
  const storageDomainName = `storage.${a.domainName}`;
  return {
    name: a.name,
    stackName: 'Medplum' + a.name.charAt(0).toUpperCase() + a.name.slice(1),
    accountNumber: a.accountNumber,
    region: a.region,
    domainName: a.domainName,
    vpcId: '', // empty: the stack creates a new VPC
    apiPort: 8103,
    apiDomainName,
    apiSslCertArn: a.apiSslCertArn,
    appDomainName: `app.${a.domainName}`,
    appSslCertArn: a.appSslCertArn,
    storageBucketName: storageDomainName,
    storageDomainName,
    storageSslCertArn: a.storageSslCertArn,
    signingKeyId: a.signingKeyId,
    storagePublicKey: a.storagePublicKey,
    baseUrl: `https://${apiDomainName}/`,
    maxAzs: 2,
    rdsInstances: 1,
    rdsInstanceType: 't4g.medium',
    desiredServerCount: 1,
    serverImage: `medplum/medplum-server:${a.serverVersion}`,
    serverMemory: 512,
    serverCpu: 256,
    clamscanEnabled: false,
    clamscanLoggingBucket: '',
    clamscanLoggingPrefix: '',
  };
}
// #endregion build-config

// #region check-config
const REQUIRED_KEYS: (keyof MedplumInfraConfig)[] = [
  'name',
  'stackName',
  'accountNumber',
  'region',
  'domainName',
  'apiPort',
  'apiDomainName',
  'apiSslCertArn',
  'appDomainName',
  'appSslCertArn',
  'storageBucketName',
  'storageDomainName',
  'storageSslCertArn',
  'baseUrl',
  'maxAzs',
  'rdsInstances',
  'desiredServerCount',
  'serverImage',
  'serverMemory',
  'serverCpu',
];

/** Fargate CPU units and the memory sizes (MiB) AWS accepts with them, for the small sizes. */
const FARGATE_MEMORY: Record<number, [number, number]> = {
  256: [512, 2048],
  512: [1024, 4096],
  1024: [2048, 8192],
  2048: [4096, 16384],
  4096: [8192, 30720],
};

/**
 * Checks a CDK config for the mistakes that make `cdk deploy` fail late or deploy the wrong thing.
 * The CDK app itself only resolves external secrets; it does not check keys before synthesizing.
 * @param config - The normalized config (after external secrets are resolved).
 * @returns A list of problems; empty when the config looks deployable.
 */
export function checkInfraConfig(config: MedplumInfraConfig): string[] {
  const problems: string[] = [];
  for (const key of REQUIRED_KEYS) {
    const value = config[key];
    if (value === undefined || value === null || value === '') {
      problems.push(`${key} is missing`);
    } else if (value === 'TODO') {
      problems.push(`${key} is still the "TODO" placeholder written by medplum aws init`);
    }
  }
  if (!config.signingKeyId && !config.storagePublicKey) {
    problems.push('set signingKeyId (existing CloudFront public key) or storagePublicKey (PEM)');
  }
  if (config.rdsSecretsArn === 'TODO') {
    problems.push('rdsSecretsArn is still "TODO": give the Secrets Manager ARN of your own database');
  }
  if (config.rdsIdsMajorVersionSuffix && !config.rdsPersistentParameterGroups) {
    problems.push('rdsPersistentParameterGroups must be true when rdsIdsMajorVersionSuffix is true');
  }
  if (config.rdsInstanceVersion !== undefined && !config.rdsInstanceVersion.includes('.')) {
    problems.push('rdsInstanceVersion must be a full Aurora version such as "16.9"');
  }
  if (config.baseUrl && !config.baseUrl.endsWith('/')) {
    problems.push('baseUrl should end with "/"');
  }
  if (config.apiDomainName && config.baseUrl && !config.baseUrl.startsWith(`https://${config.apiDomainName}/`)) {
    problems.push('baseUrl does not point at apiDomainName');
  }
  const range = FARGATE_MEMORY[config.serverCpu];
  if (range && (config.serverMemory < range[0] || config.serverMemory > range[1])) {
    problems.push(`serverMemory ${config.serverMemory} is not valid with serverCpu ${config.serverCpu}`);
  }
  if (config.serverImage?.endsWith(':latest')) {
    problems.push('serverImage uses :latest; pin a version so upgrades go one minor version at a time');
  }
  if (config.clamscanEnabled && !config.clamscanLoggingBucket) {
    problems.push('clamscanEnabled needs clamscanLoggingBucket');
  }
  const scaling = config.fargateAutoScaling;
  if (scaling && scaling.minCapacity > scaling.maxCapacity) {
    problems.push('fargateAutoScaling.minCapacity is larger than maxCapacity');
  }
  return problems;
}
// #endregion check-config

// #region external-secrets
/**
 * Lists the Parameter Store names a source config reads through ExternalSecret values,
 * so they can be created before `cdk synth` (which fails on the first missing one).
 * @param source - The config as written in the JSON file.
 * @returns Parameter names, sorted and without duplicates.
 */
export function listExternalSecretKeys(source: MedplumSourceInfraConfig): string[] {
  const keys = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (value && typeof value === 'object') {
      const v = value as Partial<ExternalSecret>;
      if (typeof v.system === 'string' && typeof v.key === 'string' && typeof v.type === 'string') {
        keys.add(v.key);
      } else {
        Object.values(value).forEach(visit);
      }
    }
  };
  visit(source);
  return [...keys].sort();
}
// #endregion external-secrets

// #region server-params
/**
 * The server settings that must agree with the CDK config. `medplum aws update-config` refuses to
 * run when medplum.<tag>.config.server.json disagrees on port, baseUrl, appBaseUrl or storageBaseUrl, and then
 * overwrites them from the CDK config.
 * @param config - The CDK config.
 * @returns Server parameters for /medplum/<name>/.
 */
export function serverParamsFor(config: MedplumInfraConfig): Record<string, string | number> {
  return {
    port: config.apiPort,
    baseUrl: config.baseUrl,
    appBaseUrl: `https://${config.appDomainName}/`,
    // S3 objects live under binary/<id>/<versionId>, so the CloudFront URL needs /binary/
    storageBaseUrl: `https://${config.storageDomainName}/binary/`,
    binaryStorage: `s3:${config.storageBucketName}`,
  };
}
// #endregion server-params

// #region upgrade-plan
/**
 * Picks the releases to deploy, in order, to get from `current` to `target`: the newest patch of
 * every minor version in between, then `target` itself.
 * @param current - The running server version.
 * @param target - The version you want to run.
 * @param releases - All released versions (for example from the GitHub releases list).
 * @returns The versions to deploy one after the other.
 */
export function planUpgrade(current: string, target: string, releases: string[]): string[] {
  if (!isValidMedplumSemver(current) || !isValidMedplumSemver(target)) {
    throw new Error('Versions must look like 5.0.10');
  }
  const minorOf = (v: string): string => v.split('.').slice(0, 2).join('.');
  const newestPerMinor = new Map<string, string>();
  for (const r of releases) {
    if (!isValidMedplumSemver(r) || compareVersions(r, current) <= 0 || compareVersions(r, target) > 0) {
      continue;
    }
    const prev = newestPerMinor.get(minorOf(r));
    if (!prev || compareVersions(r, prev as typeof r) > 0) {
      newestPerMinor.set(minorOf(r), r);
    }
  }
  newestPerMinor.set(minorOf(target), target);
  return [...newestPerMinor.values()].sort((a, b) => compareVersions(a as typeof target, b as typeof target));
}

/** One entry of the server's post-deploy migration manifest. */
export interface PostDeployEntry {
  serverVersion: string;
  requiredBefore?: string;
}

/**
 * Mirrors the start-up rule of the server: with a post-deploy migration still pending, a server
 * at or past `requiredBefore` refuses to start (in production, NODE_ENV=production).
 * @param serverVersion - The version you are about to start.
 * @param pending - The manifest entry of the pending post-deploy migration, if any.
 * @returns 'ok', 'migration-ready' (starts and runs it) or 'refuses-to-start'.
 */
export function startupOutcome(
  serverVersion: string,
  pending: PostDeployEntry | undefined,
): 'ok' | 'migration-ready' | 'refuses-to-start' {
  if (!pending || !isValidMedplumSemver(serverVersion) || !isValidMedplumSemver(pending.serverVersion)) {
    return 'ok';
  }
  if (compareVersions(serverVersion, pending.serverVersion) < 0) {
    return 'ok';
  }
  if (
    pending.requiredBefore &&
    isValidMedplumSemver(pending.requiredBefore) &&
    compareVersions(serverVersion, pending.requiredBefore) >= 0
  ) {
    return 'refuses-to-start';
  }
  return 'migration-ready';
}
// #endregion upgrade-plan

// #region migration-jobs
/**
 * Lists data-migration jobs, newest first, and says whether any is still running.
 * Run it between upgrade steps; move on only when `running` is empty and none failed.
 * @param medplum - A client signed in as a super admin.
 * @returns Running, failed and completed jobs.
 */
export async function migrationJobStatus(
  medplum: MedplumClient,
): Promise<{ running: AsyncJob[]; failed: AsyncJob[]; completed: AsyncJob[] }> {
  const bundle: Bundle<AsyncJob> = await medplum.search('AsyncJob', {
    type: 'data-migration',
    _sort: '-_lastUpdated',
    _count: '20',
  });
  const jobs = (bundle.entry ?? []).map((e) => e.resource as AsyncJob);
  return {
    running: jobs.filter((j) => j.status === 'accepted' || j.status === 'active'),
    failed: jobs.filter((j) => j.status === 'error' || j.status === 'cancelled'),
    completed: jobs.filter((j) => j.status === 'completed'),
  };
}
// #endregion migration-jobs

// #region k8s-env
/** Sections the environment loader fills from MEDPLUM_<PREFIX><KEY> variables, with their prefixes. */
const ENV_SECTIONS: Record<string, string> = {
  database: 'DATABASE_',
  cacheRedis: 'CACHE_REDIS_',
  rateLimitRedis: 'RATE_LIMIT_REDIS_',
  pubSubRedis: 'PUBSUB_REDIS_', // PUBSUB, not PUB_SUB
  backgroundJobsRedis: 'BACKGROUND_JOBS_REDIS_',
  redis: 'REDIS_',
  smtp: 'SMTP_',
  bullmq: 'BULLMQ_',
  fission: 'FISSION_',
  workers: 'WORKERS_',
};
/** Keys whose environment value the loader parses as JSON (by short name or by dotted name). */
const ENV_JSON_KEYS = [
  'tls',
  'ssl',
  'defaultProjectFeatures',
  'defaultProjectSystemSetting',
  'defaultOAuthClients',
  'externalAuthProviders',
  'smtp',
  'arrayColumnPadding',
  'subscriptionAutoDisable',
  'workers',
  'workers.enabled',
  'workers.bullmq',
];

const toEnvName = (key: string): string => key.replaceAll(/([A-Z])/g, '_$1').toUpperCase();

/**
 * Turns a server config object into the MEDPLUM_* variables a Helm chart's `deployment.env` needs
 * (config source `env`), and lists the settings the environment loader cannot express, which
 * then need a `file:` config mounted from a Secret.
 * @param settings - Server settings as they would appear in medplum.config.json.
 * @returns The variables and the keys that must come from a file instead.
 */
export function toMedplumEnv(settings: Record<string, unknown>): {
  env: { name: string; value: string }[];
  notFromEnv: string[];
} {
  const env: { name: string; value: string }[] = [];
  const notFromEnv: string[] = [];
  const add = (prefix: string, key: string, value: unknown, path: string): void => {
    if (value === undefined || value === null) {
      return;
    }
    if (typeof value === 'object') {
      if (ENV_JSON_KEYS.includes(key) || ENV_JSON_KEYS.includes(path)) {
        env.push({ name: `MEDPLUM_${prefix}${toEnvName(key)}`, value: JSON.stringify(value) });
      } else {
        notFromEnv.push(path);
      }
      return;
    }
    env.push({ name: `MEDPLUM_${prefix}${toEnvName(key)}`, value: String(value) });
  };
  for (const [key, value] of Object.entries(settings)) {
    const prefix = ENV_SECTIONS[key];
    if (prefix && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [subKey, subValue] of Object.entries(value)) {
        add(prefix, subKey, subValue, `${key}.${subKey}`);
      }
    } else {
      add('', key, value, key);
    }
  }
  return { env, notFromEnv };
}
// #endregion k8s-env

// #region worker-services
/** The background worker names the server knows. */
export const WORKER_NAMES = [
  'dispatch',
  'subscription',
  'download',
  'cron',
  'reindex',
  'batch',
  'post-deploy-migration',
  'set-accounts',
  'lambda-cleaner',
] as const;

/**
 * Moves all background work off the API tasks into one or more worker-only Fargate services.
 * The API tasks get `workers.enabled: []` (written to the /medplum/<name>/workers parameter);
 * each service gets MEDPLUM_WORKERS_ENABLED in its environment, which overrides that parameter
 * for its own tasks. Throws when a worker would run nowhere.
 * @param config - The CDK config to extend.
 * @param services - Service id, task count and the workers it runs (use ['*'] for all).
 * @returns A new config; the input is not changed.
 */
export function withWorkerServices(
  config: MedplumInfraConfig,
  services: { id: string; desiredCount: number; workers: string[]; serverCpu?: number; serverMemory?: number }[],
): MedplumInfraConfig {
  const covered = new Set(services.flatMap((s) => (s.workers.includes('*') ? [...WORKER_NAMES] : s.workers)));
  const missing = WORKER_NAMES.filter((w) => !covered.has(w));
  if (missing.length > 0) {
    throw new Error(`No service runs these workers: ${missing.join(', ')}`);
  }
  return {
    ...config,
    workers: { ...config.workers, enabled: [] },
    workerServices: services.map((s) => ({
      id: s.id,
      desiredCount: s.desiredCount,
      serverCpu: s.serverCpu,
      serverMemory: s.serverMemory,
      environment: { MEDPLUM_WORKERS_ENABLED: JSON.stringify(s.workers) },
    })),
  };
}
// #endregion worker-services
