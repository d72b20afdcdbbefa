/**
 * Runs the scheduling examples against MockClient and validates every resource they build.
 * MockClient has no $find, $book, $hold or $cancel; those tests stand in the server's answers and
 * check what the examples send and how they use what comes back.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  createReference,
  getHealthcareServiceSchedulingParameters,
  serviceTypeIncludesService,
  validateResource,
} from '@medplum/core';
import type { Appointment, Bundle, Patient, Practitioner, Schedule, Slot } from '@medplum/fhirtypes';
import type { WithId } from '@medplum/core';
import {
  bookedSlots,
  bookOpening,
  cancelAppointment,
  findOpenings,
  holdOpening,
  recordExternalBooking,
  schedulerSource,
} from '../../../examples/scheduling/booking';
import { buildFollowUpService, createClinicCalendar } from '../../../examples/scheduling/setup';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

describe('scheduling/setup', () => {
  test('the visit type carries its rules and the calendar offers it', async () => {
    loadFullDefinitions();
    const service = buildFollowUpService();
    assert.doesNotThrow(() => validateResource(service));
    assert.equal(getHealthcareServiceSchedulingParameters(service, 'duration')[0]?.valueDuration?.value, 30);
    assert.equal(getHealthcareServiceSchedulingParameters(service, 'timezone')[0]?.valueCode, 'America/New_York');

    const medplum = mockWithSearch();
    const { schedule, service: stored, practitioner } = await createClinicCalendar(medplum);
    [schedule, stored, practitioner].forEach((r) => assert.doesNotThrow(() => validateResource(r)));
    assert.ok(serviceTypeIncludesService(schedule.serviceType, stored));
    assert.equal(schedule.actor[0].reference, `Practitioner/${practitioner.id}`);
  });
});

/**
 * A 30-minute opening as `$find` proposes it: status proposed, the practitioner still to accept, and
 * the Slots it would occupy (the visit itself as `busy`, the 10-minute buffer as `busy-unavailable`).
 */
function proposedOffer(practitioner: WithId<Practitioner>, schedule: WithId<Schedule>): Appointment {
  return {
    resourceType: 'Appointment',
    status: 'proposed',
    start: '2026-12-01T14:00:00.000Z',
    end: '2026-12-01T14:30:00.000Z',
    serviceType: schedule.serviceType,
    participant: [{ actor: createReference(practitioner), required: 'required', status: 'needs-action' }],
    contained: [
      {
        resourceType: 'Slot',
        schedule: createReference(schedule),
        status: 'busy',
        start: '2026-12-01T14:00:00.000Z',
        end: '2026-12-01T14:30:00.000Z',
        serviceType: schedule.serviceType,
      },
      {
        resourceType: 'Slot',
        schedule: createReference(schedule),
        status: 'busy-unavailable',
        start: '2026-12-01T14:30:00.000Z',
        end: '2026-12-01T14:40:00.000Z',
        comment: 'buffer after appointment',
      },
    ],
  };
}

describe('scheduling/booking', () => {
  test('findOpenings sends the $find parameters and returns the proposed appointments', async () => {
    const medplum = mockWithSearch();
    const { schedule, service, practitioner } = await createClinicCalendar(medplum);
    const offer = proposedOffer(practitioner, schedule);
    let seen: URL | undefined;
    medplum.get = (async (url: URL | string) => {
      seen = new URL(String(url));
      return { resourceType: 'Bundle', type: 'searchset', entry: [{ resource: offer }] } satisfies Bundle;
    }) as typeof medplum.get;

    const offers = await findOpenings(medplum, schedule, service, '2026-12-01T00:00:00Z', '2026-12-08T00:00:00Z', 5);
    assert.ok(seen?.pathname.endsWith('/Appointment/$find'));
    assert.equal(seen?.searchParams.get('schedule'), `Schedule/${schedule.id}`);
    assert.equal(seen?.searchParams.get('service-type-reference'), `HealthcareService/${service.id}`);
    assert.equal(seen?.searchParams.get('_count'), '5');
    assert.equal(offers.length, 1);
    assert.doesNotThrow(() => validateResource(offers[0]));
  });

  test('bookOpening posts the busy Slot and the patient to $book and returns the booked appointment', async () => {
    const medplum = mockWithSearch();
    const { schedule, practitioner } = await createClinicCalendar(medplum);
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Reyes' }] });
    const offer = proposedOffer(practitioner, schedule);
    // What the server does on success: busy and buffer Slots and a booked Appointment, answered as a Bundle.
    const realPost = medplum.post.bind(medplum) as (...args: unknown[]) => Promise<unknown>;
    let sent: { parameter: { name: string; resource?: Slot; valueReference?: { reference?: string } }[] } | undefined;
    medplum.post = (async (url: URL | string, body: unknown, ...rest: unknown[]) => {
      if (!String(url).includes('$book')) {
        return realPost(url, body, ...rest);
      }
      sent = body as typeof sent;
      const slot = await medplum.createResource<Slot>({ ...(sent?.parameter[0].resource as Slot), status: 'busy' });
      const appointment = await medplum.createResource<Appointment>({
        resourceType: 'Appointment',
        status: 'booked',
        start: offer.start,
        end: offer.end,
        slot: [createReference(slot)],
        participant: [
          { actor: createReference(practitioner), status: 'tentative' },
          { actor: createReference(patient), status: 'accepted' },
        ],
      });
      return { resourceType: 'Bundle', type: 'searchset', entry: [{ resource: appointment }, { resource: slot }] };
    }) as typeof medplum.post;

    const { appointment, slots } = await bookOpening(medplum, offer, patient as Patient & { id: string });
    assert.deepEqual(
      sent?.parameter.map((p) => p.name),
      ['slot', 'patient-reference'],
    );
    assert.equal(sent?.parameter[0].resource?.status, 'busy');
    assert.equal(sent?.parameter[1].valueReference?.reference, `Patient/${patient.id}`);
    assert.equal(appointment.status, 'booked');
    assert.deepEqual(
      appointment.participant.map((p) => p.actor?.reference),
      [`Practitioner/${practitioner.id}`, `Patient/${patient.id}`],
    );
    assert.doesNotThrow(() => validateResource(appointment));
    assert.equal(slots[0].status, 'busy');
    await assert.rejects(bookOpening(medplum, { ...offer, contained: [] }, patient as Patient & { id: string }));
  });

  test('holdOpening posts the whole offer to $hold; cancelAppointment posts to Appointment/{id}/$cancel', async () => {
    const medplum = mockWithSearch();
    const { schedule, practitioner } = await createClinicCalendar(medplum);
    const offer = proposedOffer(practitioner, schedule);
    const urls: string[] = [];
    let sent: { parameter?: { name: string; resource?: Appointment }[] } | undefined;
    const realPost = medplum.post.bind(medplum) as (...args: unknown[]) => Promise<unknown>;
    medplum.post = (async (url: URL | string, body: unknown, ...rest: unknown[]) => {
      if (!String(url).includes('/$')) {
        return realPost(url, body, ...rest);
      }
      urls.push(new URL(String(url)).pathname);
      if (String(url).includes('$hold')) {
        sent = body as typeof sent;
        const { contained: _contained, ...rest } = offer;
        const held = await medplum.createResource<Appointment>({ ...rest, status: 'pending' });
        return { resourceType: 'Bundle', type: 'transaction-response', entry: [{ resource: held }] };
      }
      return {
        resourceType: 'Parameters',
        parameter: [{ name: 'return', resource: { ...offer, id: 'x', status: 'cancelled' } }],
      };
    }) as typeof medplum.post;

    const held = await holdOpening(medplum, offer);
    assert.deepEqual(
      sent?.parameter?.map((p) => p.name),
      ['appointment'],
    );
    assert.equal(sent?.parameter?.[0].resource?.contained?.length, 2);
    assert.equal(held.status, 'pending');
    const cancelled = await cancelAppointment(medplum, held);
    assert.ok(urls[1].endsWith(`/Appointment/${held.id}/$cancel`));
    assert.equal(cancelled.status, 'cancelled');
  });

  test('recordExternalBooking writes a busy Slot and a booked Appointment directly', async () => {
    const medplum = mockWithSearch();
    const { schedule, practitioner } = await createClinicCalendar(medplum);
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Ito' }] });
    const appointment = await recordExternalBooking(
      medplum,
      schedule,
      patient as Patient & { id: string },
      '2026-12-02T15:00:00Z',
      '2026-12-02T15:30:00Z',
    );
    assert.doesNotThrow(() => validateResource(appointment));
    assert.equal(appointment.participant.length, 2);
    assert.equal(appointment.participant[0].actor?.reference, `Practitioner/${practitioner.id}`);
    const day = await bookedSlots(medplum, schedule, '2026-12-02');
    assert.equal(day.length, 1);
    assert.equal(appointment.slot?.[0]?.reference, `Slot/${day[0].id}`);
  });

  test('schedulerSource shows $find offers as free Slots and maps a picked Slot back to its offer', async () => {
    loadFullDefinitions();
    const medplum = mockWithSearch();
    const { schedule, service, practitioner } = await createClinicCalendar(medplum);
    const offer = (start: string, end: string): Appointment => ({
      resourceType: 'Appointment',
      status: 'proposed',
      start,
      end,
      participant: [{ actor: createReference(practitioner), status: 'needs-action' }],
    });
    const offers = [
      offer('2026-12-01T14:00:00.000Z', '2026-12-01T14:30:00.000Z'),
      offer('2026-12-01T14:40:00.000Z', '2026-12-01T15:10:00.000Z'),
    ];
    const answer: Bundle<Appointment> = {
      resourceType: 'Bundle',
      type: 'searchset',
      entry: offers.map((resource) => ({ resource })),
    };
    medplum.get = (async () => answer) as unknown as typeof medplum.get;

    const source = schedulerSource(medplum, schedule, service);
    const slots = await source.fetchSlots({ start: '2026-12-01T00:00:00Z', end: '2026-12-31T00:00:00Z' });
    assert.equal(slots.length, 2);
    slots.forEach((slot) => assert.doesNotThrow(() => validateResource(slot)));
    assert.equal(slots[1].status, 'free');
    assert.equal(source.offerFor(slots[1]), offers[1]);
    assert.deepEqual(await source.fetchSlots({}), []);
  });
});
