/**
 * Loads a deployed bot file the way the server's vmcontext runtime does: the file's text is
 * placed inside a script that first declares `exports` and `module` (with `module.exports`
 * pointing at the same object), then an async block builds a MedplumClient and calls
 * `exports.handler(medplum, event)`. The script runs with `vm.runInNewContext` and a sandbox
 * holding the globals the runtime provides. Only the client's network calls are stubbed.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { ContentType, Hl7Message, MedplumClient } from '@medplum/core';

export interface VmRunResult {
  readonly returnValue: unknown;
  readonly logs: string[];
}

export async function runLikeVmContext(
  code: string,
  input: unknown,
  fetchStub: typeof fetch,
  timeoutMs = 10_000,
): Promise<VmRunResult> {
  const logs: string[] = [];
  const botConsole = {
    log: (...args: unknown[]) => logs.push(args.map(String).join(' ')),
    info: (...args: unknown[]) => logs.push(args.map(String).join(' ')),
    warn: (...args: unknown[]) => logs.push(args.map(String).join(' ')),
    error: (...args: unknown[]) => logs.push(args.map(String).join(' ')),
  };
  const sandbox = {
    console: botConsole,
    fetch: fetchStub,
    // The server resolves `require` against its own installation; here, against this repository.
    require: createRequire(path.resolve('package.json')),
    ContentType,
    Hl7Message,
    MedplumClient,
    TextDecoder,
    TextEncoder,
    URL,
    URLSearchParams,
    Headers,
    Request,
    Response,
    event: {
      bot: { reference: 'Bot/vm-test' },
      baseUrl: 'https://fhir.example.org/',
      accessToken: 'vm-test-token',
      input,
      contentType: ContentType.FHIR_JSON,
      secrets: {},
      traceId: 'vm-test-trace',
      headers: {},
    },
  };

  const script = [
    'const exports = {};',
    'const module = { exports };',
    code,
    '(async () => {',
    '  const medplum = new MedplumClient({ baseUrl: event.baseUrl, fetch: (url, init) => fetch(url, init) });',
    '  medplum.setAccessToken(event.accessToken);',
    '  const { bot, input, contentType, secrets, traceId, headers } = event;',
    '  return exports.handler(medplum, { bot, input, contentType, secrets, traceId, headers });',
    '})();',
  ].join('\n');

  const returnValue = await vm.runInNewContext(script, sandbox, { timeout: timeoutMs });
  return { returnValue, logs };
}
