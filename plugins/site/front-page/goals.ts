/**
 * Resolves the reader goals in sidebars/areas.ts into what the front page shows: for each goal,
 * the first pages of its areas that exist, with their titles and descriptions.
 */
import { READER_GOALS } from '../../../sidebars/areas';

export interface GoalLink {
  title: string;
  description: string;
  to: string;
}

export interface FrontPageGoal {
  title: string;
  blurb: string;
  /** The first two or three areas' index pages: where to start. */
  start: GoalLink[];
  /** The goal's other areas, as plain links. */
  more: GoalLink[];
}

export interface FrontPageData {
  goals: FrontPageGoal[];
  /** "New to FHIR?": a short path through pages that exist. */
  newToFhir: GoalLink[];
  reference: GoalLink[];
}

interface DocMeta {
  id: string;
  title: string;
  description: string;
  permalink: string;
}

const START_COUNT = 3;
const NEW_TO_FHIR = ['fhir-basics', 'tutorials/register', 'tutorials/medplum-hello-world', 'search/basic-search'];
const REFERENCE = ['api/index', 'api/fhir/resources/index', 'sdk/core', 'api/react-components/index'];

export function buildFrontPage(docs: DocMeta[]): FrontPageData {
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const link = (id: string): GoalLink[] => {
    const doc = byId.get(id);
    return doc ? [{ title: doc.title, description: doc.description, to: doc.permalink }] : [];
  };
  const goals = READER_GOALS.map((goal) => {
    const present = goal.areas.flatMap((area) => link(`${area}/index`));
    return {
      title: goal.title,
      blurb: goal.blurb,
      start: present.slice(0, START_COUNT),
      more: present.slice(START_COUNT),
    };
  }).filter((goal) => goal.start.length > 0);
  return { goals, newToFhir: NEW_TO_FHIR.flatMap(link), reference: REFERENCE.flatMap(link) };
}
