/**
 * "Last updated on Nov 25, 2026", formatted without `Intl`.
 *
 * The theme's version builds an `Intl.DateTimeFormat` (with the locale's calendar) while the
 * page hydrates. On a phone, creating the first formatter of a page life loads the locale's data
 * and was the single most expensive function of a guide's start-up (about 110 ms of a 4x-throttled
 * CPU profile, more than any React component). The site is English-only and the date is a UTC day,
 * so a table of month names gives the same text on the server and in the browser, with no work.
 */
import React from 'react';
import { ThemeClassNames } from '@docusaurus/theme-common';
import { formatUtcDay } from './format';

export default function LastUpdated({
  lastUpdatedAt,
  lastUpdatedBy,
}: {
  lastUpdatedAt?: number | null;
  lastUpdatedBy?: string | null;
}): React.JSX.Element {
  return (
    <span className={ThemeClassNames.common.lastUpdated}>
      Last updated
      {lastUpdatedAt ? (
        <>
          {' on '}
          <b>
            <time dateTime={new Date(lastUpdatedAt).toISOString()} itemProp="dateModified">
              {formatUtcDay(lastUpdatedAt)}
            </time>
          </b>
        </>
      ) : null}
      {lastUpdatedBy ? (
        <>
          {' by '}
          <b>{lastUpdatedBy}</b>
        </>
      ) : null}
    </span>
  );
}
