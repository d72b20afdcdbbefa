/** @jsxRuntime automatic @jsxImportSource react */
/**
 * A patient chart sidebar built on PatientSummary: three of the default sections, problems first,
 * plus a custom section that lists the patient's active care plans.
 */
// #region chart-sidebar
import type { CarePlan, Patient } from '@medplum/fhirtypes';
import { getDefaultSections, PatientSummary } from '@medplum/react';
import type { PatientSummarySectionConfig, SectionRenderContext } from '@medplum/react';
import type { JSX } from 'react';

export function ActiveCarePlans({ results }: SectionRenderContext): JSX.Element {
  const plans = (results.carePlans ?? []) as CarePlan[];
  return (
    <div>
      <h4>Care Plans</h4>
      <ul>
        {plans.map((plan) => (
          <li key={plan.id}>{plan.title ?? 'Untitled care plan'}</li>
        ))}
      </ul>
    </div>
  );
}

const carePlanSection: PatientSummarySectionConfig = {
  key: 'carePlans',
  title: 'Care Plans',
  searches: [{ key: 'carePlans', resourceType: 'CarePlan', patientParam: 'subject', query: { status: 'active' } }],
  component: ActiveCarePlans,
};

const defaults = new Map(getDefaultSections().map((section) => [section.key, section]));
export const sections = ['problemList', 'demographics', 'allergies']
  .map((key) => defaults.get(key))
  .filter((section): section is PatientSummarySectionConfig => section !== undefined)
  .concat(carePlanSection);

export function ChartSidebar({ patient }: { patient: Patient }): JSX.Element {
  return <PatientSummary patient={patient} sections={sections} />;
}
// #endregion chart-sidebar
