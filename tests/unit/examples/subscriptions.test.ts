/**
 * Checks the Subscription examples: criteria parse with parseSearchRequest, FHIRPath criteria
 * evaluate as intended against sample resources (with %previous and %current set the way the
 * server sets them), signatures verify, and the example calls send the right requests.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import { evalFhirPath, parseSearchRequest, toTypedValue, validateResource } from '@medplum/core';
import type { AuditEvent, Bundle, Communication, Observation, Patient, Resource } from '@medplum/fhirtypes';
import { mockWithSearch } from './mock-with-search';
import { scriptedClient } from './support/scripted-fetch';
import {
  FHIRPATH_CRITERIA,
  SUBSCRIPTION_EXTENSIONS,
  auditEventDestination,
  successCodes,
} from '../../../examples/subscriptions/extensions';
import {
  createBotSubscription,
  createLabResultHook,
  verifyRestHook,
} from '../../../examples/subscriptions/publish-and-subscribe';
import {
  INBOX_CRITERIA,
  NEW_MESSAGE_PROPS,
  stopWatchingNewMessages,
  watchInbox,
  watchNewMessages,
} from '../../../examples/subscriptions/websocket';
import { recentAttempts, resend } from '../../../examples/subscriptions/debugging';

/** Evaluates a criteria expression the way the server does: on the current version, with both versions as variables. */
function fires(expression: string, previous: Resource | undefined, current: Resource): boolean {
  const result = evalFhirPath(expression, current, {
    '%previous': toTypedValue(previous ?? {}),
    '%current': toTypedValue(current),
  });
  return result[0] === true;
}

const obs = (status: Observation['status']): Observation => ({
  resourceType: 'Observation',
  status,
  code: { coding: [{ system: 'http://loinc.org', code: '2339-0' }] },
});

describe('subscriptions/criteria', () => {
  test('search criteria on the pages parse to the intended filters', () => {
    const cases: [string, string, [string, string][]][] = [
      ['Observation?category=laboratory', 'Observation', [['category', 'laboratory']]],
      [
        'Observation?category=laboratory&status=final',
        'Observation',
        [
          ['category', 'laboratory'],
          ['status', 'final'],
        ],
      ],
      [INBOX_CRITERIA('p1'), 'Communication', [['recipient', 'Practitioner/p1']]],
      ['Patient', 'Patient', []],
    ];
    for (const [criteria, type, filters] of cases) {
      const req = parseSearchRequest(criteria);
      assert.equal(req.resourceType, type, criteria);
      assert.deepEqual(
        (req.filters ?? []).map((f) => [f.code, f.value]),
        filters,
        criteria,
      );
    }
  });

  test('becameFinal fires on the transition into final only', () => {
    // On a delete the server passes the deleted resource as both versions: no notification.
    assert.equal(fires(FHIRPATH_CRITERIA.becameFinal, obs('final'), obs('final')), false);
    assert.equal(fires(FHIRPATH_CRITERIA.becameFinal, obs('preliminary'), obs('final')), true);
    assert.equal(fires(FHIRPATH_CRITERIA.becameFinal, undefined, obs('final')), true);
    assert.equal(fires(FHIRPATH_CRITERIA.becameFinal, obs('final'), obs('final')), false);
    assert.equal(fires(FHIRPATH_CRITERIA.becameFinal, obs('registered'), obs('preliminary')), false);
    // The pitfall the page warns about: a plain comparison with %previous is empty on a create.
    assert.equal(fires("%previous.status != 'final' and %current.status = 'final'", undefined, obs('final')), false);
  });

  test('phoneChanged fires when the phone number changes', () => {
    const withPhone = (value: string): Patient => ({ resourceType: 'Patient', telecom: [{ system: 'phone', value }] });
    assert.equal(fires(FHIRPATH_CRITERIA.phoneChanged, withPhone('555-0100'), withPhone('555-0199')), true);
    assert.equal(fires(FHIRPATH_CRITERIA.phoneChanged, withPhone('555-0100'), withPhone('555-0100')), false);
  });
});

describe('subscriptions/websocket', () => {
  test('subscriptions with and without properties are separate; events reach the matching listener', () => {
    const medplum = mockWithSearch();
    const all: Communication[] = [];
    const created: Communication[] = [];
    watchInbox(medplum, 'p1', (m) => all.push(m));
    watchNewMessages(medplum, 'p1', (m) => created.push(m));
    const manager = medplum.getSubscriptionManager();
    assert.equal(manager.getCriteriaCount(), 2);

    const message: Communication = {
      resourceType: 'Communication',
      id: 'c1',
      status: 'in-progress',
      payload: [{ contentString: 'hi' }],
    };
    const bundle: Bundle = {
      resourceType: 'Bundle',
      type: 'history',
      entry: [
        {
          resource: {
            resourceType: 'SubscriptionStatus',
            status: 'active',
            type: 'event-notification',
            subscription: { reference: 'Subscription/s1' },
          },
        },
        { resource: message },
      ],
    };
    manager.emitEventForCriteria(INBOX_CRITERIA('p1'), { type: 'message', payload: bundle }, NEW_MESSAGE_PROPS);
    assert.deepEqual(
      created.map((m) => m.id),
      ['c1'],
    );
    assert.equal(all.length, 0);

    // Both extensions are valid on a Subscription, with the URLs the server compares.
    assert.doesNotThrow(() =>
      validateResource({
        resourceType: 'Subscription',
        status: 'active',
        reason: 'ws',
        criteria: INBOX_CRITERIA('p1'),
        channel: { type: 'websocket' },
        ...NEW_MESSAGE_PROPS,
      }),
    );
    assert.deepEqual(
      NEW_MESSAGE_PROPS.extension?.map((e) => e.url),
      [SUBSCRIPTION_EXTENSIONS.supportedInteraction, SUBSCRIPTION_EXTENSIONS.fhirPathCriteria],
    );
    assert.equal(fires(NEW_MESSAGE_PROPS.extension?.[1]?.valueString as string, undefined, message), true);
    assert.equal(
      fires(NEW_MESSAGE_PROPS.extension?.[1]?.valueString as string, undefined, { ...message, payload: undefined }),
      false,
    );

    stopWatchingNewMessages(medplum, 'p1');
    assert.equal(manager.getCriteriaCount(), 1);
  });
});

describe('subscriptions/publish-and-subscribe', () => {
  test('the rest-hook subscription carries every extension with the exact URLs', async () => {
    const medplum = mockWithSearch();
    const sub = await createLabResultHook(medplum, 'https://lab.example.com/hooks/medplum', 'shh');
    assert.doesNotThrow(() => validateResource(sub));
    const urls = (sub.extension ?? []).map((e) => e.url);
    assert.deepEqual(urls, [
      SUBSCRIPTION_EXTENSIONS.fhirPathCriteria,
      'https://www.medplum.com/fhir/StructureDefinition/subscription-secret',
      SUBSCRIPTION_EXTENSIONS.maxAttempts,
    ]);
    const bot = await createBotSubscription(medplum, '0ef23271-4eb5-4ae3-8188-2e6600bc8c1d');
    assert.equal(bot.channel.endpoint, 'Bot/0ef23271-4eb5-4ae3-8188-2e6600bc8c1d');
    assert.doesNotThrow(() =>
      validateResource({
        ...bot,
        extension: [...(bot.extension ?? []), successCodes('200-299,404'), ...auditEventDestination('log', 'resource')],
      }),
    );
  });

  test('verifyRestHook accepts the server-style signature and rejects anything else', () => {
    const body = JSON.stringify(obs('final'));
    const signature = createHmac('sha256', 'shh').update(body).digest('hex');
    assert.equal(verifyRestHook(body, signature, 'shh'), true);
    assert.equal(verifyRestHook(body + '\n', signature, 'shh'), false);
    assert.equal(verifyRestHook(body, undefined, 'shh'), false);
  });
});

describe('subscriptions/debugging', () => {
  test('recentAttempts maps delivery AuditEvents to outcomes', async () => {
    const medplum = mockWithSearch();
    for (const [outcome, desc] of [
      ['4', 'Attempt 0 received status 500'],
      ['0', 'Attempt 1 received status 200'],
    ] as const) {
      await medplum.createResource<AuditEvent>({
        resourceType: 'AuditEvent',
        type: { code: 'transmit' },
        recorded: new Date().toISOString(),
        outcome,
        outcomeDesc: desc,
        agent: [{ requestor: false }],
        source: { observer: { reference: 'Subscription/2b0678e0-cc51-49a1-8fda-e7545cc67ce4' } },
        entity: [{ what: { reference: 'Subscription/2b0678e0-cc51-49a1-8fda-e7545cc67ce4' } }],
      });
    }
    const attempts = await recentAttempts(medplum, '2b0678e0-cc51-49a1-8fda-e7545cc67ce4');
    assert.equal(attempts.length, 2);
    assert.deepEqual(attempts.map((a) => a.ok).sort(), [false, true]);
  });

  test('resend posts to the $resend operation of the resource', async () => {
    // MockClient has no $resend; a scripted fetch answers as the server does and records the requests.
    const ok = { resourceType: 'OperationOutcome', issue: [{ severity: 'information', code: 'informational' }] };
    const { medplum, requests } = scriptedClient([
      { status: 200, body: ok },
      { status: 200, body: ok },
    ]);
    await resend(medplum, 'Patient', '119fe8c1-18e6-4d41-8ddb-d00ee515807b');
    await resend(
      medplum,
      'Patient',
      '119fe8c1-18e6-4d41-8ddb-d00ee515807b',
      'Subscription/2b0678e0-cc51-49a1-8fda-e7545cc67ce4',
    );
    assert.deepEqual(
      requests.map((r) => r.method),
      ['POST', 'POST'],
    );
    assert.match(requests[0].url.pathname, /\/fhir\/R4\/Patient\/119fe8c1-18e6-4d41-8ddb-d00ee515807b\/\$resend$/);
    assert.deepEqual(
      requests.map((r) => JSON.parse(r.body ?? 'null')),
      [{}, { subscription: 'Subscription/2b0678e0-cc51-49a1-8fda-e7545cc67ce4' }],
    );
  });
});
