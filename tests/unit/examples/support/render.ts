/**
 * Server rendering of the React examples inside AppProviders, for tests that check the markup and
 * then call the handlers an example passes to the component it returns (onSubmit, onChange, ...),
 * as that component would on a click or a keystroke. There is no DOM in these tests, so state
 * changes after the first render are not drawn.
 */
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import type { MedplumClient } from '@medplum/core';
import type { JSX, ReactElement } from 'react';
import { createElement } from 'react';
import { AppProviders } from '../../../../examples/ui-components/providers';

// @types/react-dom is not installed in this site, so load the server renderer untyped.
export const { renderToStaticMarkup } = createRequire(__filename)('react-dom/server') as {
  renderToStaticMarkup(element: ReactElement): string;
};

/**
 * Renders `render()` (a call of the example component, so its hooks run inside the providers) and
 * returns the markup with the element the component returned, whose props are what the example
 * gave the Medplum component. `navigate` receives the paths the components navigate to.
 */
export function renderAndCapture<P>(
  medplum: MedplumClient,
  render: () => JSX.Element | null,
  navigate?: (path: string) => void,
): { html: string; element: ReactElement<P> } {
  let element: ReactElement<P> | undefined;
  function Capture(): JSX.Element | null {
    const result = render();
    element = (result ?? undefined) as ReactElement<P> | undefined;
    return result;
  }
  const html = renderToStaticMarkup(
    createElement(AppProviders, { medplum, navigate, children: createElement(Capture) }),
  );
  assert.ok(element, 'the component rendered something');
  return { html, element };
}
