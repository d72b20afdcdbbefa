import React from 'react';
import Link from '@docusaurus/Link';
import areaCards from '@site/.generated/docs/area-cards.json';
import { GUIDE_SECTIONS } from '@site/sidebars/areas';

/**
 * One card per platform area whose index page exists, grouped as in the sidebar. Titles and
 * descriptions come from each index page's front matter, so the cards never go stale; the docs
 * plugin writes them to a small JSON (plugins/bundle/docs-slim) that only this page bundles, instead of
 * every page carrying every doc's description.
 */
export default function AreaCards(): React.JSX.Element {
  const byId = new Map(areaCards.map((card) => [card.id, card]));
  return (
    <>
      {GUIDE_SECTIONS.map((section) => {
        const present = section.areas.flatMap((area) => byId.get(`${area}/index`) ?? []);
        if (present.length === 0) return null;
        return (
          <section key={section.title} data-pagefind-ignore="all">
            <h3>{section.title}</h3>
            <div className="card-grid">
              {present.map((doc) => (
                <Link key={doc.id} className="doc-card" to={`/docs/${doc.id.replace(/\/index$/, '')}`}>
                  <span className="doc-card__title">{doc.title}</span>
                  <span className="doc-card__description">{doc.description}</span>
                </Link>
              ))}
            </div>
          </section>
        );
      })}
    </>
  );
}
