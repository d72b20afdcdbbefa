/**
 * Search in the development server: `npm start` indexes the docs' source as it starts, so a
 * writer can check that their page is found without a production build. The server runs under
 * the same base URL as the build under test (BASE_URL overrides), so `npm test` checks that the
 * development server and its search honour a base too.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { detectBaseUrl } from '../../lib/serve-build';
import { normalizeBaseUrl } from '../../site.settings';
import { nodeOptions } from '../../lib/node-options.mjs';
import { BUILD_DIR, CHROMIUM, CHROMIUM_ARGS, SITE_DIR, withBase } from '../../lib/browser';

let server: ChildProcess | undefined;
let browser: Browser | undefined;
let origin = '';
let output = '';
const baseUrl = normalizeBaseUrl(
  process.env.BASE_URL ?? (fs.existsSync(path.join(BUILD_DIR, 'index.html')) ? detectBaseUrl(BUILD_DIR) : '/'),
);
/** A route below the base as the dev server serves it. */
const url = (route: string) => origin + withBase(baseUrl, route);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once the dev server says it is running, or fails with what it printed. */
function waitForStart(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev server did not start in time:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('[SUCCESS]')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`dev server exited with ${code}:\n${output}`));
    });
  });
}

/** Polls until the server answers 200: it may print its banner before it accepts connections. */
async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

before(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = spawn('npx', ['docusaurus', 'start', '--port', String(port), '--host', 'localhost', '--no-open'], {
    cwd: SITE_DIR,
    env: { ...process.env, NODE_OPTIONS: nodeOptions(), BROWSER: 'none', BASE_URL: baseUrl },
    detached: true,
  });
  await waitForStart(server, 8 * 60_000);
  await waitForHttp(url('/docs/fhir-basics'), 5 * 60_000);
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  // The server runs in its own process group (detached): end the group, npx and all.
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

test('the development server indexes the docs at start-up', () => {
  assert.match(output, /\[dev-search\] indexed \d+ pages/);
});

test('search in the development server finds a page by its words', async () => {
  const context = await browser!.newContext();
  const page = await context.newPage();
  // The first request waits for the initial client compilation.
  await page.goto(url('/docs/fhir-basics'), { timeout: 8 * 60_000 });
  await page.locator('[data-search-ready]').waitFor({ timeout: 120_000 });
  await page.keyboard.press('Control+K');
  const box = page.getByRole('dialog', { name: 'Search the docs' }).getByRole('searchbox');
  await box.fill('chained search');
  await page
    .locator(`[role="dialog"] a[href="${withBase(baseUrl, '/docs/search/chained-search')}"]`)
    .first()
    .waitFor({ timeout: 30_000 });
  await context.close();
});
