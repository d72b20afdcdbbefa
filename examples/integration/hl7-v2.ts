/**
 * HL7 v2 with the classes @medplum/core ships: reading fields from an ADT message, mapping PID to
 * a FHIR Patient, acknowledging with buildAck, and building an ORU result message from scratch.
 */
import { formatHl7DateTime, Hl7Message, Hl7Segment } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';

/**
 * An admission as a registration system might send it. HL7 v2 separates segments with a carriage
 * return (\r), not a newline; Hl7Message.parse also accepts \n, which helps with files edited by hand.
 */
export const SAMPLE_ADT_A01 = [
  'MSH|^~\\&|REGADT|GOODHEALTH|MEDPLUM|CLINIC|20260105083000||ADT^A01^ADT_A01|MSG73519046|P|2.5.1',
  'EVN|A01|20260105083000',
  'PID|1||MRN-40718263^^^GOODHEALTH^MR||Rivera^Ana^Lucia||19840312|F|||12 Oak Street^^Springfield^IL^62701||^PRN^PH^^^217^5550142',
  'PV1|1|I|3W^301^A',
].join('\r');

// #region read-fields
/** The parts of an admission most integrations route or map on. */
export interface AdmissionSummary {
  messageType: string;
  triggerEvent: string;
  controlId: string;
  sendingFacility: string;
  mrn: string;
  assigningAuthority: string;
  family: string;
  given: string;
  birthDate: string;
  sex: string;
}

/**
 * Reads an ADT message. Field and component numbers are 1-based and match the names in the HL7
 * specification (MSH-9.2 is getField(9).getComponent(2)); for MSH the class accounts for MSH-1
 * being the field separator itself, so MSH-10 is still getField(10).
 */
export function readAdmission(text: string): AdmissionSummary {
  const message = Hl7Message.parse(text);
  const msh = message.header;
  const pid = message.getSegment('PID');
  if (!pid) {
    throw new Error('Message has no PID segment');
  }
  return {
    messageType: msh.getComponent(9, 1),
    triggerEvent: msh.getComponent(9, 2),
    controlId: msh.getField(10).toString(),
    sendingFacility: msh.getField(4).toString(),
    mrn: pid.getComponent(3, 1),
    assigningAuthority: pid.getComponent(3, 4),
    family: pid.getComponent(5, 1),
    given: pid.getComponent(5, 2),
    birthDate: pid.getField(7).toString(),
    sex: pid.getField(8).toString(),
  };
}
// #endregion read-fields

// #region to-patient
/** HL7 table 0001 (administrative sex) to FHIR AdministrativeGender. */
const SEX_TO_GENDER: Record<string, Patient['gender']> = { F: 'female', M: 'male', O: 'other', U: 'unknown' };

/**
 * Maps PID to a FHIR Patient. Each sending system gets its own identifier system URI, built from
 * the assigning authority in PID-3.4, so the same MRN-40718263 from two hospitals never collides.
 */
export function patientFromPid(message: Hl7Message, systemBase = 'https://example.org/fhir/mrn/'): Patient {
  const pid = message.getSegment('PID');
  if (!pid) {
    throw new Error('Message has no PID segment');
  }
  const authority = pid.getComponent(3, 4) || 'unknown';
  const dob = pid.getField(7).toString();
  const patient: Patient = {
    resourceType: 'Patient',
    identifier: [{ system: systemBase + authority.toLowerCase(), value: pid.getComponent(3, 1) }],
    name: [{ family: pid.getComponent(5, 1), given: [pid.getComponent(5, 2), pid.getComponent(5, 3)].filter(Boolean) }],
    gender: SEX_TO_GENDER[pid.getField(8).toString()] ?? 'unknown',
  };
  // HL7 dates are YYYYMMDD; FHIR dates are YYYY-MM-DD. Keep only what the sender actually sent.
  if (/^\d{8}/.test(dob)) {
    patient.birthDate = `${dob.slice(0, 4)}-${dob.slice(4, 6)}-${dob.slice(6, 8)}`;
  }
  const street = pid.getComponent(11, 1);
  if (street) {
    patient.address = [
      {
        line: [street],
        city: pid.getComponent(11, 3),
        state: pid.getComponent(11, 4),
        postalCode: pid.getComponent(11, 5),
      },
    ];
  }
  const areaCode = pid.getComponent(13, 6);
  const localNumber = pid.getComponent(13, 7);
  if (localNumber) {
    patient.telecom = [
      { system: 'phone', use: 'home', value: `(${areaCode}) ${localNumber.slice(0, 3)}-${localNumber.slice(3)}` },
    ];
  }
  return patient;
}
// #endregion to-patient

// #region ack
/**
 * Answers a message: AA (application accept) when it was processed, AE (application error) with
 * an ERR segment otherwise. buildAck swaps sender and receiver, copies the control id into MSA-2
 * and the trigger event into MSH-9, so the sender can match the answer to its message.
 */
export function acknowledge(message: Hl7Message, error?: string): Hl7Message {
  if (!error) {
    return message.buildAck({ ackCode: 'AA' });
  }
  // ERR-3 is the HL7 error code (table 0357; 207 = application internal error), ERR-4 the
  // severity (E = error), ERR-8 a text for the people reading the sender's logs.
  const err = new Hl7Segment(['ERR', '', '', '207', 'E', '', '', '', escapeHl7(error)], message.context);
  return message.buildAck({ ackCode: 'AE', errSegment: err });
}
// #endregion ack

// #region escape
/**
 * Escapes text for an HL7 field. The core classes split on the separator characters but never
 * escape or unescape them, so free text (notes, comments, error messages) must be escaped before
 * it goes into a segment, or a "|" in a comment becomes a new field.
 */
export function escapeHl7(text: string): string {
  return text
    .replaceAll('\\', '\\E\\')
    .replaceAll('|', '\\F\\')
    .replaceAll('^', '\\S\\')
    .replaceAll('&', '\\T\\')
    .replaceAll('~', '\\R\\');
}
// #endregion escape

// #region build-oru
/** One numeric lab result to send to a downstream system. */
export interface LabResult {
  mrn: string;
  family: string;
  given: string;
  orderNumber: string;
  loincCode: string;
  loincDisplay: string;
  value: number;
  unit: string;
  referenceRange: string;
  observedAt: Date;
}

/**
 * Builds an ORU^R01 (unsolicited observation result) with one OBX. Segments are built from
 * arrays of field strings; for MSH the first two entries are the name and the encoding characters.
 */
export function buildLabResultMessage(result: LabResult, controlId: string): Hl7Message {
  const now = formatHl7DateTime(result.observedAt);
  return new Hl7Message([
    new Hl7Segment([
      'MSH',
      '^~\\&',
      'MEDPLUM',
      'CLINIC',
      'LIS',
      'LAB',
      now,
      '',
      'ORU^R01^ORU_R01',
      controlId,
      'P',
      '2.5.1',
    ]),
    new Hl7Segment([
      'PID',
      '1',
      '',
      `${escapeHl7(result.mrn)}^^^CLINIC^MR`,
      '',
      `${escapeHl7(result.family)}^${escapeHl7(result.given)}`,
    ]),
    new Hl7Segment([
      'OBR',
      '1',
      escapeHl7(result.orderNumber),
      '',
      `${result.loincCode}^${escapeHl7(result.loincDisplay)}^LN`,
    ]),
    new Hl7Segment([
      'OBX',
      '1',
      'NM',
      `${result.loincCode}^${escapeHl7(result.loincDisplay)}^LN`,
      '',
      String(result.value),
      escapeHl7(result.unit),
      escapeHl7(result.referenceRange),
      '',
      '',
      '',
      'F',
      '',
      '',
      now,
    ]),
  ]);
}
// #endregion build-oru
