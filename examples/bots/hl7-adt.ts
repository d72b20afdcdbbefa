/**
 * An HL7 v2 bot. When the content type is x-application/hl7-v2+er7 (for example a message relayed
 * by the Medplum Agent), the runtime parses the text into an Hl7Message before calling the
 * handler and turns a returned Hl7Message back into text, so the sender receives an ACK.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { Hl7Message } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';

export const MRN_SYSTEM = 'urn:oid:2.16.840.1.113883.19.5';

// #region handler
export async function handler(medplum: MedplumClient, event: BotEvent<Hl7Message>): Promise<Hl7Message> {
  // Accept text too, so the same bot works when called with $execute and a string body.
  const message = typeof event.input === 'string' ? Hl7Message.parse(event.input) : event.input;
  const messageType = message.header.getComponent(9, 1); // MSH-9.1, e.g. ADT
  const trigger = message.header.getComponent(9, 2); // MSH-9.2, e.g. A01
  if (messageType !== 'ADT') {
    return message.buildAck({ ackCode: 'AR' });
  }
  const pid = message.getSegment('PID');
  const mrn = pid?.getComponent(3, 1);
  if (!pid || !mrn) {
    return message.buildAck({ ackCode: 'AE' });
  }
  await medplum.upsertResource<Patient>(
    {
      resourceType: 'Patient',
      identifier: [{ system: MRN_SYSTEM, value: mrn }],
      name: [{ family: pid.getComponent(5, 1), given: [pid.getComponent(5, 2)] }],
      birthDate: toFhirDate(pid.getComponent(7, 1)),
      gender: toGender(pid.getComponent(8, 1)),
    },
    { identifier: `${MRN_SYSTEM}|${mrn}` },
  );
  console.log(`ADT^${trigger} processed for MRN ${mrn}`);
  return message.buildAck();
}

/** HL7 v2 dates are YYYYMMDD; FHIR wants YYYY-MM-DD. */
function toFhirDate(hl7Date: string): string | undefined {
  return /^\d{8}/.test(hl7Date) ? `${hl7Date.slice(0, 4)}-${hl7Date.slice(4, 6)}-${hl7Date.slice(6, 8)}` : undefined;
}

function toGender(sex: string): Patient['gender'] {
  const genders: Record<string, Patient['gender']> = { M: 'male', F: 'female', O: 'other', U: 'unknown' };
  return genders[sex] ?? 'unknown';
}
// #endregion handler
