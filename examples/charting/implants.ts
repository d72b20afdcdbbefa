/**
 * Implantable devices: parse a GS1 UDI from its human-readable form, store it as a Device linked to
 * the patient, record the implant procedure, and find a patient's implants.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { Device, DeviceUseStatement, Patient, Procedure, Reference } from '@medplum/fhirtypes';

// #region parse
export interface ParsedUdi {
  deviceIdentifier: string;
  manufactureDate?: string;
  expirationDate?: string;
  lotNumber?: string;
  serialNumber?: string;
}

/** GS1 dates are YYMMDD; a day of 00 means no day is given (GS1 reads it as the month's end), so keep year-month. */
function gs1Date(yymmdd: string): string {
  const year = 2000 + Number(yymmdd.slice(0, 2));
  const month = yymmdd.slice(2, 4);
  const day = yymmdd.slice(4, 6);
  return day === '00' ? `${year}-${month}` : `${year}-${month}-${day}`;
}

/**
 * Parses the human-readable form of a GS1 UDI, for example `(01)00643169007222(17)160128(21)BLC200461H`.
 * (01) is the device identifier (DI); (11) manufacture date, (17) expiration date, (10) lot and
 * (21) serial number make up the production identifier (PI). HIBCC carriers (starting with `+`) and
 * ICCBBA carriers (starting with `=`) use other syntaxes and are rejected here.
 */
export function parseGs1Udi(hrf: string): ParsedUdi {
  const parts = [...hrf.matchAll(/\((\d{2,4})\)([^(]+)/g)];
  if (parts.length === 0 || parts.map((m) => m[0]).join('') !== hrf) {
    throw new Error('Not a GS1 human-readable UDI');
  }
  const fields = new Map(parts.map((m) => [m[1], m[2]]));
  const di = fields.get('01');
  if (!di || !/^\d{14}$/.test(di)) {
    throw new Error('GS1 UDI without a 14-digit (01) device identifier');
  }
  return {
    deviceIdentifier: di,
    manufactureDate: fields.has('11') ? gs1Date(fields.get('11') as string) : undefined,
    expirationDate: fields.has('17') ? gs1Date(fields.get('17') as string) : undefined,
    lotNumber: fields.get('10'),
    serialNumber: fields.get('21'),
  };
}
// #endregion parse

// #region device
/**
 * The implanted Device: the UDI as printed (carrierHRF) and its parsed parts, the issuing agency
 * and jurisdiction, a SNOMED CT device type, and `patient` pointing at the person carrying it.
 */
export function buildImplant(patient: Reference<Patient>, hrf: string): Device {
  const udi = parseGs1Udi(hrf);
  return {
    resourceType: 'Device',
    meta: { profile: ['http://hl7.org/fhir/us/core/StructureDefinition/us-core-implantable-device'] },
    status: 'active',
    udiCarrier: [
      {
        deviceIdentifier: udi.deviceIdentifier,
        issuer: 'http://hl7.org/fhir/NamingSystem/gs1-di',
        jurisdiction: 'http://hl7.org/fhir/NamingSystem/fda-udi',
        carrierHRF: hrf,
        entryType: 'barcode',
      },
    ],
    manufactureDate: udi.manufactureDate,
    expirationDate: udi.expirationDate,
    lotNumber: udi.lotNumber,
    serialNumber: udi.serialNumber,
    type: {
      coding: [
        {
          system: 'http://snomed.info/sct',
          code: '704708004',
          display: 'Cardiac resynchronization therapy implantable pacemaker',
        },
      ],
    },
    patient,
  };
}
// #endregion device

// #region record
/**
 * Stores the implant once (a second scan of the same label finds the existing Device by its full
 * UDI), records the procedure that placed it with the Device as its focal device, and adds a
 * DeviceUseStatement, which is what a C-CDA export reads for the devices section.
 */
export async function recordImplant(
  medplum: MedplumClient,
  patient: Patient & { id: string },
  hrf: string,
  implantedOn: string,
): Promise<{ device: Device; procedure: Procedure; use: DeviceUseStatement }> {
  const device = await medplum.createResourceIfNoneExist<Device>(
    buildImplant(createReference(patient), hrf),
    `udi-carrier:exact=${encodeURIComponent(hrf)}`,
  );
  const procedure = await medplum.createResource<Procedure>({
    resourceType: 'Procedure',
    status: 'completed',
    code: { text: 'Insertion of cardiac resynchronization therapy pacemaker' },
    subject: createReference(patient),
    performedDateTime: implantedOn,
    focalDevice: [{ manipulated: createReference(device) }],
  });
  const use = await medplum.createResourceIfNoneExist<DeviceUseStatement>(
    {
      resourceType: 'DeviceUseStatement',
      status: 'active',
      subject: createReference(patient),
      device: createReference(device),
      timingDateTime: implantedOn,
      derivedFrom: [createReference(procedure)],
    },
    `device=Device/${device.id}`,
  );
  return { device, procedure, use };
}

/** A patient's implants, for the chart and for MRI safety checks. */
export async function patientImplants(medplum: MedplumClient, patientId: string): Promise<Device[]> {
  return medplum.searchResources('Device', { patient: `Patient/${patientId}`, status: 'active' });
}
// #endregion record
