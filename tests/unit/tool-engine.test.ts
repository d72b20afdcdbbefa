/**
 * The page's side of the tools' engine worker (src/components/tools/engine.ts), with a stand-in
 * Worker class: the time limit starts when the worker says the definitions are in, a run past it
 * ends the worker and the next run starts a fresh one, a slow download is reported as such, and
 * a new run supersedes one still going. The real worker runs in tests/browser/tools.test.ts.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import type { EngineRequest, EngineResponse } from '../../src/components/tools/engine-protocol';
import { LOAD_LIMIT_MS, TIME_LIMIT_MS } from '../../src/components/tools/engine-protocol';

/** Records what the page does with its workers; the test plays the worker's part. */
class FakeWorker {
  static made: FakeWorker[] = [];
  posted: EngineRequest[] = [];
  terminated = false;
  onmessage: ((event: { data: EngineResponse }) => void) | null = null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
  constructor(readonly url: URL) {
    FakeWorker.made.push(this);
  }
  postMessage(request: EngineRequest): void {
    this.posted.push(request);
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(data: EngineResponse): void {
    this.onmessage?.({ data });
  }
}

const request = { kind: 'validate' as const, baseUrl: '/', resource: { resourceType: 'Patient' } };

beforeEach(() => {
  FakeWorker.made = [];
  (globalThis as unknown as { Worker: unknown }).Worker = FakeWorker;
});
afterEach(() => {
  delete (globalThis as unknown as { Worker?: unknown }).Worker;
});

test('a run past the time limit ends its worker; the next run gets a fresh one', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { Engine, limitMessage } = await import('../../src/components/tools/engine');
  const engine = new Engine();
  const first = engine.run(request);
  const worker = FakeWorker.made[0];
  assert.match(worker.url.href, /engine\.worker\.ts$/);
  const id = worker.posted[0].id;
  // Downloading definitions does not count against the evaluation's time.
  t.mock.timers.tick(TIME_LIMIT_MS * 3);
  worker.reply({ id, kind: 'started' });
  t.mock.timers.tick(TIME_LIMIT_MS - 1);
  assert.equal(worker.terminated, false);
  t.mock.timers.tick(1);
  const outcome = await first;
  assert.deepEqual(outcome, { id, kind: 'time-limit', phase: 'run' });
  assert.equal(worker.terminated, true);
  assert.match(limitMessage(outcome, 'evaluation') ?? '', /ran past the time limit of 2 seconds/);

  const second = engine.run(request);
  assert.equal(FakeWorker.made.length, 2, 'a fresh worker');
  const fresh = FakeWorker.made[1];
  fresh.reply({ id: fresh.posted[0].id, kind: 'validate', issues: [] });
  assert.deepEqual(await second, { id: fresh.posted[0].id, kind: 'validate', issues: [] });
  assert.equal(fresh.terminated, false, 'a run that finished keeps its worker');
  engine.dispose();
});

test('definitions that never arrive are reported as a load problem, not a slow expression', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { Engine, limitMessage } = await import('../../src/components/tools/engine');
  const engine = new Engine();
  const run = engine.run(request);
  t.mock.timers.tick(LOAD_LIMIT_MS);
  const outcome = await run;
  assert.equal(outcome.kind === 'time-limit' && outcome.phase, 'load');
  assert.match(limitMessage(outcome, 'validation') ?? '', /definitions did not load within 30 seconds/);
  assert.equal(FakeWorker.made[0].terminated, true);
});

test('a new run supersedes one still going, and a late answer to the old one is ignored', async () => {
  const { Engine } = await import('../../src/components/tools/engine');
  const engine = new Engine();
  const old = engine.run(request);
  const oldWorker = FakeWorker.made[0];
  const next = engine.run(request);
  assert.equal((await old).kind, 'superseded');
  assert.equal(oldWorker.terminated, true);
  const worker = FakeWorker.made[1];
  oldWorker.reply({ id: oldWorker.posted[0].id, kind: 'validate', issues: [{ severity: 'error', code: 'invalid' }] });
  worker.reply({ id: worker.posted[0].id, kind: 'validate', issues: [] });
  assert.deepEqual(await next, { id: worker.posted[0].id, kind: 'validate', issues: [] });
  engine.dispose();
});

test('results past the size cap are described with their size', async () => {
  const { limitMessage } = await import('../../src/components/tools/engine');
  assert.match(
    limitMessage({ id: 1, kind: 'too-large', values: 1_594_323 }, 'evaluation') ?? '',
    /too large to show \(1,594,323 values; the limit is 10,000 values or 200,000 characters of JSON\)/,
  );
  assert.equal(limitMessage({ id: 1, kind: 'validate', issues: [] }, 'validation'), undefined);
});
