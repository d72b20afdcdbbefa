/**
 * The live demos, by component. This file is plain data: the reference generator reads it to put
 * a demo on the right pages, and the browser test reads it to visit them. The demo code itself
 * lives in ./demos.tsx, which is only loaded on a page that shows a demo.
 */
export interface DemoInfo {
  /** Exported component the demo shows; also the key of its implementation in demos.tsx. */
  component: string;
  /** Region of demos.tsx shown under the demo as its source. */
  region: string;
  /** What to try, shown above the demo. */
  tryIt: string;
}

export const DEMO_CATALOG: DemoInfo[] = [
  {
    component: 'ResourceTable',
    region: 'resource-table',
    tryIt:
      'Pick another patient above the table: the table reads that Patient from the mock server and lists every populated element.',
  },
  {
    component: 'SearchControl',
    region: 'search-control',
    tryIt:
      'Click a row to see the `onClick` event, or click a column header and choose a sort order: the control reports the new search through `onChange` and the demo passes it back.',
  },
  {
    component: 'ResourceForm',
    region: 'resource-form',
    tryIt:
      'Edit a field and press **Create**: the demo prints the resource that `onSubmit` receives instead of saving it.',
  },
  {
    component: 'QuestionnaireForm',
    region: 'questionnaire-form',
    tryIt: 'Answer the questions and submit: the demo prints the QuestionnaireResponse that `onSubmit` receives.',
  },
  {
    component: 'PatientTimeline',
    region: 'patient-timeline',
    tryIt:
      'Type a comment and press Enter (or the message button next to the box): the timeline creates a Communication on the mock server and shows it at the top.',
  },
  {
    component: 'ResourceBadge',
    region: 'resource-badge',
    tryIt:
      'Click a badge: with `link` set it navigates through the provider’s `navigate` function, which this demo replaces with a message.',
  },
  {
    component: 'CodeableConceptInput',
    region: 'codeable-concept-input',
    tryIt:
      'Type in the box (for example `test`) and choose a code: the options come from a ValueSet `$expand` on the mock server, which answers every expansion with the same three test codes.',
  },
  {
    component: 'DateTimeInput',
    region: 'date-time-input',
    tryIt: 'Change the date or time: `onChange` receives the value as an ISO 8601 string in UTC.',
  },
  {
    component: 'ReferenceInput',
    region: 'reference-input',
    tryIt: 'Type part of a name (for example `Simpson`) and choose a patient: `onChange` receives a Reference.',
  },
  {
    component: 'SignInForm',
    region: 'sign-in-form',
    tryIt:
      'Enter any email address, press **Continue**, then enter the password `password` and sign in: the mock server answers with an authorization code, which `onCode` receives. Any other password shows the mock’s error message.',
  },
  {
    component: 'ResourceAvatar',
    region: 'resource-avatar',
    tryIt:
      'Switch between resources: the avatar shows the photo when the resource has one and initials when it does not. (The sample photos are replaced with this site’s logo so that the demo loads nothing from other hosts.)',
  },
];
