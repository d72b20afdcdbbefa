/**
 * Which code system belongs in which element: the system URLs, a check that a resource's codings use
 * an expected system (and a hint for the usual wrong ones), and an audit of stored data by system.
 */
import type { MedplumClient } from '@medplum/core';
import { CPT, evalFhirPath, LOINC, NDC, RXNORM, SNOMED, UCUM } from '@medplum/core';
import type { CodeableConcept, Coding, Parameters, Quantity, Resource, ResourceType } from '@medplum/fhirtypes';

// #region systems
/** The constants @medplum/core exports: LOINC, SNOMED, RXNORM, CPT, NDC, UCUM. The others: */
export const ICD10CM = 'http://hl7.org/fhir/sid/icd-10-cm';
export const ICD10PCS = 'http://www.cms.gov/Medicare/Coding/ICD10';
export const HCPCS = 'http://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets';
export const CVX = 'http://hl7.org/fhir/sid/cvx';

/** Where each system is expected, by element. The first is the usual US choice. */
export const EXPECTED: Record<string, string[]> = {
  'Condition.code': [ICD10CM, SNOMED],
  'Observation.code': [LOINC, SNOMED],
  'DiagnosticReport.code': [LOINC],
  'ServiceRequest.code': [LOINC, CPT, SNOMED],
  'Procedure.code': [CPT, HCPCS, SNOMED, ICD10PCS],
  'MedicationRequest.medicationCodeableConcept': [RXNORM, NDC],
  'Medication.code': [RXNORM, NDC],
  'AllergyIntolerance.code': [RXNORM, SNOMED],
  'Immunization.vaccineCode': [CVX, NDC],
};

/** Quantities whose unit should be a UCUM code. */
export const QUANTITIES = ['Observation.value.ofType(Quantity)', 'Observation.component.value.ofType(Quantity)'];

/** System URLs that look right but are not what US data is expected to carry. */
export const WRONG: Record<string, string> = {
  'http://hl7.org/fhir/sid/icd-10': `WHO ICD-10; US diagnoses are ICD-10-CM (${ICD10CM})`,
  'http://nucc.org/cvx': `use ${CVX} for CVX`,
  'urn:oid:2.16.840.1.113883.6.1': `the LOINC OID; FHIR uses ${LOINC}`,
  'urn:oid:2.16.840.1.113883.6.96': `the SNOMED CT OID; FHIR uses ${SNOMED}`,
  'urn:oid:2.16.840.1.113883.6.88': `the RxNorm OID; FHIR uses ${RXNORM}`,
  'https://loinc.org': `LOINC is ${LOINC} (http, no trailing slash)`,
  'http://loinc.org/': `LOINC is ${LOINC} (no trailing slash)`,
};
// #endregion systems

// #region check
export interface Finding {
  element: string;
  problem: string;
}

/** Checks one resource against EXPECTED, WRONG and QUANTITIES. An empty list means it passed. */
export function checkSystems(resource: Resource): Finding[] {
  const findings: Finding[] = [];
  for (const [element, systems] of Object.entries(EXPECTED)) {
    if (!element.startsWith(`${resource.resourceType}.`)) {
      continue;
    }
    for (const concept of evalFhirPath(element, resource) as CodeableConcept[]) {
      const codings: Coding[] = concept.coding ?? [];
      for (const c of codings) {
        if (c.system && WRONG[c.system]) {
          findings.push({ element, problem: `${c.system}: ${WRONG[c.system]}` });
        }
      }
      if (!codings.some((c) => c.system && systems.includes(c.system) && c.code)) {
        findings.push({ element, problem: `no coding from ${systems.join(' or ')}` });
      }
    }
  }
  if (resource.resourceType === 'Observation') {
    for (const path of QUANTITIES) {
      for (const q of evalFhirPath(path, resource) as Quantity[]) {
        if (q.code && q.system !== UCUM) {
          findings.push({ element: path, problem: `unit ${q.code} is not marked as UCUM (${UCUM})` });
        }
      }
    }
  }
  return findings;
}

/** Saves a resource only if it passes the check. */
export async function createChecked<T extends Resource>(medplum: MedplumClient, resource: T): Promise<T> {
  const findings = checkSystems(resource);
  if (findings.length > 0) {
    throw new Error(findings.map((f) => `${f.element}: ${f.problem}`).join('; '));
  }
  return medplum.createResource(resource);
}
// #endregion check

// #region audit
/**
 * Finds stored data coded with a system from WRONG. A token written `system|` (no code) matches any
 * code of that system, so one search per element and system is enough.
 */
export async function auditWrongSystems(medplum: MedplumClient): Promise<Record<string, string[]>> {
  const searches: [ResourceType, string, string][] = [
    ['Condition', 'code', 'http://hl7.org/fhir/sid/icd-10'],
    ['Immunization', 'vaccine-code', 'http://nucc.org/cvx'],
    ['Observation', 'code', 'urn:oid:2.16.840.1.113883.6.1'],
  ];
  const found: Record<string, string[]> = {};
  for (const [resourceType, param, system] of searches) {
    const resources = await medplum.searchResources(
      resourceType,
      { [param]: `${system}|`, _count: '100', _elements: 'id' },
      { cache: 'no-cache' },
    );
    if (resources.length > 0) {
      found[`${resourceType}?${param}=${system}|`] = resources.map((r) => `${resourceType}/${r.id}`);
    }
  }
  return found;
}
// #endregion audit

// #region known
/**
 * CodeSystem/$validate-code for one coding: does the server know this code? The answer depends on
 * what the project (or the server's shared base) holds for that system, not on the code being real.
 */
export async function serverKnows(medplum: MedplumClient, coding: Coding): Promise<boolean> {
  const url = medplum.fhirUrl('CodeSystem', '$validate-code');
  url.searchParams.set('url', coding.system ?? '');
  url.searchParams.set('code', coding.code ?? '');
  const out = await medplum.get<Parameters>(url, { cache: 'no-cache' });
  return out.parameter?.find((p) => p.name === 'result')?.valueBoolean === true;
}
// #endregion known
