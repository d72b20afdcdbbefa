/**
 * Runs examples/bots/runtimes.ts: the runtime inventory against MockClient (and a real server),
 * moving a bot to another runtime, and the Fission and Lambda deploy helpers with the answers the
 * server gives (scripted, since those runtimes need Kubernetes or AWS).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { allOk, badRequest, ContentType } from '@medplum/core';
import type { Binary, Bot, Bundle } from '@medplum/fhirtypes';
import {
  botRuntimeInventory,
  createFissionBot,
  fissionObjectNames,
  moveBotToRuntime,
  redeployBots,
} from '../../../examples/bots/runtimes';
import { onServer } from '../../server/on-server';
import { mockWithSearch } from './mock-with-search';
import { scriptedClient } from './support/scripted-fetch';
import { serverRecordingClient } from './support/server-client';

const HANDLER = 'exports.handler = async (medplum, event) => ({ ran: true, input: event.input });';

describe('bots/runtimes: inventory', () => {
  test('groups the bots by runtimeVersion and marks those with executable code', async () => {
    const medplum = mockWithSearch();
    const code = await medplum.createResource<Binary>({ resourceType: 'Binary', contentType: ContentType.JAVASCRIPT });
    const executableCode = { contentType: ContentType.JAVASCRIPT, url: `Binary/${code.id}`, title: 'index.js' };
    const welcome = await medplum.createResource<Bot>({
      resourceType: 'Bot',
      name: 'welcome-call',
      runtimeVersion: 'vmcontext',
      executableCode,
    });
    const lab = await medplum.createResource<Bot>({
      resourceType: 'Bot',
      name: 'lab-results',
      runtimeVersion: 'awslambda',
    });
    const draft = await medplum.createResource<Bot>({ resourceType: 'Bot', name: 'draft' });

    const inventory = await botRuntimeInventory(medplum);

    assert.deepEqual(inventory.vmcontext, [{ id: welcome.id, name: 'welcome-call', deployable: true }]);
    assert.deepEqual(inventory.awslambda, [{ id: lab.id, name: 'lab-results', deployable: false }]);
    // MockClient also seeds a bot without a runtime; a new project on a server has none.
    assert.deepEqual(
      inventory.none?.find((entry) => entry.id === draft.id),
      { id: draft.id, name: 'draft', deployable: false },
    );
    assert.equal(inventory.fission, undefined);
  });
});

describe('bots/runtimes: move a bot to another runtime', () => {
  test('switches runtimeVersion and deploys the stored code without sending any', async () => {
    const server = onServer ? serverRecordingClient() : undefined;
    let botId = 'bot-1';
    if (server) {
      // A bot with deployed code that was then left on the default awslambda runtime.
      const created = await server.backend.createResource<Bot>({
        resourceType: 'Bot',
        name: 'welcome-call',
        runtimeVersion: 'vmcontext',
      });
      botId = created.id as string;
      await server.backend.post(server.backend.fhirUrl('Bot', botId, '$deploy'), { code: HANDLER });
      const deployed = await server.backend.readResource('Bot', botId);
      await server.backend.updateResource<Bot>({ ...deployed, runtimeVersion: 'awslambda' });
    }
    const stored: Bot = {
      resourceType: 'Bot',
      id: botId,
      meta: { versionId: '2' },
      name: 'welcome-call',
      runtimeVersion: 'awslambda',
      executableCode: { contentType: ContentType.JAVASCRIPT, url: 'Binary/code-1', title: 'index.js' },
    };
    const { medplum, requests } =
      server ??
      scriptedClient([
        { status: 200, body: stored },
        { status: 200, body: { ...stored, meta: { versionId: '3' }, runtimeVersion: 'vmcontext' } },
        { status: 200, body: allOk },
      ]);

    const moved = await moveBotToRuntime(medplum, botId, 'vmcontext');

    assert.equal(moved.runtimeVersion, 'vmcontext');
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.url.pathname}`),
      [`GET /fhir/R4/Bot/${botId}`, `PUT /fhir/R4/Bot/${botId}`, `POST /fhir/R4/Bot/${botId}/$deploy`],
    );
    assert.equal(JSON.parse(requests[1].body ?? '{}').runtimeVersion, 'vmcontext');
    assert.deepEqual(JSON.parse(requests[2].body ?? ''), {});
    if (server) {
      // The moved bot now runs on vmcontext, with the code it already had.
      const result = await server.backend.executeBot(botId, { resourceType: 'Patient' }, ContentType.FHIR_JSON);
      assert.deepEqual(result, { ran: true, input: { resourceType: 'Patient' } });
    }
  });

  test('refuses a bot without executable code before changing anything', async () => {
    const { medplum, requests } = scriptedClient([
      { status: 200, body: { resourceType: 'Bot', id: 'bot-2', name: 'draft', runtimeVersion: 'awslambda' } },
    ]);
    await assert.rejects(moveBotToRuntime(medplum, 'bot-2', 'vmcontext'), /has no executable code/);
    assert.equal(requests.length, 1);
  });
});

describe('bots/runtimes: Fission', { skip: onServer && 'scripted: the verify server runs no Fission' }, () => {
  const created: Bot = { resourceType: 'Bot', id: 'b1', name: 'adt-inbound', runtimeVersion: 'fission' };

  test('creates the bot with runtimeVersion fission, deploys the code, reads the bot back', async () => {
    const { medplum, requests } = scriptedClient([
      { status: 201, body: created },
      { status: 200, body: allOk },
      {
        status: 200,
        body: {
          ...created,
          executableCode: { contentType: ContentType.JAVASCRIPT, url: 'Binary/c1', title: 'index.js' },
        },
      },
    ]);
    const bot = await createFissionBot(medplum, 'project-1', 'adt-inbound', HANDLER);

    assert.equal(bot.executableCode?.url, 'Binary/c1');
    assert.equal(requests[0].url.pathname, '/admin/projects/project-1/bot');
    assert.deepEqual(JSON.parse(requests[0].body ?? ''), { name: 'adt-inbound', runtimeVersion: 'fission' });
    assert.equal(requests[1].url.pathname, '/fhir/R4/Bot/b1/$deploy');
    assert.deepEqual(JSON.parse(requests[1].body ?? ''), { code: HANDLER, filename: 'index.js' });
    assert.equal(requests[2].method, 'GET');
  });

  test('a server without a fission config refuses the deploy', async () => {
    const { medplum } = scriptedClient([
      { status: 201, body: created },
      { status: 400, body: badRequest('Fission bots are not enabled') },
    ]);
    await assert.rejects(
      createFissionBot(medplum, 'project-1', 'adt-inbound', HANDLER),
      /Fission bots are not enabled/,
    );
  });

  test('names the Fission objects of a bot', () => {
    assert.deepEqual(fissionObjectNames('42361d65-eba2-4566-a28b-c1d067366a29'), {
      functionName: 'bot-function-42361d65-eba2-4566-a28b-c1d067366a29',
      triggerName: 'bot-trigger-42361d65-eba2-4566-a28b-c1d067366a29',
      routerPath: '/bot-42361d65-eba2-4566-a28b-c1d067366a29',
      packagePrefix: 'bot-package-42361d65-eba2-4566-a28b-c1d067366a29-',
    });
  });
});

describe('bots/runtimes: redeploy', { skip: onServer && 'scripted: awslambda deploys call AWS Lambda' }, () => {
  test('deploys each awslambda bot with code, one at a time, and collects failures', async () => {
    const code = { contentType: ContentType.JAVASCRIPT, url: 'Binary/c', title: 'index.js' };
    const bundle: Bundle<Bot> = {
      resourceType: 'Bundle',
      type: 'searchset',
      entry: [
        {
          resource: {
            resourceType: 'Bot',
            id: 'a',
            name: 'adt-inbound',
            runtimeVersion: 'awslambda',
            executableCode: code,
          },
        },
        { resource: { resourceType: 'Bot', id: 'b', name: 'draft', runtimeVersion: 'awslambda' } },
        {
          resource: {
            resourceType: 'Bot',
            id: 'c',
            name: 'lab-results',
            runtimeVersion: 'awslambda',
            executableCode: code,
          },
        },
        {
          resource: {
            resourceType: 'Bot',
            id: 'd',
            name: 'welcome-call',
            runtimeVersion: 'vmcontext',
            executableCode: code,
          },
        },
      ],
    };
    const { medplum, requests } = scriptedClient([
      { status: 200, body: bundle },
      { status: 200, body: allOk },
      { status: 400, body: badRequest("Cannot read properties of undefined (reading 'LayerVersionArn')") },
    ]);

    const results = await redeployBots(medplum, 'awslambda');

    assert.equal(requests[0].url.pathname, '/fhir/R4/Bot');
    assert.equal(requests[0].url.searchParams.get('_count'), '100');
    assert.deepEqual(
      requests.slice(1).map((r) => `${r.method} ${r.url.pathname} ${r.body}`),
      ['POST /fhir/R4/Bot/a/$deploy {}', 'POST /fhir/R4/Bot/c/$deploy {}'],
    );
    assert.deepEqual(
      results.map((r) => [r.id, r.ok]),
      [
        ['a', true],
        ['b', false],
        ['c', false],
      ],
    );
    assert.equal(results[1].message, 'no executable code to deploy');
    assert.match(results[2].message, /LayerVersionArn/);
  });
});
