/**
 * Everything heavy behind the demos: Mantine and @medplum/react (JS and CSS), the MockClient
 * and its schema. Only `index.tsx` imports this file, through `React.lazy`, so it becomes a
 * separate chunk that a page downloads only when it renders a demo.
 *
 * The stylesheets are not imported as CSS: the site's bundler merges every imported CSS file
 * into the one stylesheet all pages load. They arrive as a string in this chunk instead (built
 * by plugins/generate/react-reference/demo-schema.ts) and are injected while a demo is mounted.
 */
import { MantineProvider } from '@mantine/core';
import { indexSearchParameter, indexStructureDefinitionBundle } from '@medplum/core';
import type { Resource, ResourceType, SearchParameter, StructureDefinition } from '@medplum/fhirtypes';
import {
  BartSimpson,
  BlinkyTheFish,
  DrAliceSmith,
  HomerSimpson,
  HomerSimpsonPreviousVersion,
  HomerSimpsonUSCorePatient,
  LisaSimpson,
  MockClient,
} from '@medplum/mock';
import { MedplumProvider } from '@medplum/react';
import { useColorMode } from '@docusaurus/theme-common';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { type JSX, useEffect, useState } from 'react';
import demoSchema from '@site/.generated/react-reference/demo-schema.json';
import demoStyles from '@site/.generated/react-reference/demo-styles.json';
import { DEMOS } from './demos';
import { localizeUrls } from './localize';

interface DemoSchema {
  structureDefinitions: StructureDefinition[];
  searchParameters: SearchParameter[];
}

let styleUsers = 0;

/** Adds the demo stylesheet to <head> while at least one demo is mounted. */
function useDemoStyles(): void {
  useEffect(() => {
    styleUsers += 1;
    let style = document.querySelector<HTMLStyleElement>('style[data-react-demo-styles]');
    if (!style) {
      style = document.createElement('style');
      style.dataset.reactDemoStyles = '';
      style.textContent = demoStyles.css;
      document.head.appendChild(style);
    }
    return () => {
      styleUsers -= 1;
      if (styleUsers === 0) style?.remove();
    };
  }, []);
}

/** Makes `requestSchema()` a no-op for the demo types: MockClient cannot serve that query. */
function indexDemoSchema(): void {
  const schema = demoSchema as unknown as DemoSchema;
  indexStructureDefinitionBundle(schema.structureDefinitions);
  for (const sp of schema.searchParameters) indexSearchParameter(sp);
}

/** Resource types whose sample data carries pictures or attachments. */
const TYPES_WITH_MEDIA: ResourceType[] = [
  'Patient',
  'Practitioner',
  'RelatedPerson',
  'Media',
  'Communication',
  'DiagnosticReport',
];

async function createDemoClient(localImage: string): Promise<MockClient> {
  // The mock seeds its repository from the sample resources it exports (current and previous
  // versions alike), so localizing those objects first keeps every version free of remote URLs.
  // These are the exports of @medplum/mock 5.2.13 whose attachments point at other hosts.
  const samplesWithPhotos = [
    BartSimpson,
    BlinkyTheFish,
    DrAliceSmith,
    HomerSimpson,
    HomerSimpsonPreviousVersion,
    HomerSimpsonUSCorePatient,
    LisaSimpson,
  ];
  for (const sample of samplesWithPhotos) localizeUrls(sample, localImage);
  const medplum = new MockClient();
  // The mock seeds its sample data (and loads a few schemas of its own) on the first request.
  await medplum.searchResources('Patient');
  // Index the full R4 definitions afterwards, so they are the ones the components use.
  indexDemoSchema();
  // Safety net for current versions of anything else the mock seeds.
  const repo = medplum.repo;
  await repo.withSeeding(async () => {
    for (const resourceType of TYPES_WITH_MEDIA) {
      const bundle = await repo.search<Resource>({ resourceType });
      for (const entry of bundle.entry ?? []) {
        const resource = entry.resource;
        if (resource && localizeUrls(resource, localImage)) await repo.updateResource(resource);
      }
    }
  });
  medplum.invalidateAll();
  return medplum;
}

export default function DemoHost({ component }: { component: string }): JSX.Element {
  useDemoStyles();
  const { colorMode } = useColorMode();
  const localImage = useBaseUrl('/logo.svg');
  const [medplum, setMedplum] = useState<MockClient>();
  const [navigated, setNavigated] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    createDemoClient(localImage)
      .then(setMedplum)
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  }, [localImage]);

  const Demo = DEMOS[component];
  if (!Demo) return <p className="react-demo-error">No demo is registered for {component}.</p>;
  if (error) return <p className="react-demo-error">The demo could not start: {error}</p>;
  if (!medplum) return <p className="react-demo-loading">Starting the mock server…</p>;
  return (
    <MedplumProvider medplum={medplum} navigate={(path: string) => setNavigated(`navigate("${path}")`)}>
      <MantineProvider forceColorScheme={colorMode}>
        <div className="react-demo-stage" data-testid="demo-stage">
          <Demo navigated={navigated} />
        </div>
      </MantineProvider>
    </MedplumProvider>
  );
}
