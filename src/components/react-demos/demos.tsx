/**
 * The live demos. Each renders one @medplum/react component against the MockClient that
 * DemoHost provides, and prints what the component reports (events, values) below it so a
 * reader can see the props at work. Regions are shown on the reference pages as the demo's code.
 */
import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import type { Questionnaire, QuestionnaireResponse, Reference, Resource } from '@medplum/fhirtypes';
import {
  CodeableConceptInput,
  DateTimeInput,
  PatientTimeline,
  QuestionnaireForm,
  ReferenceInput,
  ResourceAvatar,
  ResourceBadge,
  ResourceForm,
  ResourceTable,
  SearchControl,
  SignInForm,
  type SearchChangeEvent,
  type SearchClickEvent,
} from '@medplum/react';
import type { SearchRequest } from '@medplum/core';
import { type JSX, type ReactNode, useState } from 'react';

/** Shows the latest value a demo received, as formatted JSON or text. */
function Output({ value }: { value: unknown }): JSX.Element {
  const text =
    value === undefined
      ? 'Nothing yet: interact with the component above.'
      : typeof value === 'string'
        ? value
        : JSON.stringify(value, null, 2);
  return (
    <pre className="react-demo-output" data-testid="demo-output" aria-live="polite">
      {text}
    </pre>
  );
}

function PatientPicker({ value, onChange }: { value: string; onChange: (id: string) => void }): JSX.Element {
  return (
    <SegmentedControl
      aria-label="Patient"
      value={value}
      onChange={onChange}
      data={[
        { label: 'Homer Simpson', value: 'Patient/123' },
        { label: 'Bart Simpson', value: 'Patient/555' },
      ]}
    />
  );
}

// #region resource-table
function ResourceTableDemo(): JSX.Element {
  const [reference, setReference] = useState('Patient/123');
  return (
    <Stack>
      <PatientPicker value={reference} onChange={setReference} />
      {/* key makes the table reload when the reference changes */}
      <ResourceTable key={reference} value={{ reference }} ignoreMissingValues />
    </Stack>
  );
}
// #endregion resource-table

// #region search-control
function SearchControlDemo(): JSX.Element {
  // SearchControl is controlled: keep the request in state and apply every change it reports.
  const [search, setSearch] = useState<SearchRequest>({
    resourceType: 'Patient',
    fields: ['name', 'birthDate', 'gender'],
  });
  const [clicked, setClicked] = useState<string>();
  return (
    <Stack>
      <SearchControl
        search={search}
        hideToolbar
        onChange={(e: SearchChangeEvent) => setSearch(e.definition)}
        onClick={(e: SearchClickEvent) => setClicked(`onClick: ${e.resource.resourceType}/${e.resource.id}`)}
      />
      <Output value={clicked ?? (search.sortRules ? { sortRules: search.sortRules } : undefined)} />
    </Stack>
  );
}
// #endregion search-control

// #region resource-form
function ResourceFormDemo(): JSX.Element {
  const [submitted, setSubmitted] = useState<Resource>();
  return (
    <Stack>
      <ResourceForm
        defaultValue={{
          resourceType: 'Patient',
          name: [{ given: ['Maria'], family: 'Lopez' }],
          birthDate: '1988-03-14',
        }}
        onSubmit={setSubmitted}
      />
      <Output value={submitted} />
    </Stack>
  );
}
// #endregion resource-form

// #region questionnaire-form
const intakeQuestionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'Clinic intake',
  item: [
    { linkId: 'reason', text: 'Reason for the visit', type: 'string', required: true },
    {
      linkId: 'pain',
      text: 'Pain level today',
      type: 'choice',
      answerOption: [
        { valueCoding: { code: 'none', display: 'None' } },
        { valueCoding: { code: 'mild', display: 'Mild' } },
        { valueCoding: { code: 'severe', display: 'Severe' } },
      ],
    },
    { linkId: 'smoker', text: 'Do you smoke?', type: 'boolean' },
  ],
};

function QuestionnaireFormDemo(): JSX.Element {
  const [response, setResponse] = useState<QuestionnaireResponse>();
  return (
    <Stack>
      <QuestionnaireForm questionnaire={intakeQuestionnaire} onSubmit={setResponse} />
      <Output value={response?.item} />
    </Stack>
  );
}
// #endregion questionnaire-form

// #region patient-timeline
function PatientTimelineDemo(): JSX.Element {
  return <PatientTimeline patient={{ reference: 'Patient/123' }} />;
}
// #endregion patient-timeline

// #region resource-badge
function ResourceBadgeDemo({ navigated }: { navigated?: string }): JSX.Element {
  return (
    <Stack>
      <Group>
        <ResourceBadge value={{ reference: 'Patient/123' }} link />
        <ResourceBadge value={{ reference: 'Practitioner/124' }} link />
        <ResourceBadge value={{ reference: 'Organization/125' }} />
      </Group>
      <Output value={navigated} />
    </Stack>
  );
}
// #endregion resource-badge

// #region codeable-concept-input
function CodeableConceptInputDemo(): JSX.Element {
  const [value, setValue] = useState<unknown>();
  return (
    <Stack>
      <CodeableConceptInput
        name="reasonCode"
        path="ServiceRequest.reasonCode"
        label="Reason"
        binding="http://example.com/fhir/ValueSet/demo-reasons"
        maxValues={1}
        onChange={setValue}
      />
      <Output value={value} />
    </Stack>
  );
}
// #endregion codeable-concept-input

// #region date-time-input
function DateTimeInputDemo(): JSX.Element {
  const [value, setValue] = useState<string>();
  return (
    <Stack>
      <DateTimeInput
        name="start"
        label="Appointment start"
        defaultValue="2025-06-02T14:30:00.000Z"
        onChange={setValue}
      />
      <Output value={value === undefined ? undefined : `onChange: ${JSON.stringify(value)}`} />
    </Stack>
  );
}
// #endregion date-time-input

// #region reference-input
function ReferenceInputDemo(): JSX.Element {
  const [value, setValue] = useState<Reference>();
  return (
    <Stack>
      <ReferenceInput
        name="subject"
        targetTypes={['Patient']}
        placeholder="Search patients"
        withinPortal={false}
        onChange={setValue}
      />
      <Output value={value} />
    </Stack>
  );
}
// #endregion reference-input

// #region sign-in-form
function SignInFormDemo(): JSX.Element {
  const [result, setResult] = useState<string>();
  return (
    <Stack>
      <SignInForm
        projectId="demo-project"
        disableGoogleAuth
        onCode={(code) => setResult(`onCode: authorization code "${code}"`)}
      >
        <h2>Sign in to the demo</h2>
      </SignInForm>
      <Output value={result} />
    </Stack>
  );
}
// #endregion sign-in-form

// #region resource-avatar
function ResourceAvatarDemo(): JSX.Element {
  const [reference, setReference] = useState('Patient/123');
  return (
    <Stack>
      <SegmentedControl
        aria-label="Resource"
        value={reference}
        onChange={setReference}
        data={[
          { label: 'Homer (photo)', value: 'Patient/123' },
          { label: 'Dr. Alice Smith (photo)', value: 'Practitioner/124' },
          { label: 'Organization (initials)', value: 'Organization/125' },
        ]}
      />
      <Group>
        <ResourceAvatar value={{ reference }} size="xl" radius="xl" />
        <Button variant="default" onClick={() => setReference('Patient/123')}>
          Reset
        </Button>
      </Group>
    </Stack>
  );
}
// #endregion resource-avatar

export interface DemoProps {
  /** Last path passed to MedplumProvider's `navigate`, shown by demos that link. */
  navigated?: string;
}

export const DEMOS: Record<string, (props: DemoProps) => ReactNode> = {
  ResourceTable: () => <ResourceTableDemo />,
  SearchControl: () => <SearchControlDemo />,
  ResourceForm: () => <ResourceFormDemo />,
  QuestionnaireForm: () => <QuestionnaireFormDemo />,
  PatientTimeline: () => <PatientTimelineDemo />,
  ResourceBadge: ({ navigated }) => <ResourceBadgeDemo navigated={navigated} />,
  CodeableConceptInput: () => <CodeableConceptInputDemo />,
  DateTimeInput: () => <DateTimeInputDemo />,
  ReferenceInput: () => <ReferenceInputDemo />,
  SignInForm: () => <SignInFormDemo />,
  ResourceAvatar: () => <ResourceAvatarDemo />,
};
