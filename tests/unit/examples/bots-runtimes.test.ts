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
  const created: Bot = {
    resourceType: 'Bot',
    id: 'd583a8e6-4696-4d32-b747-b2b2161102a3',
    name: 'adt-inbound',
    runtimeVersion: 'fission',
  };

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
    const bot = await createFissionBot(medplum, '5709cd7a-a002-40e5-9b22-18eb7b34148a', 'adt-inbound', HANDLER);

    assert.equal(bot.executableCode?.url, 'Binary/c1');
    assert.equal(requests[0].url.pathname, '/admin/projects/5709cd7a-a002-40e5-9b22-18eb7b34148a/bot');
    assert.deepEqual(JSON.parse(requests[0].body ?? ''), { name: 'adt-inbound', runtimeVersion: 'fission' });
    assert.equal(requests[1].url.pathname, '/fhir/R4/Bot/d583a8e6-4696-4d32-b747-b2b2161102a3/$deploy');
    assert.deepEqual(JSON.parse(requests[1].body ?? ''), { code: HANDLER, filename: 'index.js' });
    assert.equal(requests[2].method, 'GET');
  });

  test('a server without a fission config refuses the deploy', async () => {
    const { medplum } = scriptedClient([
      { status: 201, body: created },
      { status: 400, body: badRequest('Fission bots are not enabled') },
    ]);
    await assert.rejects(
      createFissionBot(medplum, '5709cd7a-a002-40e5-9b22-18eb7b34148a', 'adt-inbound', HANDLER),
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
    const code = {
      contentType: ContentType.JAVASCRIPT,
      url: 'Binary/d5e40271-a6ea-4cca-98b6-2fe15b512d97',
      title: 'index.js',
    };
    const bundle: Bundle<Bot> = {
      resourceType: 'Bundle',
      type: 'searchset',
      entry: [
        {
          resource: {
            resourceType: 'Bot',
            id: '7050eac9-5e76-41d7-9f4e-4daaa6b35e78',
            name: 'adt-inbound',
            runtimeVersion: 'awslambda',
            executableCode: code,
          },
        },
        {
          resource: {
            resourceType: 'Bot',
            id: '72e69495-c896-47ec-8c39-c954cb4ee7e0',
            name: 'draft',
            runtimeVersion: 'awslambda',
          },
        },
        {
          resource: {
            resourceType: 'Bot',
            id: '80c29c5e-81d6-4294-b686-478c48e2733e',
            name: 'lab-results',
            runtimeVersion: 'awslambda',
            executableCode: code,
          },
        },
        {
          resource: {
            resourceType: 'Bot',
            id: '41e8e62a-b194-46b0-9f15-436ce285f30f',
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
      [
        'POST /fhir/R4/Bot/7050eac9-5e76-41d7-9f4e-4daaa6b35e78/$deploy {}',
        'POST /fhir/R4/Bot/80c29c5e-81d6-4294-b686-478c48e2733e/$deploy {}',
      ],
    );
    assert.deepEqual(
      results.map((r) => [r.id, r.ok]),
      [
        ['7050eac9-5e76-41d7-9f4e-4daaa6b35e78', true],
        ['72e69495-c896-47ec-8c39-c954cb4ee7e0', false],
        ['80c29c5e-81d6-4294-b686-478c48e2733e', false],
      ],
    );
    assert.equal(results[1].message, 'no executable code to deploy');
    assert.match(results[2].message, /LayerVersionArn/);
  });
});
