/**
 * Minimal types for `react-dom/client`, used only because this repository does not install
 * `@types/react-dom`. A real app gets these from `@types/react-dom` (installed by the Vite React
 * template), and this file can be deleted once that package is present here.
 */
declare module 'react-dom/client' {
  import type { ReactNode } from 'react';

  export interface Root {
    render(children: ReactNode): void;
    unmount(): void;
  }

  export function createRoot(container: Element | DocumentFragment): Root;
}
