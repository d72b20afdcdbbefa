/**
 * src/theme/LastUpdated formats the page's date without Intl (its locale data would load on every page); it must print exactly
 * what the theme's Intl formatter printed, in UTC, so no page's text changes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatUtcDay } from '../../src/theme/LastUpdated/format';

test('the date reads as the theme formatted it (en-US, short month, UTC day)', () => {
  const intl = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const samples = [
    Date.UTC(2026, 10, 25, 23, 59, 59),
    Date.UTC(2026, 0, 1, 0, 0, 0),
    Date.UTC(2025, 11, 31, 12, 0, 0),
    Date.UTC(2024, 1, 29, 5, 30, 0),
  ];
  for (let month = 0; month < 12; month++) samples.push(Date.UTC(2026, month, 9, 18));
  for (const t of samples) assert.equal(formatUtcDay(t), intl.format(new Date(t)), new Date(t).toISOString());
});
