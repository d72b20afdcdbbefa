import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type { FrontPageData, GoalLink } from '../../goals';
import styles from './styles.module.css';

/**
 * The front door: search first, then one route per reader goal with the pages to open first.
 * Plain links and a plain GET form: nothing here needs JavaScript to work.
 */
export default function FrontPage({ data }: { data: FrontPageData }): React.JSX.Element {
  // A plain form does not get the base URL the way <Link> does.
  const searchPage = useBaseUrl('/search');
  return (
    <Layout title="Medplum Docs" description="Guides and reference for building on the Medplum FHIR R4 platform.">
      <main data-pagefind-ignore="all">
        <section className={styles.hero}>
          <div className="container">
            <h1 className={styles.title}>Medplum Docs</h1>
            <p className={styles.tagline}>
              Build, secure, automate and run healthcare apps on Medplum, the open-source FHIR R4 platform.
            </p>
            <form className={styles.search} action={searchPage} method="get" role="search">
              <label htmlFor="front-search" className={styles.searchLabel}>
                Search the docs
              </label>
              <div className={styles.searchRow}>
                <input
                  id="front-search"
                  className={styles.searchInput}
                  type="search"
                  name="q"
                  placeholder="e.g. access policy, bot cron, chained search"
                  autoComplete="off"
                />
                <button className={styles.searchButton} type="submit">
                  Search
                </button>
              </div>
            </form>
          </div>
        </section>
        <div className="container margin-vert--lg">
          <h2 className={styles.sectionTitle}>What do you want to do?</h2>
          <div className={styles.goals}>
            {data.goals.map((goal) => (
              <section key={goal.title} className={styles.goal} aria-labelledby={slug(goal.title)}>
                <h3 id={slug(goal.title)} className={styles.goalTitle}>
                  {goal.title}
                </h3>
                <p className={styles.goalBlurb}>{goal.blurb}</p>
                <LinkList links={goal.start} />
                {goal.more.length > 0 && (
                  <p className={styles.more}>
                    Also:{' '}
                    {goal.more.map((page, i) => (
                      <React.Fragment key={page.to}>
                        {i > 0 && ', '}
                        <Link to={page.to}>{page.title}</Link>
                      </React.Fragment>
                    ))}
                  </p>
                )}
              </section>
            ))}
            <section className={styles.goal} aria-labelledby="goal-reference">
              <h3 id="goal-reference" className={styles.goalTitle}>
                Look something up
              </h3>
              <p className={styles.goalBlurb}>Every endpoint, FHIR resource, SDK export and React component.</p>
              <LinkList links={data.reference} />
            </section>
          </div>
          {data.newToFhir.length > 0 && (
            <section className={styles.path} aria-labelledby="new-to-fhir">
              <h2 id="new-to-fhir" className={styles.sectionTitle}>
                New to FHIR?
              </h2>
              <ol className={styles.pathSteps}>
                {data.newToFhir.map((page) => (
                  <li key={page.to}>
                    <Link to={page.to}>{page.title}</Link>
                    <span className={styles.pageDescription}>{page.description}</span>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
      </main>
    </Layout>
  );
}

function LinkList({ links }: { links: GoalLink[] }): React.JSX.Element {
  return (
    <ul className={styles.startList}>
      {links.map((page) => (
        <li key={page.to}>
          <Link to={page.to}>{page.title}</Link>
          <span className={styles.pageDescription}>{page.description}</span>
        </li>
      ))}
    </ul>
  );
}

function slug(title: string): string {
  return `goal-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}
