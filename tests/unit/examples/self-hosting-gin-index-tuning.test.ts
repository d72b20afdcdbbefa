/**
 * $db-indexes and $db-configure-indexes are super admin operations that only a real server
 * answers. The scripted tests check the requests and the parsing against
 * packages/server/src/fhir/operations/dbindexes.ts and db-configure-indexes.ts; the server tests
 * change the GIN indexes of one small table and put them back.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Parameters } from '@medplum/fhirtypes';
import { onServer } from '../../server/on-server';
import { scriptedClient, SCRIPTED_BASE } from './support/scripted-fetch';
import { superAdminClient } from './support/server-setup';
import { configureGinIndexes, readGinSettings } from '../../../examples/self-hosting/gin-index-tuning';

const scriptedOnly = { skip: onServer && 'scripted answers; the server half is in "on the server" below' };

describe('self-hosting/gin-index-tuning', () => {
  test('readGinSettings sends one comma-separated tableName and reads each index', scriptedOnly, async () => {
    const { medplum, requests } = scriptedClient([
      {
        status: 200,
        body: {
          resourceType: 'Parameters',
          parameter: [
            { name: 'defaultGinPendingListLimit', valueInteger: 4096 },
            {
              name: 'index',
              part: [
                { name: 'schemaName', valueString: 'public' },
                { name: 'tableName', valueString: 'Observation' },
                { name: 'indexName', valueString: 'Observation___code_idx' },
                { name: 'indexOptions', valueString: '{fastupdate=false,gin_pending_list_limit=1024}' },
                { name: 'fastUpdate', valueBoolean: false },
                { name: 'ginPendingListLimit', valueInteger: 1024 },
              ],
            },
            {
              name: 'index',
              part: [
                { name: 'schemaName', valueString: 'public' },
                { name: 'tableName', valueString: 'Encounter' },
                { name: 'indexName', valueString: 'Encounter_compartments_idx' },
              ],
            },
          ],
        } satisfies Parameters,
      },
    ]);
    const settings = await readGinSettings(medplum, ['Observation', 'Encounter']);
    assert.equal(requests[0].method, 'GET');
    assert.equal(requests[0].url.pathname, '/fhir/R4/$db-indexes');
    assert.deepEqual(requests[0].url.searchParams.getAll('tableName'), ['Observation,Encounter']);
    assert.equal(settings.defaultPendingListLimitKb, 4096);
    assert.deepEqual(settings.indexes, [
      { table: 'Observation', index: 'Observation___code_idx', fastUpdate: false, pendingListLimitKb: 1024 },
      { table: 'Encounter', index: 'Encounter_compartments_idx', fastUpdate: undefined, pendingListLimitKb: undefined },
    ]);
  });

  test(
    'configureGinIndexes posts the actions asynchronously and returns the SQL of the finished job',
    scriptedOnly,
    async () => {
      const status = `${SCRIPTED_BASE}fhir/R4/job/0b5e1a9e-2f0c-4c52-9a55-3c1f2d8a7e10/status`;
      const { medplum, requests } = scriptedClient([
        {
          status: 202,
          headers: { 'content-location': status },
          body: {
            resourceType: 'OperationOutcome',
            id: 'accepted',
            issue: [{ severity: 'information', code: 'informational', diagnostics: status }],
          },
        },
        {
          status: 200,
          body: {
            resourceType: 'AsyncJob',
            id: '0b5e1a9e-2f0c-4c52-9a55-3c1f2d8a7e10',
            status: 'completed',
            request: `${SCRIPTED_BASE}fhir/R4/$db-configure-indexes`,
            requestTime: '2026-11-25T09:30:00.000Z',
            output: {
              resourceType: 'Parameters',
              parameter: [
                {
                  name: 'action',
                  part: [
                    {
                      name: 'sql',
                      valueString:
                        'ALTER INDEX public."Observation___code_idx" SET (fastupdate = false, gin_pending_list_limit = 1024)',
                    },
                  ],
                },
                {
                  name: 'action',
                  part: [
                    { name: 'sql', valueString: 'VACUUM "Observation"' },
                    { name: 'durationMs', valueInteger: 12 },
                  ],
                },
              ],
            },
          },
        },
      ]);
      const sql = await configureGinIndexes(medplum, ['Observation'], { fastUpdate: false, pendingListLimitKb: 1024 });
      assert.equal(requests[0].method, 'POST');
      assert.equal(requests[0].url.pathname, '/fhir/R4/$db-configure-indexes');
      assert.equal(requests[0].headers['prefer'], 'respond-async');
      assert.deepEqual(JSON.parse(requests[0].body as string), {
        resourceType: 'Parameters',
        parameter: [
          { name: 'tableName', valueString: 'Observation' },
          { name: 'fastUpdateAction', valueString: 'set' },
          { name: 'fastUpdateValue', valueBoolean: false },
          { name: 'ginPendingListLimitAction', valueString: 'set' },
          { name: 'ginPendingListLimitValue', valueInteger: 1024 },
        ],
      });
      assert.equal(requests[1].method, 'GET');
      assert.equal(requests[1].url.toString(), status);
      assert.equal(sql.length, 2);
      assert.match(sql[1], /^VACUUM "Observation"$/);
    },
  );

  test('configureGinIndexes sends reset actions without values', scriptedOnly, async () => {
    const { medplum, requests } = scriptedClient([
      {
        status: 200,
        body: { resourceType: 'AsyncJob', status: 'completed', request: 'x', requestTime: '2026-11-25T09:30:00.000Z' },
      },
    ]);
    const sql = await configureGinIndexes(medplum, ['Observation', 'Encounter'], {
      fastUpdate: 'reset',
      pendingListLimitKb: 'reset',
    });
    assert.deepEqual(sql, []);
    assert.deepEqual(JSON.parse(requests[0].body as string).parameter, [
      { name: 'tableName', valueString: 'Observation' },
      { name: 'tableName', valueString: 'Encounter' },
      { name: 'fastUpdateAction', valueString: 'reset' },
      { name: 'ginPendingListLimitAction', valueString: 'reset' },
    ]);
  });
});

/** On the server: change the GIN indexes of one rarely used table, read them back, reset them. */
describe('self-hosting/gin-index-tuning on the server', { skip: !onServer }, () => {
  const table = 'ImmunizationEvaluation';

  test('readGinSettings lists the GIN indexes of a table with the server default', async () => {
    const medplum = await superAdminClient();
    const settings = await readGinSettings(medplum, [table]);
    assert.equal(settings.defaultPendingListLimitKb, 4096);
    const names = settings.indexes.map((i) => i.index);
    assert.ok(names.includes(`${table}_compartments_idx`), names.join(', '));
    assert.ok(names.includes(`${table}___sharedTokens_idx`), names.join(', '));
    assert.ok(settings.indexes.every((i) => i.table === table));
  });

  test('configureGinIndexes sets fastupdate and the pending list limit, and resets them', async () => {
    const medplum = await superAdminClient();
    const sql = await configureGinIndexes(medplum, [table], { fastUpdate: false, pendingListLimitKb: 1024 });
    assert.ok(
      sql.some((s) => /^ALTER INDEX .* SET \(fastupdate = false, gin_pending_list_limit = 1024\)$/.test(s)),
      sql.join('\n'),
    );
    assert.ok(sql.includes(`VACUUM "${table}"`), sql.join('\n'));
    const changed = await readGinSettings(medplum, [table]);
    assert.ok(changed.indexes.length > 0);
    assert.ok(changed.indexes.every((i) => i.fastUpdate === false && i.pendingListLimitKb === 1024));

    const reset = await configureGinIndexes(medplum, [table], { fastUpdate: 'reset', pendingListLimitKb: 'reset' });
    assert.ok(
      reset.every((s) => /^ALTER INDEX .* RESET \(fastupdate, gin_pending_list_limit\)$/.test(s)),
      reset.join('\n'),
    );
    const back = await readGinSettings(medplum, [table]);
    assert.ok(back.indexes.every((i) => i.fastUpdate === undefined && i.pendingListLimitKb === undefined));
  });
});
