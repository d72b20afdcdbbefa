/** plugins/bundle/docs-slim: what the docs plugin's client data keeps, and how DocRoot is split by sidebar. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RouteConfig } from '@docusaurus/types';
import { slimGlobalData, slimVersionMetadata, splitDocRoot, type SidebarItem } from '../../plugins/bundle/docs-slim';

const link = (href: string): SidebarItem => ({ type: 'link', href, label: href, docId: href, unlisted: false });

test('version metadata keeps sidebars, without the doc map, unlisted: false or doc id strings', () => {
  const slim = slimVersionMetadata({
    docs: { a: { id: 'a', title: 'A', description: 'long text', sidebar: 'guide' } },
    docsSidebars: {
      guide: [{ type: 'category', label: 'C', items: [link('/docs/a'), { ...link('/docs/b'), unlisted: true }] }],
    },
  });
  assert.deepEqual(slim.docs, {});
  assert.deepEqual(slim.docsSidebars, {
    guide: [
      {
        type: 'category',
        label: 'C',
        items: [
          { type: 'link', href: '/docs/a', label: '/docs/a', docId: 1 },
          { type: 'link', href: '/docs/b', label: '/docs/b', docId: 1, unlisted: true },
        ],
      },
    ],
  });
});

test('global data keeps versions but no per-doc list', () => {
  const slim = slimGlobalData({ path: '/docs', versions: [{ name: 'current', docs: [{ id: 'a' }], sidebars: {} }] });
  assert.deepEqual(slim, { path: '/docs', versions: [{ name: 'current', docs: [], sidebars: {} }] });
});

test('a sidebar whose pages have their own folders gets its own DocRoot, matched first', () => {
  const doc = (path: string, sidebar?: string): RouteConfig => ({
    path,
    component: 'DocItem',
    exact: true,
    ...(sidebar && { sidebar }),
  });
  const root: RouteConfig = {
    path: '/docs',
    component: '@theme/DocRoot',
    routes: [
      doc('/docs', 'guide'),
      doc('/docs/auth/x', 'guide'),
      doc('/docs/api', 'api'),
      doc('/docs/sdk/core', 'api'),
      doc('/docs/orphan'),
    ],
  };
  const sidebars = { guide: [link('/docs/auth/x')], api: [link('/docs/api')] };
  const [api, rest] = splitDocRoot(root, sidebars);
  assert.equal(api.path, '/docs/:section(api|sdk)');
  assert.deepEqual(
    api.routes?.map((r) => r.path),
    ['/docs/api', '/docs/sdk/core'],
  );
  assert.deepEqual(api.props, { sidebars: { api: sidebars.api } });
  assert.equal(rest.path, '/docs');
  assert.deepEqual(
    rest.routes?.map((r) => r.path),
    ['/docs', '/docs/auth/x', '/docs/orphan'],
  );
  assert.deepEqual(rest.props, { sidebars: { guide: sidebars.guide } });
});

test('sidebars that share a folder stay together in one DocRoot', () => {
  const root: RouteConfig = {
    path: '/docs',
    component: '@theme/DocRoot',
    routes: [
      { path: '/docs/api/a', component: 'DocItem', sidebar: 'api' },
      { path: '/docs/api/b', component: 'DocItem', sidebar: 'guide' },
    ],
  };
  const routes = splitDocRoot(root, { api: [], guide: [] });
  assert.equal(routes.length, 1);
  assert.deepEqual(routes[0].props, { sidebars: { api: [], guide: [] } });
});
