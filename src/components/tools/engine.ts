/**
 * The page's side of engine.worker.ts: one run at a time, each with a time limit.
 *
 * A run that passes TIME_LIMIT_MS cannot be interrupted inside the worker (evaluation is
 * synchronous there), so the worker is terminated and the run reported as stopped; the next
 * run starts a fresh worker, which loads its definitions again. A new run while one is still
 * going supersedes it the same way: its answer is no longer wanted, and a runaway expression
 * must not keep a core busy after the reader has moved on.
 */
import { useEffect, useState } from 'react';
import {
  type EngineOutcome,
  type EngineRequest,
  type EngineResponse,
  LOAD_LIMIT_MS,
  MAX_RESULT_CHARS,
  MAX_RESULT_VALUES,
  TIME_LIMIT_MS,
} from './engine-protocol';
import { formatCount } from './format-count';

type Pending = { id: number; settle: (outcome: EngineOutcome) => void; timer: ReturnType<typeof setTimeout> };

/** Distributes an Omit over a union, so each request kind keeps its own fields. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export class Engine {
  private worker: Worker | undefined;
  private pending: Pending | undefined;
  private nextId = 1;

  private start(): Worker {
    // The literal `new Worker(new URL(…, import.meta.url))` is what the bundler recognises: it
    // builds the worker as its own chunk, loaded only when a tool creates it.
    const worker = new Worker(new URL('./engine.worker.ts', import.meta.url));
    worker.onmessage = (event: MessageEvent<EngineResponse>) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.finish({ id: this.pending?.id ?? 0, kind: 'error', message: event.message || 'The engine stopped.' });
      this.stop();
    };
    return worker;
  }

  /** Ends the worker; the next run starts a new one. */
  private stop(): void {
    this.worker?.terminate();
    this.worker = undefined;
  }

  private finish(outcome: EngineOutcome): void {
    const pending = this.pending;
    if (!pending || pending.id !== outcome.id) return;
    clearTimeout(pending.timer);
    this.pending = undefined;
    pending.settle(outcome);
  }

  private limit(id: number, ms: number, phase: 'load' | 'run'): ReturnType<typeof setTimeout> {
    return setTimeout(() => {
      if (this.pending?.id !== id) return;
      this.stop();
      this.finish({ id, kind: 'time-limit', phase });
    }, ms);
  }

  private receive(response: EngineResponse): void {
    const pending = this.pending;
    if (!pending || pending.id !== response.id) return;
    if (response.kind === 'started') {
      // Definitions are in; the evaluation itself gets TIME_LIMIT_MS from now.
      clearTimeout(pending.timer);
      pending.timer = this.limit(response.id, TIME_LIMIT_MS, 'run');
      return;
    }
    this.finish(response);
  }

  run(request: WithoutId<EngineRequest>): Promise<EngineOutcome> {
    if (this.pending) {
      // The worker is busy with an answer nobody wants any more.
      const { id } = this.pending;
      this.stop();
      this.finish({ id, kind: 'superseded' });
    }
    const id = this.nextId++;
    this.worker ??= this.start();
    const worker = this.worker;
    return new Promise<EngineOutcome>((settle) => {
      this.pending = { id, settle, timer: this.limit(id, LOAD_LIMIT_MS, 'load') };
      worker.postMessage({ ...request, id } as EngineRequest);
    });
  }

  dispose(): void {
    if (this.pending) this.finish({ id: this.pending.id, kind: 'superseded' });
    this.stop();
  }
}

/** One engine per mounted tool, ended when the tool unmounts. */
export function useEngine(): Engine {
  const [engine] = useState(() => new Engine());
  useEffect(() => () => engine.dispose(), [engine]);
  return engine;
}

/** The sentence a tool shows when a run hit a limit, or undefined. */
export function limitMessage(
  outcome: EngineOutcome,
  what: 'evaluation' | 'validation' | 'parsing',
): string | undefined {
  // What the reader can shorten to get an answer.
  const input = { evaluation: 'expression', validation: 'resource', parsing: 'query' }[what];
  if (outcome.kind === 'time-limit' && outcome.phase === 'load') {
    return `Stopped: the FHIR definitions did not load within ${LOAD_LIMIT_MS / 1000} seconds. Check the connection; the next edit tries again.`;
  }
  if (outcome.kind === 'time-limit') {
    return `Stopped: the ${what} ran past the time limit of ${TIME_LIMIT_MS / 1000} seconds and was cancelled, so the page stays responsive. Nothing real takes that long; simplify the ${input} and it runs again.`;
  }
  if (outcome.kind === 'too-large') {
    const size =
      outcome.values !== undefined
        ? `${formatCount(outcome.values)} ${what === 'evaluation' ? 'values' : 'issues'}`
        : `${formatCount(outcome.chars ?? 0)} characters`;
    return `Stopped: the result is too large to show (${size}; the limit is ${formatCount(MAX_RESULT_VALUES)} values or ${formatCount(MAX_RESULT_CHARS)} characters of JSON). Narrow the ${input} to see it.`;
  }
  return undefined;
}
