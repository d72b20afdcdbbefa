/** @jsxRuntime automatic @jsxImportSource react */
/**
 * A timeline for any resource: ResourceTimeline from @medplum/react with your own
 * loadTimelineResources, and the comment box and file uploads turned on by createCommunication and
 * createMedia.
 */
// #region careplan-timeline
import { createReference } from '@medplum/core';
import type { MedplumClient, ProfileResource } from '@medplum/core';
import type { Attachment, CarePlan, Reference, ResourceType } from '@medplum/fhirtypes';
import { ResourceTimeline } from '@medplum/react';
import type { JSX } from 'react';

export function CarePlanTimeline({ carePlan }: { carePlan: CarePlan | Reference<CarePlan> }): JSX.Element {
  return (
    <ResourceTimeline<CarePlan>
      value={carePlan}
      loadTimelineResources={async (medplum: MedplumClient, _resourceType: ResourceType, id: string) =>
        Promise.allSettled([
          medplum.readHistory('CarePlan', id),
          medplum.search('Communication', { 'based-on': `CarePlan/${id}` }),
          medplum.search('Media', { 'based-on': `CarePlan/${id}` }),
        ])
      }
      createCommunication={(resource: CarePlan, sender: ProfileResource, text: string) => ({
        resourceType: 'Communication',
        status: 'completed',
        basedOn: [createReference(resource)],
        subject: resource.subject,
        sender: createReference(sender),
        sent: new Date().toISOString(),
        payload: [{ contentString: text }],
      })}
      createMedia={(resource: CarePlan, operator: ProfileResource, content: Attachment) => ({
        resourceType: 'Media',
        status: 'completed',
        basedOn: [createReference(resource)],
        subject: resource.subject,
        operator: createReference(operator),
        issued: new Date().toISOString(),
        content,
      })}
    />
  );
}
// #endregion careplan-timeline
