import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';

/** The site's front door: two ways in, the guide and the reference. */
export default function Home(): React.JSX.Element {
  return (
    <Layout title="Medplum Docs" description="Guides and reference for building on the Medplum FHIR R4 platform.">
      <main className="container margin-vert--xl" data-pagefind-ignore="all">
        <h1>Medplum Docs</h1>
        <p className="margin-bottom--lg">
          Guides, API reference and SDK reference for developers and administrators who build on, run and secure the
          Medplum FHIR R4 platform.
        </p>
        <div className="card-grid">
          <Link className="doc-card" to="/docs">
            <span className="doc-card__title">Guides</span>
            <span className="doc-card__description">
              Learn the platform area by area, from your first app to self-hosting.
            </span>
          </Link>
          <Link className="doc-card" to="/docs/fhir-basics">
            <span className="doc-card__title">FHIR basics</span>
            <span className="doc-card__description">
              New to FHIR R4? Resources, references, bundles and search in one page.
            </span>
          </Link>
        </div>
      </main>
    </Layout>
  );
}
