/**
 * The CDK helpers are pure functions over the MedplumInfraConfig type from @medplum/core; the
 * migration-job helper runs against MockClient with the full definitions loaded.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MedplumInfraConfig, MedplumSourceInfraConfig } from '@medplum/core';
import { validateResource } from '@medplum/core';
import type { AsyncJob } from '@medplum/fhirtypes';
import {
  buildInfraConfig,
  checkInfraConfig,
  listExternalSecretKeys,
  migrationJobStatus,
  planUpgrade,
  serverParamsFor,
  startupOutcome,
  toMedplumEnv,
  withWorkerServices,
} from '../../../examples/self-hosting/cdk';
import { mockWithSearch } from './mock-with-search';

const answers = {
  name: 'staging',
  region: 'eu-west-1',
  accountNumber: '493817260514',
  domainName: 'example.org',
  serverVersion: '5.0.10',
  apiSslCertArn: 'arn:aws:acm:eu-west-1:493817260514:certificate/api',
  appSslCertArn: 'arn:aws:acm:us-east-1:493817260514:certificate/app',
  storageSslCertArn: 'arn:aws:acm:us-east-1:493817260514:certificate/storage',
  signingKeyId: 'K3JQ7N2PWX8VTR',
  storagePublicKey: '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
};

describe('self-hosting/cdk', () => {
  test('buildInfraConfig derives the names medplum aws init derives', () => {
    const config = buildInfraConfig(answers);
    assert.equal(config.stackName, 'MedplumStaging');
    assert.equal(config.apiDomainName, 'api.example.org');
    assert.equal(config.baseUrl, 'https://api.example.org/');
    assert.equal(config.storageBucketName, 'storage.example.org');
    assert.equal(config.apiPort, 8103);
    assert.equal(config.serverImage, 'medplum/medplum-server:5.0.10');
    assert.deepEqual(checkInfraConfig(config), []);
  });

  test('checkInfraConfig reports placeholders, bad pairs and unpinned images', () => {
    const config: MedplumInfraConfig = {
      ...buildInfraConfig(answers),
      apiSslCertArn: 'TODO',
      serverImage: 'medplum/medplum-server:latest',
      serverCpu: 256,
      serverMemory: 4096,
      rdsIdsMajorVersionSuffix: true,
      rdsInstanceVersion: '17',
      baseUrl: 'https://api.example.org',
    };
    const problems = checkInfraConfig(config);
    assert.ok(problems.some((p) => p.startsWith('apiSslCertArn is still the "TODO"')));
    assert.ok(problems.some((p) => p.includes(':latest')));
    assert.ok(problems.some((p) => p.includes('serverMemory 4096 is not valid with serverCpu 256')));
    assert.ok(problems.includes('rdsPersistentParameterGroups must be true when rdsIdsMajorVersionSuffix is true'));
    assert.ok(problems.some((p) => p.startsWith('rdsInstanceVersion must be a full Aurora version')));
    assert.ok(problems.includes('baseUrl should end with "/"'));
  });

  test('listExternalSecretKeys finds Parameter Store references at any depth', () => {
    const source = {
      ...buildInfraConfig(answers),
      accountNumber: { system: 'aws_ssm_parameter_store', key: '/infra/account', type: 'string' },
      desiredServerCount: { system: 'aws_ssm_parameter_store', key: '/infra/servers', type: 'number' },
      additionalContainers: [
        {
          name: 'otel',
          image: 'otel/opentelemetry-collector:0.100.0',
          environment: { API_KEY: { system: 'aws_ssm_parameter_store', key: '/infra/otel-key', type: 'string' } },
        },
      ],
    } as MedplumSourceInfraConfig;
    assert.deepEqual(listExternalSecretKeys(source), ['/infra/account', '/infra/otel-key', '/infra/servers']);
  });

  test('serverParamsFor keeps /binary/ on the storage URL', () => {
    const params = serverParamsFor(buildInfraConfig(answers));
    assert.equal(params.port, 8103);
    assert.equal(params.appBaseUrl, 'https://app.example.org/');
    assert.equal(params.storageBaseUrl, 'https://storage.example.org/binary/');
    assert.equal(params.binaryStorage, 's3:storage.example.org');
  });

  test('planUpgrade visits the newest patch of every minor version', () => {
    const releases = ['4.3.1', '4.3.12', '4.3.14', '4.4.0', '4.4.3', '4.5.2', '4.5.9', '5.0.0', '5.0.10', '5.1.0'];
    assert.deepEqual(planUpgrade('4.3.1', '5.0.10', releases), ['4.3.14', '4.4.3', '4.5.9', '5.0.10']);
    assert.deepEqual(planUpgrade('5.0.0', '5.0.10', releases), ['5.0.10']);
    assert.throws(() => planUpgrade('latest', '5.0.10', releases));
  });

  test('startupOutcome mirrors the pending post-deploy migration rule', () => {
    const v29 = { serverVersion: '4.5.2', requiredBefore: '5.0.0' };
    assert.equal(startupOutcome('4.5.0', v29), 'ok');
    assert.equal(startupOutcome('4.5.9', v29), 'migration-ready');
    assert.equal(startupOutcome('5.0.10', v29), 'refuses-to-start');
    assert.equal(startupOutcome('5.0.10', undefined), 'ok');
  });

  test('migrationJobStatus sorts data-migration jobs by status', async () => {
    const medplum = mockWithSearch();
    const base = {
      resourceType: 'AsyncJob',
      type: 'data-migration',
      request: 'data-migration',
      requestTime: '2026-11-25T10:00:00Z',
    } as const;
    const jobs: AsyncJob[] = [
      { ...base, status: 'completed', dataVersion: 30, minServerVersion: '5.0.0' },
      { ...base, status: 'accepted', dataVersion: 31, minServerVersion: '5.0.0' },
    ];
    // On a verify server the jobs stay in the database, where a super admin's search for
    // data-migration jobs (self-hosting-rollbacks) would see them: delete them afterwards.
    const created: AsyncJob[] = [];
    try {
      for (const job of jobs) {
        validateResource(job);
        created.push(await medplum.createResource(job));
      }
      // A job of another kind (no type) is not counted
      const other: AsyncJob = {
        resourceType: 'AsyncJob',
        status: 'error',
        request: 'Patient/$export',
        requestTime: base.requestTime,
      };
      validateResource(other);
      created.push(await medplum.createResource(other));
      const status = await migrationJobStatus(medplum);
      assert.equal(status.running.length, 1);
      assert.equal(status.running[0].dataVersion, 31);
      assert.equal(status.completed.length, 1);
      assert.equal(status.failed.length, 0);
    } finally {
      for (const job of created) {
        await medplum.deleteResource('AsyncJob', job.id as string);
      }
    }
  });

  test('toMedplumEnv maps sections and flags settings the environment cannot carry', () => {
    const { env, notFromEnv } = toMedplumEnv({
      baseUrl: 'https://api.example.org/',
      signingKeyId: 'k1',
      database: { host: 'pg', port: 5432, maxConnections: 20, ssl: { require: true } },
      redis: { host: 'redis', tls: {} },
      readonlyDatabase: { host: 'pg-replica' },
      allowedOrigins: 'https://app.example.org',
    });
    const byName = Object.fromEntries(env.map((e) => [e.name, e.value]));
    assert.equal(byName.MEDPLUM_BASE_URL, 'https://api.example.org/');
    assert.equal(byName.MEDPLUM_SIGNING_KEY_ID, 'k1');
    assert.equal(byName.MEDPLUM_DATABASE_HOST, 'pg');
    assert.equal(byName.MEDPLUM_DATABASE_MAX_CONNECTIONS, '20');
    assert.equal(byName.MEDPLUM_DATABASE_SSL, '{"require":true}');
    assert.equal(byName.MEDPLUM_REDIS_TLS, '{}');
    assert.equal(byName.MEDPLUM_ALLOWED_ORIGINS, 'https://app.example.org');
    assert.deepEqual(notFromEnv, ['readonlyDatabase']);
  });

  test('toMedplumEnv knows the split Redis and worker sections and the JSON-valued keys', () => {
    const { env, notFromEnv } = toMedplumEnv({
      pubSubRedis: { host: 'redis-pubsub', port: 6380 },
      backgroundJobsRedis: { host: 'redis-jobs' },
      workers: { enabled: ['dispatch', 'subscription'] },
      defaultProjectFeatures: ['bots', 'cron'],
      subscriptionAutoDisable: [{ maxConsecutiveFailures: 10, timeWindowSeconds: 3600 }],
    });
    const byName = Object.fromEntries(env.map((e) => [e.name, e.value]));
    assert.equal(byName.MEDPLUM_PUBSUB_REDIS_HOST, 'redis-pubsub');
    assert.equal(byName.MEDPLUM_PUBSUB_REDIS_PORT, '6380');
    assert.equal(byName.MEDPLUM_BACKGROUND_JOBS_REDIS_HOST, 'redis-jobs');
    assert.equal(byName.MEDPLUM_WORKERS_ENABLED, '["dispatch","subscription"]');
    assert.equal(byName.MEDPLUM_DEFAULT_PROJECT_FEATURES, '["bots","cron"]');
    assert.equal(byName.MEDPLUM_SUBSCRIPTION_AUTO_DISABLE, '[{"maxConsecutiveFailures":10,"timeWindowSeconds":3600}]');
    assert.deepEqual(notFromEnv, []);
  });
});

describe('self-hosting/cdk worker services', () => {
  test('withWorkerServices empties the API workers and gives each service its own list', () => {
    const base = buildInfraConfig(answers);
    const config = withWorkerServices(base, [
      { id: 'Jobs', desiredCount: 1, workers: ['*'], serverCpu: 1024, serverMemory: 2048 },
      { id: 'Subscriptions', desiredCount: 2, workers: ['subscription', 'dispatch'] },
    ]);
    assert.deepEqual(config.workers, { enabled: [] });
    assert.equal(config.workerServices?.length, 2);
    assert.deepEqual(config.workerServices?.[0], {
      id: 'Jobs',
      desiredCount: 1,
      serverCpu: 1024,
      serverMemory: 2048,
      environment: { MEDPLUM_WORKERS_ENABLED: '["*"]' },
    });
    assert.equal(config.workerServices?.[1].environment?.MEDPLUM_WORKERS_ENABLED, '["subscription","dispatch"]');
    assert.equal(base.workers, undefined, 'the input config is left unchanged');
  });

  test('withWorkerServices refuses a split that leaves a worker unassigned', () => {
    const base = buildInfraConfig(answers);
    assert.throws(
      () => withWorkerServices(base, [{ id: 'Subscriptions', desiredCount: 1, workers: ['subscription', 'dispatch'] }]),
      /No service runs these workers: download, cron, reindex, batch, post-deploy-migration, set-accounts, lambda-cleaner/,
    );
  });
});
