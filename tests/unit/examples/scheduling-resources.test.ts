/**
 * Runs the rooms, blocked-time and licensure examples against MockClient (with the full Medplum
 * search parameters loaded) and validates every resource they build.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type {
  Appointment,
  Location,
  Organization,
  Patient,
  Practitioner,
  PractitionerRole,
  Slot,
} from '@medplum/fhirtypes';
import {
  blockTime,
  bookedDuring,
  bookRoomAndPractitioner,
  coveredRange,
  createCalendars,
  createClinicRooms,
  findConflicts,
  INTERNAL_MEDICINE,
  listRooms,
  practitionersLicensedIn,
  stateLicense,
} from '../../../examples/scheduling/resources';
import { mockWithSearch } from './mock-with-search';

async function clinic() {
  const medplum = mockWithSearch();
  const { building, room } = await createClinicRooms(medplum);
  const practitioner = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ family: 'Okafor', given: ['Ada'] }],
  });
  const patient = await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ family: 'Lindgren', given: ['Tobias'] }],
  });
  const calendars = await createCalendars(medplum, building, room, practitioner);
  return { medplum, building, room, practitioner, patient, ...calendars };
}

describe('scheduling/resources', () => {
  test('rooms sit inside the building and are found by partof and physical-type', async () => {
    const { medplum, building, room, service, roomSchedule, doctorSchedule } = await clinic();
    [building, room, service, roomSchedule, doctorSchedule].forEach((r) =>
      assert.doesNotThrow(() => validateResource(r)),
    );
    assert.equal(room.partOf?.reference, `Location/${building.id}`);
    assert.equal(roomSchedule.actor[0].reference, `Location/${room.id}`);
    const rooms = await listRooms(medplum, building);
    assert.deepEqual(
      rooms.map((r) => r.id),
      [room.id],
    );
  });

  test('blocked time is a busy-unavailable Slot and shows up as a conflict', async () => {
    const { medplum, roomSchedule, doctorSchedule } = await clinic();
    const block = await blockTime(medplum, roomSchedule, '2026-12-02T17:00:00Z', '2026-12-02T18:00:00Z', 'Deep clean');
    assert.doesNotThrow(() => validateResource(block));
    assert.equal(block.status, 'busy-unavailable');
    // Overlapping, touching and distant windows.
    assert.equal(
      (await findConflicts(medplum, [roomSchedule], '2026-12-02T17:30:00Z', '2026-12-02T18:30:00Z')).length,
      1,
    );
    assert.equal(
      (await findConflicts(medplum, [roomSchedule], '2026-12-02T16:00:00Z', '2026-12-02T19:00:00Z')).length,
      1,
    );
    assert.equal(
      (await findConflicts(medplum, [roomSchedule], '2026-12-02T18:00:00Z', '2026-12-02T18:30:00Z')).length,
      0,
    );
    assert.equal(
      (await findConflicts(medplum, [doctorSchedule], '2026-12-02T17:30:00Z', '2026-12-02T18:30:00Z')).length,
      0,
    );
    // A tentative hold on the doctor's calendar counts as taken too.
    const hold = await medplum.createResource<Slot>({
      resourceType: 'Slot',
      schedule: { reference: `Schedule/${doctorSchedule.id}` },
      status: 'busy-tentative',
      start: '2026-12-02T17:00:00Z',
      end: '2026-12-02T17:30:00Z',
    });
    assert.doesNotThrow(() => validateResource(hold));
    assert.deepEqual(
      (await findConflicts(medplum, [doctorSchedule], '2026-12-02T17:15:00Z', '2026-12-02T18:30:00Z')).map((s) => s.id),
      [hold.id],
    );
    await assert.rejects(
      () => blockTime(medplum, roomSchedule, '2027-06-01T17:00:00Z', '2027-06-01T18:00:00Z', 'x'),
      /planning horizon/,
    );
    await assert.rejects(
      () => blockTime(medplum, roomSchedule, '2026-12-02T18:00:00Z', '2026-12-02T17:00:00Z', 'x'),
      /after start/,
    );
    // The horizon is compared as time, not as text: a bare-date end covers that whole day.
    const dateHorizon = { ...roomSchedule, planningHorizon: { start: '2026-12-01', end: '2026-12-31' } };
    const evening = await blockTime(medplum, dateHorizon, '2026-12-31T22:00:00Z', '2026-12-31T23:00:00Z', 'Year-end');
    assert.equal(evening.status, 'busy-unavailable');
    await assert.rejects(
      () => blockTime(medplum, dateHorizon, '2026-12-31T23:30:00Z', '2027-01-01T00:30:00Z', 'x'),
      /planning horizon/,
    );
    await assert.rejects(
      () => blockTime(medplum, dateHorizon, '2026-11-30T23:00:00Z', '2026-12-01T01:00:00Z', 'x'),
      /planning horizon/,
    );
    // The horizon's own end, written to the second, takes a block up to the next midnight.
    const lastHour = await blockTime(medplum, roomSchedule, '2027-02-28T23:00:00Z', '2027-03-01T00:00:00Z', 'x');
    assert.equal(lastHour.status, 'busy-unavailable');
    assert.deepEqual(coveredRange('2026-12'), [Date.UTC(2026, 11, 1), Date.UTC(2027, 0, 1)]);
    assert.deepEqual(coveredRange('2026'), [Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1)]);
    assert.deepEqual(coveredRange('2026-12-31T23:59:59.5Z'), [
      Date.UTC(2026, 11, 31, 23, 59, 59, 500),
      Date.UTC(2026, 11, 31, 23, 59, 59, 600),
    ]);
  });

  test('booking a room and a practitioner writes two busy Slots and one Appointment', async () => {
    const { medplum, room, practitioner, patient, roomSchedule, doctorSchedule } = await clinic();
    const input = {
      patient,
      practitioner,
      room,
      roomSchedule,
      doctorSchedule,
      start: '2026-12-03T16:00:00Z',
      end: '2026-12-03T16:30:00Z',
    };
    const result = await bookRoomAndPractitioner(medplum, input);
    assert.equal(result.type, 'transaction-response');
    const slots = await medplum.searchResources('Slot', { status: 'busy' });
    assert.equal(slots.length, 2);
    slots.forEach((s: Slot) => assert.doesNotThrow(() => validateResource(s)));
    const [appointment] = await medplum.searchResources('Appointment', { actor: `Location/${room.id}` });
    assert.ok(appointment);
    assert.doesNotThrow(() => validateResource(appointment as Appointment));
    assert.deepEqual(appointment.slot?.map((s) => s.reference).sort(), slots.map((s) => `Slot/${s.id}`).sort());
    assert.equal(appointment.participant.length, 3);
    await assert.rejects(() => bookRoomAndPractitioner(medplum, input), /not available/);
    const during = await bookedDuring(medplum, room, '2026-12-03T15:00:00Z', '2026-12-03T17:00:00Z');
    assert.deepEqual(
      during.map((a) => a.id),
      [appointment.id],
    );
    assert.equal((await bookedDuring(medplum, room, '2026-12-04T15:00:00Z', '2026-12-04T17:00:00Z')).length, 0);
    const other = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ family: 'Other' }],
    });
    assert.equal((await bookedDuring(medplum, other, '2026-12-03T15:00:00Z', '2026-12-03T17:00:00Z')).length, 0);
  });

  test('practitioners are filtered by the state their license is valid in, and by its period', async () => {
    const medplum = mockWithSearch();
    const board = await medplum.createResource<Organization>({
      resourceType: 'Organization',
      name: 'Medical Board of California',
    });
    const nyBoard = await medplum.createResource<Organization>({
      resourceType: 'Organization',
      name: 'New York State Education Department',
    });
    const period = { start: '2025-01-01', end: '2027-01-31' };
    const ca = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      active: true,
      name: [{ family: 'Okafor', given: ['Ada'] }],
      qualification: [stateLicense('CA', 'California', 'A148203', board, period), INTERNAL_MEDICINE],
    });
    const lapsed = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      active: true,
      name: [{ family: 'Lin', given: ['Wei'] }],
      qualification: [stateLicense('CA', 'California', 'A654321', board, { start: '2020-01-01', end: '2024-12-31' })],
    });
    const ny = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      active: true,
      name: [{ family: 'Rossi', given: ['Marco'] }],
      qualification: [stateLicense('NY', 'New York', '271483', nyBoard, period)],
    });
    [ca, lapsed, ny].forEach((p) => assert.doesNotThrow(() => validateResource(p)));
    const found = await practitionersLicensedIn(medplum, 'CA', '2026-12-03');
    assert.deepEqual(
      found.map((p) => p.id),
      [ca.id],
    );
    const bySearchOnly = await medplum.searchResources('Practitioner', {
      'qualification-davinci-pdex-where-valid': 'CA',
    });
    assert.equal(bySearchOnly.length, 2, 'the search matches the state; the period check is done in code');
    const byCode = await medplum.searchResources('Practitioner', {
      'qualification-code': 'http://nucc.org/provider-taxonomy|207R00000X',
    });
    assert.deepEqual(
      byCode.map((p) => p.id),
      [ca.id],
    );
    // Without the state parameter: search by license code, same result.
    const byLicenseCode = await practitionersLicensedIn(medplum, 'CA', '2026-12-03', { stateSearch: false });
    assert.deepEqual(
      byLicenseCode.map((p) => p.id),
      [ca.id],
    );
    assert.deepEqual(
      (await practitionersLicensedIn(medplum, 'NY', '2026-12-03', { stateSearch: false })).map((p) => p.id),
      [ny.id],
    );
  });

  test('one PractitionerRole per state is found with a chained search on the Location address', async () => {
    const medplum = mockWithSearch();
    const practitioner = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ family: 'Okafor' }],
    });
    const california = await medplum.createResource<Location>({
      resourceType: 'Location',
      status: 'active',
      mode: 'kind',
      name: 'California (licensure)',
      physicalType: {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/location-physical-type',
            code: 'jdn',
            display: 'Jurisdiction',
          },
        ],
      },
      address: { state: 'CA' },
    });
    const newYork = await medplum.createResource<Location>({
      resourceType: 'Location',
      status: 'active',
      mode: 'kind',
      name: 'New York (licensure)',
      address: { state: 'NY' },
    });
    const caRole = await medplum.createResource<PractitionerRole>({
      resourceType: 'PractitionerRole',
      active: true,
      practitioner: createReference(practitioner),
      location: [createReference(california)],
      period: { start: '2025-01-01', end: '2027-01-31' },
    });
    const nyRole = await medplum.createResource<PractitionerRole>({
      resourceType: 'PractitionerRole',
      active: true,
      practitioner: createReference(practitioner),
      location: [createReference(newYork)],
    });
    [practitioner, california, newYork, caRole, nyRole].forEach((r) => assert.doesNotThrow(() => validateResource(r)));
    const roles = await medplum.searchResources('PractitionerRole', 'location.address-state=CA');
    assert.deepEqual(
      roles.map((r) => r.id),
      [caRole.id],
    );
  });
});
