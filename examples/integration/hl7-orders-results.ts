/**
 * A lab order out and its result back over HL7 v2: the ServiceRequest, its Specimen and the
 * patient's Coverage become an ORM^O01 message sent through the agent with Agent/$push, and the
 * lab's ORU^R01 becomes a DiagnosticReport with Observations, matched to the order by the placer
 * and filler order numbers.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import {
  ContentType,
  createReference,
  getReferenceString,
  Hl7Field,
  Hl7Message,
  Hl7Segment,
  parseHl7DateTime,
} from '@medplum/core';
import type {
  Agent,
  CodeableConcept,
  Coverage,
  Device,
  DiagnosticReport,
  Identifier,
  Observation,
  Organization,
  Patient,
  Practitioner,
  Reference,
  ServiceRequest,
  Specimen,
} from '@medplum/fhirtypes';
import { escapeHl7 } from './hl7-v2';

/** Our order numbers (the placer's), the lab's accession numbers (the filler's) and our MRNs. */
export const PLACER_SYSTEM = 'https://clinic.example.org/lab-order-number';
export const FILLER_SYSTEM = 'https://lab.example.org/accession';
export const MRN_SYSTEM = 'https://clinic.example.org/mrn';
export const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';
const ID_TYPE = 'http://terminology.hl7.org/CodeSystem/v2-0203';
const LOINC = 'http://loinc.org';
const ICD10CM = 'http://hl7.org/fhir/sid/icd-10-cm';
const UCUM = 'http://unitsofmeasure.org';

// #region load-order
/** Everything an order message needs, read from the FHIR resources the order points at. */
export interface LabOrder {
  serviceRequest: ServiceRequest;
  patient: Patient;
  requester?: Practitioner;
  specimen?: Specimen;
  coverage?: Coverage;
  payer?: Organization;
}

/**
 * Reads a ServiceRequest and the resources it references: the patient (`subject`), the ordering
 * clinician (`requester`), the tube (`specimen`) and the insurance to bill (`insurance`, a Coverage,
 * whose first `payor` is the insurer).
 */
export async function loadOrder(medplum: MedplumClient, serviceRequestId: string): Promise<LabOrder> {
  const serviceRequest = await medplum.readResource('ServiceRequest', serviceRequestId);
  const patient = await medplum.readReference(serviceRequest.subject as Reference<Patient>);
  const order: LabOrder = { serviceRequest, patient };
  if (serviceRequest.requester?.reference?.startsWith('Practitioner/')) {
    order.requester = await medplum.readReference(serviceRequest.requester as Reference<Practitioner>);
  }
  if (serviceRequest.specimen?.[0]) {
    order.specimen = await medplum.readReference(serviceRequest.specimen[0]);
  }
  const insurance = serviceRequest.insurance?.find((i) => i.reference?.startsWith('Coverage/'));
  if (insurance) {
    order.coverage = await medplum.readReference(insurance as Reference<Coverage>);
    const payor = order.coverage.payor[0];
    if (payor?.reference?.startsWith('Organization/')) {
      order.payer = await medplum.readReference(payor as Reference<Organization>);
    }
  }
  return order;
}
// #endregion load-order

// #region build-order
/** Who sends and who receives, as the lab's interface specification names them (MSH-3 to MSH-6). */
export interface Hl7Route {
  sendingApplication: string;
  sendingFacility: string;
  receivingApplication: string;
  receivingFacility: string;
}

/** An HL7 v2 timestamp in UTC with its offset, YYYYMMDDHHMMSS+0000, so the receiver does not guess the zone. */
export function hl7Time(value: string | Date): string {
  return new Date(value).toISOString().replace(/[-:T]/g, '').slice(0, 14) + '+0000';
}

/** A field from its components; each component is escaped, so free text cannot add separators. */
function field(...components: (string | undefined)[]): Hl7Field {
  return new Hl7Field([components.map((c) => escapeHl7(c ?? ''))]);
}

/**
 * A segment from a map of field number to field. Field numbers are the specification's (ORC-12
 * is 12); for MSH, setField accounts for MSH-1 being the separator itself.
 */
function segment(name: string, fields: Record<number, Hl7Field | undefined>): Hl7Segment {
  const result = new Hl7Segment(name === 'MSH' ? ['MSH', '^~\\&'] : [name]);
  for (const [index, value] of Object.entries(fields)) {
    if (value) {
      result.setField(Number(index), value);
    }
  }
  return result;
}

const coding = (concept: CodeableConcept | undefined, system: string) =>
  concept?.coding?.find((c) => c.system === system);
const identifierValue = (identifiers: Identifier[] | undefined, system: string) =>
  identifiers?.find((i) => i.system === system)?.value;

/** XCN: the ordering clinician as NPI^family^given, with NPI as the assigning authority (XCN-9). */
function orderingProvider(requester: Practitioner | undefined): Hl7Field | undefined {
  if (!requester) {
    return undefined;
  }
  const name = requester.name?.[0];
  const npi = identifierValue(requester.identifier, NPI_SYSTEM);
  return field(npi, name?.family, name?.given?.[0], '', '', '', '', '', npi ? 'NPI' : '');
}

/**
 * Builds an ORM^O01 new order (ORC-1 = NW) for one test: MSH, PID, PV1, IN1, ORC, OBR and one DG1
 * per ICD-10-CM reason. ORC-2 and OBR-2 carry our order number (the placer's), ORC-4 the
 * requisition that groups the tests of one draw; the lab will quote both in its results.
 */
export function buildOrder(order: LabOrder, route: Hl7Route, controlId: string, now = new Date()): string {
  const { serviceRequest: sr, patient, specimen, coverage, payer } = order;
  const placer = identifierValue(sr.identifier, PLACER_SYSTEM);
  if (!placer) {
    throw new Error(`${getReferenceString(sr)} has no order number in ${PLACER_SYSTEM}`);
  }
  const test = coding(sr.code, LOINC);
  if (!test) {
    throw new Error(`${getReferenceString(sr)} has no LOINC code`);
  }
  const name = patient.name?.[0];
  const sex = { female: 'F', male: 'M', other: 'O', unknown: 'U' }[patient.gender ?? 'unknown'];
  const provider = orderingProvider(order.requester);

  const segments: Hl7Segment[] = [
    segment('MSH', {
      3: field(route.sendingApplication),
      4: field(route.sendingFacility),
      5: field(route.receivingApplication),
      6: field(route.receivingFacility),
      7: field(hl7Time(now)),
      9: field('ORM', 'O01', 'ORM_O01'),
      10: field(controlId),
      11: field('P'),
      12: field('2.5.1'),
    }),
    segment('PID', {
      1: field('1'),
      3: field(identifierValue(patient.identifier, MRN_SYSTEM), '', '', route.sendingFacility, 'MR'),
      5: field(name?.family, name?.given?.[0]),
      7: field(patient.birthDate?.replaceAll('-', '')),
      8: field(sex),
    }),
    // Patient class O: an outpatient draw.
    segment('PV1', { 1: field('1'), 2: field('O') }),
  ];
  if (coverage) {
    const planClass = coverage.class?.find((c) => c.type.coding?.[0]?.code === 'plan');
    const groupClass = coverage.class?.find((c) => c.type.coding?.[0]?.code === 'group');
    const self = coverage.relationship?.coding?.[0]?.code === 'self';
    segments.push(
      segment('IN1', {
        1: field('1'),
        2: field(planClass?.value, planClass?.name),
        3: field(payer?.identifier?.[0]?.value),
        4: field(payer?.name),
        8: field(groupClass?.value),
        // Name of insured and relationship (table 0063, SEL = self) when the patient holds the policy.
        16: self ? field(name?.family, name?.given?.[0]) : undefined,
        17: self ? field('SEL', 'Self', 'HL70063') : undefined,
        36: field(coverage.subscriberId),
      }),
    );
  }
  segments.push(
    segment('ORC', {
      1: field('NW'),
      2: field(placer, route.sendingApplication),
      4: field(sr.requisition?.value, route.sendingApplication),
      9: field(hl7Time(sr.authoredOn ?? now)),
      12: provider,
    }),
    segment('OBR', {
      1: field('1'),
      2: field(placer, route.sendingApplication),
      4: field(test.code, test.display, 'LN'),
      // Collection time, and the specimen source from table 0070 (BLD = whole blood).
      7: specimen?.collection?.collectedDateTime ? field(hl7Time(specimen.collection.collectedDateTime)) : undefined,
      15: specimen ? field('BLD') : undefined,
      16: provider,
    }),
  );
  const diagnoses = (sr.reasonCode ?? []).map((r) => coding(r, ICD10CM)).filter((c) => c !== undefined);
  diagnoses.forEach((dx, i) => {
    // DG1-3 coded as I10C (ICD-10-CM, table 0396); DG1-6 W = working diagnosis.
    segments.push(segment('DG1', { 1: field(String(i + 1)), 3: field(dx.code, dx.display, 'I10C'), 6: field('W') }));
  });
  return new Hl7Message(segments).toString();
}
// #endregion build-order

// #region send-order
/**
 * Hands the order to the agent, which writes it to the lab system's MLLP listener (the Device's
 * url), and waits for the lab's application ACK. Anything but AA means the lab did not take it.
 */
export async function sendOrder(
  medplum: MedplumClient,
  agent: Reference<Agent>,
  labSystem: Reference<Device>,
  message: string,
): Promise<string> {
  const reply = await medplum.pushToAgent(agent, labSystem, message, ContentType.HL7_V2, true, {
    returnAck: 'application',
    waitTimeout: 20000,
  });
  const ack = Hl7Message.parse(reply as string);
  const code = ack.getAckType();
  if (code !== 'AA') {
    const text = ack.getSegment('MSA')?.getField(3).toString() ?? '';
    throw new Error(`Lab answered ${code ?? 'no MSA-1'} to ${Hl7Message.parse(message).header.getField(10)}: ${text}`);
  }
  return ack.getSegment('MSA')?.getField(2).toString() ?? '';
}
// #endregion send-order

// #region parse-result
/** Undoes HL7 escaping in text read from a message (the parser leaves \F\, \S\ and the rest). */
export function unescapeHl7(text: string): string {
  return text
    .replaceAll('\\F\\', '|')
    .replaceAll('\\S\\', '^')
    .replaceAll('\\T\\', '&')
    .replaceAll('\\R\\', '~')
    .replaceAll('\\E\\', '\\');
}

/** What one ORU^R01 carries, as FHIR resources not yet linked to anything stored. */
export interface ParsedResult {
  mrn: string;
  placerOrderNumber: string;
  fillerOrderNumber: string;
  report: DiagnosticReport;
  observations: Observation[];
}

/** OBR-25 (table 0123) and OBX-11 (table 0085) to FHIR statuses. */
const REPORT_STATUS: Record<string, DiagnosticReport['status']> = {
  F: 'final',
  P: 'preliminary',
  C: 'corrected',
  A: 'partial',
};
const OBSERVATION_STATUS: Record<string, Observation['status']> = {
  F: 'final',
  P: 'preliminary',
  C: 'corrected',
  W: 'entered-in-error',
};
/** OBX-8 (table 0078) uses the same letters as the FHIR interpretation codes for these. */
const INTERPRETATION = new Set(['H', 'L', 'N', 'A', 'HH', 'LL']);

/** "4.0-5.6" becomes low 4.0 and high 5.6 in the result's unit; anything else is kept as text. */
function referenceRange(text: string, unit: string): Observation['referenceRange'] {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*-\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) {
    return text ? [{ text }] : undefined;
  }
  const q = (v: string) => ({ value: Number(v), unit, system: UCUM, code: unit });
  return [{ low: q(m[1]), high: q(m[2]), text }];
}

/**
 * Turns an ORU^R01 into a DiagnosticReport (from OBR) and one Observation per OBX. The order
 * numbers come from ORC-2/ORC-3, or OBR-2/OBR-3 when the lab sends no ORC. Identifiers are built
 * from the filler's accession number, so a corrected result maps onto the same resources.
 * Timestamps without an offset are read in `tzOffset` (the lab's zone, e.g. "-0500"), else as UTC.
 */
export function parseResult(text: string, tzOffset?: string): ParsedResult {
  const message = Hl7Message.parse(text);
  const pid = message.getSegment('PID');
  const orc = message.getSegment('ORC');
  const obr = message.getSegment('OBR');
  if (!pid || !obr) {
    throw new Error('ORU message needs a PID and an OBR segment');
  }
  const placerOrderNumber = orc?.getComponent(2, 1) || obr.getComponent(2, 1);
  const fillerOrderNumber = orc?.getComponent(3, 1) || obr.getComponent(3, 1);
  if (!placerOrderNumber || !fillerOrderNumber) {
    throw new Error('ORU message has no placer or filler order number');
  }
  const time = (value: string) => parseHl7DateTime(value, { tzOffset });
  // CE/CWE: code^text^coding system; LN is LOINC, anything else is kept as the lab's local code.
  const code = (f: Hl7Field): CodeableConcept => ({
    coding: [
      {
        system: f.getComponent(3) === 'LN' ? LOINC : `${FILLER_SYSTEM}/codes`,
        code: f.getComponent(1),
        display: unescapeHl7(f.getComponent(2)),
      },
    ],
    text: unescapeHl7(f.getComponent(2)),
  });

  const observations = message.getAllSegments('OBX').map((obx): Observation => {
    const setId = obx.getField(1).toString();
    const unit = unescapeHl7(obx.getComponent(6, 1));
    const raw = unescapeHl7(obx.getField(5).toString());
    const flag = obx.getField(8).toString();
    const observation: Observation = {
      resourceType: 'Observation',
      identifier: [{ system: FILLER_SYSTEM, value: `${fillerOrderNumber}-${setId}` }],
      status: OBSERVATION_STATUS[obx.getField(11).toString()] ?? 'unknown',
      category: [
        {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }],
        },
      ],
      code: code(obx.getField(3)),
      effectiveDateTime: time(obx.getField(14).toString()) ?? time(obr.getField(7).toString()),
    };
    if (obx.getField(2).toString() === 'NM' && raw !== '' && !Number.isNaN(Number(raw))) {
      observation.valueQuantity = { value: Number(raw), unit, system: UCUM, code: unit };
    } else {
      observation.valueString = raw;
    }
    const range = referenceRange(unescapeHl7(obx.getField(7).toString()), unit);
    if (range) {
      observation.referenceRange = range;
    }
    if (INTERPRETATION.has(flag)) {
      observation.interpretation = [
        { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: flag }] },
      ];
    }
    return observation;
  });

  const report: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    identifier: [{ system: FILLER_SYSTEM, value: fillerOrderNumber }],
    status: REPORT_STATUS[obr.getField(25).toString()] ?? 'registered',
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB' }] }],
    code: code(obr.getField(4)),
    effectiveDateTime: time(obr.getField(7).toString()),
    issued: time(obr.getField(22).toString()),
  };
  return { mrn: pid.getComponent(3, 1), placerOrderNumber, fillerOrderNumber, report, observations };
}
// #endregion parse-result

// #region store-result
/** The stored report, its observations and the order they answer. */
export interface StoredResult {
  serviceRequest: ServiceRequest;
  report: DiagnosticReport;
  observations: Observation[];
}

/**
 * Files a parsed result. The order is found by our placer number; the lab's filler number is added
 * to it the first time, so later messages can be matched either way. Observations and the report
 * are upserted on the filler's identifiers: a resent or corrected message updates the same
 * resources instead of adding new ones.
 */
export async function storeResult(medplum: MedplumClient, parsed: ParsedResult): Promise<StoredResult> {
  let serviceRequest = await medplum.searchOne(
    'ServiceRequest',
    { identifier: `${PLACER_SYSTEM}|${parsed.placerOrderNumber}` },
    { cache: 'no-cache' },
  );
  if (!serviceRequest) {
    throw new Error(`No order with number ${parsed.placerOrderNumber}`);
  }
  const patient = serviceRequest.subject as Reference<Patient>;

  const hasFiller = serviceRequest.identifier?.some((i) => i.system === FILLER_SYSTEM);
  const done = parsed.report.status === 'final' || parsed.report.status === 'corrected';
  if (!hasFiller || (done && serviceRequest.status !== 'completed')) {
    serviceRequest = await medplum.updateResource<ServiceRequest>({
      ...serviceRequest,
      status: done ? 'completed' : serviceRequest.status,
      identifier: hasFiller
        ? serviceRequest.identifier
        : [
            ...(serviceRequest.identifier ?? []),
            {
              type: { coding: [{ system: ID_TYPE, code: 'FILL', display: 'Filler Identifier' }] },
              system: FILLER_SYSTEM,
              value: parsed.fillerOrderNumber,
            },
          ],
    });
  }

  const basedOn = [createReference(serviceRequest)];
  const specimen = serviceRequest.specimen;
  const observations: Observation[] = [];
  for (const obs of parsed.observations) {
    const id = obs.identifier?.[0] as Identifier;
    observations.push(
      await medplum.upsertResource<Observation>(
        { ...obs, subject: patient, basedOn, specimen: specimen?.[0] },
        { identifier: `${id.system}|${id.value}` },
      ),
    );
  }
  const report = await medplum.upsertResource<DiagnosticReport>(
    {
      ...parsed.report,
      subject: patient,
      basedOn,
      specimen,
      result: observations.map((o) => createReference(o)),
    },
    { identifier: `${FILLER_SYSTEM}|${parsed.fillerOrderNumber}` },
  );
  return { serviceRequest, report, observations };
}

/**
 * The bot behind the agent's ORU channel: file the result, answer AA, or AE with the reason so the
 * lab's interface queue shows why the message was not taken.
 */
export async function handleResultMessage(
  medplum: MedplumClient,
  event: BotEvent<Hl7Message | string>,
): Promise<Hl7Message> {
  const message = typeof event.input === 'string' ? Hl7Message.parse(event.input) : event.input;
  try {
    await storeResult(medplum, parseResult(message.toString()));
    return message.buildAck({ ackCode: 'AA' });
  } catch (err) {
    const err3 = new Hl7Segment(['ERR', '', '', '207', 'E', '', '', '', escapeHl7((err as Error).message)]);
    return message.buildAck({ ackCode: 'AE', errSegment: err3 });
  }
}
// #endregion store-result
