/**
 * The platform areas of the main guide, in the order the spec gives them, grouped under the
 * section titles the sidebar shows. The sidebar and the home page cards both read this list, so
 * an area is added in one place. Labels come from each area's index page, not from here.
 */
export interface GuideSection {
  /** Title shown as an `html` item above the section's categories. */
  title: string;
  /** Folder names under docs/, each holding an index page and the area's guides. */
  areas: string[];
}

export const GUIDE_SECTIONS: GuideSection[] = [
  { title: 'Get started', areas: ['tutorials', 'app', 'provider'] },
  { title: 'Identity and access', areas: ['auth', 'access'] },
  {
    title: 'Clinical workflows',
    areas: [
      'workflows',
      'intake',
      'questionnaires',
      'careplans',
      'labs-imaging',
      'charting',
      'scheduling',
      'communications',
      'medications',
      'billing',
      'terminology',
      'fhircast',
    ],
  },
  { title: 'Automation', areas: ['bots', 'subscriptions', 'cli', 'agent'] },
  {
    title: 'Data and APIs',
    areas: [
      'fhir-datastore',
      'patient-identity',
      'search',
      'graphql',
      'ui-components',
      'integration',
      'migration',
      'analytics',
      'tools',
      'ai',
    ],
  },
  { title: 'Operate', areas: ['self-hosting', 'releases', 'contributing', 'compliance'] },
  { title: 'When something fails', areas: ['troubleshooting'] },
];

/** Every area in spec order. */
export const GUIDE_AREAS: string[] = GUIDE_SECTIONS.flatMap((s) => s.areas);

/**
 * What a newcomer came to do, for the front page. Each goal names areas from the list above, in
 * the order to read them; the front page shows those whose index page exists, so a new area
 * appears there as soon as it is written. Every area belongs to at least one goal (a unit test
 * checks), which keeps this list and GUIDE_SECTIONS from drifting apart.
 */
export interface ReaderGoal {
  title: string;
  /** One sentence: who this path is for. */
  blurb: string;
  areas: string[];
}

export const READER_GOALS: ReaderGoal[] = [
  {
    title: 'Build an app',
    blurb: 'Store and query FHIR data from TypeScript and React, then model your clinical workflow.',
    areas: [
      'tutorials',
      'workflows',
      'fhir-datastore',
      'search',
      'ui-components',
      'graphql',
      'app',
      'provider',
      'intake',
      'questionnaires',
      'careplans',
      'labs-imaging',
      'charting',
      'scheduling',
      'communications',
      'medications',
      'billing',
      'terminology',
      'tools',
      'ai',
    ],
  },
  {
    title: 'Sign users in and control access',
    blurb: 'OAuth2, identity providers, projects, access policies and SMART scopes.',
    areas: ['auth', 'access'],
  },
  {
    title: 'Automate with bots and subscriptions',
    blurb: 'Run code when data changes or on a schedule, and drive the platform from the command line.',
    areas: ['bots', 'subscriptions', 'cli'],
  },
  {
    title: 'Integrate with HL7 and other systems',
    blurb: 'Move data between Medplum and hospital systems, labs, imaging and data warehouses.',
    areas: ['integration', 'migration', 'patient-identity', 'agent', 'fhircast', 'analytics'],
  },
  {
    title: 'Fix an error',
    blurb: 'Start from the message or the symptom, then check the resource or search involved with the FHIR tools.',
    areas: ['troubleshooting', 'tools'],
  },
  {
    title: 'Run your own server',
    blurb: 'Install, configure, monitor and secure a self-hosted Medplum.',
    areas: ['self-hosting', 'releases', 'compliance', 'contributing'],
  },
];
