/** True when the example tests run against a real server (`npm run verify:server`, tests/server/server-mode.ts): a test whose mock run and server run differ on purpose asserts each side's answer. */
export const onServer = !!process.env.MEDPLUM_VERIFY_ENV;
