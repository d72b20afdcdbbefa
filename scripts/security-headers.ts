/**
 * The last step of `npm run build` (scripts/build.ts): computes the security headers of a build
 * from the inline scripts it emitted and writes them into it (lib/security-headers.ts says which
 * files and why).
 *
 *   tsx scripts/security-headers.ts <buildDir>
 */
import path from 'node:path';
import { applySecurityHeaders, HEADERS_FILE, NGINX_FILE, POLICY_FILE } from '../lib/security-headers';

const buildDir = path.resolve(process.argv[2] ?? 'build');
try {
  const started = Date.now();
  const policy = applySecurityHeaders(buildDir);
  console.log(
    `[security-headers] ${policy.scriptHashes.length} inline script hash(es) (${policy.scriptHashes.map((s) => s.name).join(', ')}); ` +
      `wrote ${POLICY_FILE}, ${NGINX_FILE}, ${HEADERS_FILE}${process.env.CSP_META === '1' ? ' and the meta tag in every page' : ''} in ${Date.now() - started} ms`,
  );
} catch (err) {
  console.error(`[security-headers] ${(err as Error).message}`);
  process.exit(1);
}
