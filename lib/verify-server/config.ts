/**
 * Step 3a, the server's medplum.config.json, modelled on packages/server/medplum.config.json at
 * 53eba89 (the upstream development config) with the differences a local test run needs. Each key
 * names, in its comment, the line of packages/server/src at 53eba89 that reads it. Pure: the unit
 * tests check it.
 */

export interface ServerConfigInput {
  serverPort: number;
  postgresPort: number;
  redisPort: number;
  /** Absolute folder for Binary contents. */
  binaryDir: string;
  /** Super admin client credentials the seed creates (seed.ts:77), so tools can log in without a password. */
  superAdminClientId: string;
  superAdminClientSecret: string;
}

export const SUPER_ADMIN = { email: 'admin@example.com', password: 'medplum_admin' } as const;

export function serverConfig(input: ServerConfigInput): Record<string, unknown> {
  const baseUrl = `http://localhost:${input.serverPort}/`;
  return {
    // index.ts:39 app.listen(config.port)
    port: input.serverPort,
    // config/loader.ts:62 refuses a config without baseUrl; config/utils.ts:19-26 derive issuer,
    // tokenUrl, storageBaseUrl … from it.
    baseUrl,
    // admin/invite.ts:419, auth/newuser.ts:132: links in emails and redirects point here; there is
    // no app in a test run, upstream's dev value is kept.
    appBaseUrl: 'http://localhost:3000/',
    // app.ts:260 initBinaryStorage, storage/loader.ts:20: "file:" stores Binary contents on local disk.
    binaryStorage: `file:${input.binaryDir.endsWith('/') ? input.binaryDir : input.binaryDir + '/'}`,
    // storage/presign.ts:20: signed Binary URLs start with it.
    storageBaseUrl: `${baseUrl}storage/`,
    // email/utils.ts:31: the From of the (unsent) emails.
    supportEmail: '"Medplum" <support@medplum.com>',
    // email/email.ts:39-43 sends only with config.smtp or emailProvider 'awsses'; with 'none' it
    // logs "Sending email" and returns, so $invite, /auth/resetpassword and new-user flows succeed
    // without a mail server. config/utils.ts:39 would otherwise default to 'awsses' (which fails
    // without AWS credentials).
    emailProvider: 'none',
    // app.ts:215 (JSON body limit) and async-batch.ts:25 (batch body limit); upstream's values.
    maxJsonSize: '1mb',
    maxBatchSize: '50mb',
    // bots/vmcontext.ts:33 refuses vmcontext bots unless true.
    vmContextBotsEnabled: true,
    // fhir/operations/botinit.ts:119: Bot/$init makes vmcontext bots (no AWS Lambda here). A Bot
    // created with a plain create gets no runtimeVersion, and bots/execute.ts:35-50 then answers
    // 'Unsupported bot runtime': such bots must set runtimeVersion 'vmcontext' themselves.
    defaultBotRuntimeVersion: 'vmcontext',
    // cloud/aws/deploy.ts:232,348: only for awslambda bots; upstream's values.
    botLambdaRoleArn: '',
    botLambdaLayerName: 'medplum-bot-layer',
    // cors.ts:30: any origin may call (the site's examples run from test processes and browsers).
    allowedOrigins: '*',
    // fhir/routes.ts:225: GraphQL introspection allowed (upstream's dev value).
    introspectionEnabled: true,
    // ratelimit.ts:34,41,48 name these three per-minute limits (login defaults to 5 per IP,
    // ratelimit.ts:36; auth to 160, config/utils.ts:48), which a test run logging in once per
    // test client exceeds. High values
    // rather than -1 (ratelimit.ts:64 disables the limiter): the RateLimit headers stay as in
    // production.
    defaultRateLimit: 1_000_000,
    defaultAuthRateLimit: 100_000,
    defaultLoginRateLimit: 100_000,
    // context.ts:268, fhir/fhirquota.ts:25: FHIR interaction quota per user per minute (default 50,000).
    defaultFhirQuota: 1_000_000,
    // seed.ts:77-95: on first start the seed creates this super admin ClientApplication.
    defaultSuperAdminClientId: input.superAdminClientId,
    defaultSuperAdminClientSecret: input.superAdminClientSecret,
    // database.ts:45 initPool(serverConfig.database); runMigrations unset = true (database.ts:47),
    // so the first start migrates.
    database: {
      host: 'localhost',
      port: input.postgresPort,
      dbname: 'medplum',
      username: 'medplum',
      password: 'medplum',
    },
    // redis.ts:46 ...config.redis; the private redis-server has no password.
    redis: {
      host: '127.0.0.1',
      port: input.redisPort,
    },
    // config/utils.ts:32 merges it into the workers' options: keep only the last finished job of
    // each queue, as upstream's dev config does.
    bullmq: {
      removeOnFail: { count: 1 },
      removeOnComplete: { count: 1 },
    },
    // index.ts:43 gracefulShutdown timeout: a test server need not wait 30 s for connections to drain.
    shutdownTimeoutMilliseconds: 5000,
  };
}
