/**
 * Renders the CarePlanTimeline example with MockClient (server rendering) and calls the functions it
 * gives ResourceTimeline, as the timeline does: loadTimelineResources against MockClient (the
 * CarePlan's history and the Communications based on it), then createCommunication and createMedia
 * for a comment and an upload.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ProfileResource } from '@medplum/core';
import type {
  Attachment,
  Bundle,
  CarePlan,
  Communication,
  Media,
  Practitioner,
  ResourceType,
} from '@medplum/fhirtypes';
import type { MedplumClient } from '@medplum/core';
import { CarePlanTimeline } from '../../../examples/charting/careplan-timeline';
import { newSearchClient } from './support/search-mock';
import { renderAndCapture } from './support/render';

interface TimelineProps {
  value: CarePlan;
  loadTimelineResources: (
    medplum: MedplumClient,
    resourceType: ResourceType,
    id: string,
  ) => Promise<PromiseSettledResult<Bundle>[]>;
  createCommunication: (resource: CarePlan, sender: ProfileResource, text: string) => Communication;
  createMedia: (resource: CarePlan, operator: ProfileResource, content: Attachment) => Media;
}

test('CarePlanTimeline loads the plan history and its messages, and builds comments and uploads', async () => {
  const medplum = newSearchClient();
  const patient = await medplum.createResource({
    resourceType: 'Patient',
    name: [{ given: ['Maria'], family: 'Lopez' }],
  });
  const carePlan = await medplum.createResource<CarePlan>({
    resourceType: 'CarePlan',
    status: 'active',
    intent: 'plan',
    title: 'Type 2 diabetes management',
    subject: { reference: `Patient/${patient.id}` },
  });
  const message = await medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'completed',
    basedOn: [{ reference: `CarePlan/${carePlan.id}` }],
    subject: { reference: `Patient/${patient.id}` },
    payload: [{ contentString: 'A1c recheck booked for March' }],
  });

  const { element } = renderAndCapture<TimelineProps>(medplum, () => CarePlanTimeline({ carePlan }));
  const props = element.props;
  assert.equal(props.value.id, carePlan.id);

  const results = await props.loadTimelineResources(medplum, 'CarePlan', carePlan.id as string);
  assert.equal(results.length, 3);
  const [history, communications] = results;
  assert.equal(history.status, 'fulfilled');
  assert.equal(history.status === 'fulfilled' && history.value.type, 'history');
  assert.equal(communications.status, 'fulfilled');
  assert.deepEqual(
    communications.status === 'fulfilled' ? communications.value.entry?.map((e) => e.resource?.id) : [],
    [message.id],
  );

  const practitioner: Practitioner = {
    resourceType: 'Practitioner',
    id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    name: [{ family: 'Chen' }],
  };
  const comment = props.createCommunication(carePlan, practitioner, 'Patient reports better fasting values');
  assert.equal(comment.basedOn?.[0]?.reference, `CarePlan/${carePlan.id}`);
  assert.equal(comment.subject?.reference, `Patient/${patient.id}`);
  assert.equal(comment.sender?.reference, `Practitioner/${practitioner.id}`);
  assert.deepEqual(comment.payload, [{ contentString: 'Patient reports better fasting values' }]);
  const saved = await medplum.createResource(comment);
  assert.equal(saved.status, 'completed');

  const media = props.createMedia(carePlan, practitioner, {
    contentType: 'image/jpeg',
    url: 'Binary/5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d0e',
    title: 'glucose-log.jpg',
  });
  assert.equal(media.status, 'completed');
  assert.equal(media.operator?.reference, `Practitioner/${practitioner.id}`);
  assert.equal(media.content.title, 'glucose-log.jpg');
  assert.equal(media.basedOn?.[0]?.reference, `CarePlan/${carePlan.id}`);
});
