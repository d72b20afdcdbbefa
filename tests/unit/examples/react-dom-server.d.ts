/**
 * @types/react-dom is not installed; this declares the one function the example tests use.
 * Remove it if @types/react-dom is added to devDependencies.
 */
declare module 'react-dom/server' {
  import type { ReactNode } from 'react';
  export function renderToString(element: ReactNode): string;
}
