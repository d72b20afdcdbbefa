/**
 * For the measuring scripts that also run on their own (`npx tsx scripts/tool-bytes.ts`): serve
 * build/ as a static host does, start the offline Chromium, run `measure`, and always clean up.
 */
import { chromium, type Browser } from 'playwright-core';
import { BUILD_DIR, CHROMIUM, CHROMIUM_ARGS } from '../lib/browser';
import { serveBuild } from '../lib/serve-build';

export function runAgainstBuild(measure: (browser: Browser, origin: string) => Promise<void>): void {
  (async () => {
    const server = await serveBuild(BUILD_DIR);
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    try {
      // The site's address with its base (`http://localhost:1234/medplum-docs`): callers add routes.
      await measure(browser, server.origin + server.baseUrl.replace(/\/$/, ''));
    } finally {
      await browser.close();
      await server.close();
    }
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
