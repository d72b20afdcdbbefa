/**
 * One glucose result, shared by the tests that build an ORU^R01 from it (integration and agent),
 * so both check the same message.
 */
import type { LabResult } from '../../../../examples/integration/hl7-v2';

export function glucoseResult(overrides: Partial<LabResult> = {}): LabResult {
  return {
    mrn: 'MRN-40718263',
    family: 'Rivera',
    given: 'Ana',
    orderNumber: 'ORD-778',
    loincCode: '2339-0',
    loincDisplay: 'Glucose [Mass/volume] in Blood',
    value: 98,
    unit: 'mg/dL',
    referenceRange: '70-99',
    observedAt: new Date('2026-01-05T09:15:00Z'),
    ...overrides,
  };
}
