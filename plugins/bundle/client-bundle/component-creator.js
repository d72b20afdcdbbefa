/**
 * Client replacement for `@docusaurus/core/lib/client/exports/ComponentCreator.js`, matching the
 * route table that ./routes-loader.js writes: the second argument holds the route's loaders
 * themselves (`{__comp: () => import(...), content: () => import(...)}`) instead of a hash to look
 * up in routesChunkNames.json and registry.js. What it renders is unchanged: the loaded modules,
 * in the same shape, with `__comp` as the component, `__context` as its route context and
 * `__props` spread as props.
 */
import React from 'react';
import Loadable from 'react-loadable';
import Loading from '@theme/Loading';
import flat from '@docusaurus/core/lib/client/flat';
import { RouteContextProvider } from '@docusaurus/core/lib/client/routeContext';

function notFound() {
  return Loadable({
    loading: Loading,
    loader: () => import('@theme/NotFound'),
    render(loaded, props) {
      const NotFound = loaded.default;
      return (
        <RouteContextProvider value={{ plugin: { name: 'native', id: 'default' } }}>
          <NotFound {...props} />
        </RouteContextProvider>
      );
    },
  });
}

/** Puts each loaded module back where its loader was: "a.b" -> {a: {b: module}}. */
function unflatten(loaded, path) {
  const out = {};
  for (const [keyPath, loadedModule] of Object.entries(loaded)) {
    // JSON modules load as `{default: value}`; props want the value itself.
    const value = loadedModule.default;
    if (!value) {
      throw new Error(`The page component at ${path} doesn't have a default export. Default-export a React component.`);
    }
    if (typeof value === 'object' || typeof value === 'function') {
      for (const key of Object.keys(loadedModule)) if (key !== 'default') value[key] = loadedModule[key];
    }
    const keys = keyPath.split('.');
    let target = out;
    for (const key of keys.slice(0, -1)) target = target[key] ??= {};
    target[keys[keys.length - 1]] = value;
  }
  return out;
}

export default function ComponentCreator(path, loaders) {
  if (path === '*') return notFound();
  const loader = flat(loaders);
  const Component = Loadable.Map({
    loading: Loading,
    loader,
    render(loaded, props) {
      const { __comp: Page, __context: routeContext, __props: routeProps, ...modules } = unflatten(loaded, path);
      return (
        <RouteContextProvider value={routeContext}>
          <Page {...modules} {...routeProps} {...props} />
        </RouteContextProvider>
      );
    },
  });
  return Component;
}
