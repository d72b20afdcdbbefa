/**
 * The AppShell example, rendered with MockClient (server rendering) inside a router at a given
 * address.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MockClient } from '@medplum/mock';
import { createElement } from 'react';
import { StaticRouter } from 'react-router';
import { App } from '../../../examples/ui-components/app-shell';
import { AppProviders } from '../../../examples/ui-components/providers';
import { renderToStaticMarkup } from './support/render';

/**
 * AppShell reads the menu's open state (localStorage.navbarOpen, as a property) and the layout
 * version from localStorage, its menu reads window.location.pathname and its error boundary the
 * address; Node has neither, so
 * the render gets stand-ins (the menu drawn open) and the globals are restored afterwards.
 */
function withBrowserGlobals<T>(url: string, fn: () => T): T {
  const names = ['localStorage', 'location', 'window'] as const;
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
  const items: Record<string, string> = { navbarOpen: 'true' };
  const localStorage = Object.assign(items, {
    getItem: (key: string) => items[key] ?? null,
    setItem: (key: string, value: string) => {
      items[key] = value;
    },
    removeItem: (key: string) => {
      delete items[key];
    },
  });
  const location = new URL(url, 'https://clinic.example.org');
  const window = { location, innerWidth: 1280, localStorage };
  Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: localStorage });
  Object.defineProperty(globalThis, 'location', { configurable: true, value: location });
  Object.defineProperty(globalThis, 'window', { configurable: true, value: window });
  try {
    return fn();
  } finally {
    names.forEach((name, i) => {
      const descriptor = saved[i];
      if (descriptor) {
        Object.defineProperty(globalThis, name, descriptor);
      } else {
        delete (globalThis as Record<string, unknown>)[name];
      }
    });
  }
}

function renderAt(url: string, medplum = new MockClient()): string {
  return withBrowserGlobals(url, () =>
    renderToStaticMarkup(
      createElement(AppProviders, {
        medplum,
        children: createElement(StaticRouter, {
          location: url,
          children: createElement(App, { children: createElement('main', null, 'Patient list page') }),
        }),
      }),
    ),
  );
}

test('AppShell draws the menu and the page for a signed-in user', () => {
  const html = renderAt('/Patient');
  assert.match(html, /Patient list page/);
  assert.match(html, /Clinic/);
  assert.match(html, /href="\/Patient"/);
  assert.match(html, /href="\/Appointment\?date=2026-12-06"/);
  assert.match(html, />Patients</);
  assert.match(html, />Today</);
  // The router's address reaches AppShell: the matching link is highlighted.
  assert.match(html, /href="\/Patient" data-active="true"/);
  assert.doesNotMatch(html, /href="\/Appointment\?date=2026-12-06" data-active="true"/);
});

test('the query string from the router highlights the link with the same parameters', () => {
  const html = renderAt('/Appointment?date=2026-12-06&_count=20');
  assert.match(html, /href="\/Appointment\?date=2026-12-06" data-active="true"/);
  assert.doesNotMatch(html, /href="\/Patient" data-active="true"/);
});

test('AppShell shows the page without the menu while no one is signed in', () => {
  const html = renderAt('/signin', new MockClient({ profile: null }));
  assert.match(html, /Patient list page/);
  assert.doesNotMatch(html, />Patients</);
});
