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
  { title: 'Get started', areas: ['tutorials', 'app'] },
  { title: 'Identity and access', areas: ['auth', 'access'] },
  {
    title: 'Clinical workflows',
    areas: [
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
    areas: ['fhir-datastore', 'search', 'graphql', 'ui-components', 'integration', 'analytics', 'tools'],
  },
  { title: 'Operate', areas: ['self-hosting', 'contributing', 'compliance'] },
];

/** Every area in spec order. */
export const GUIDE_AREAS: string[] = GUIDE_SECTIONS.flatMap((s) => s.areas);
