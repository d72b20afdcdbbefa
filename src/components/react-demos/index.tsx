/**
 * `<ReactDemo component="ResourceTable" />`: a live @medplum/react demo on a reference page.
 *
 * This island stays tiny on purpose. Mantine, @medplum/react, the mock server and their CSS live
 * in ./DemoHost, loaded with `React.lazy` inside `BrowserOnly`: the build never renders them on
 * the server, and pages without a demo never download them.
 */
import BrowserOnly from '@docusaurus/BrowserOnly';
import { type JSX, lazy, Suspense } from 'react';
import styles from './styles.module.css';

const DemoHost = lazy(() => import(/* webpackChunkName: "react-demo-host" */ './DemoHost'));

function Placeholder(): JSX.Element {
  return <p className={styles.placeholder}>Loading the live demo…</p>;
}

export default function ReactDemo({ component }: { component: string }): JSX.Element {
  return (
    <section className={`react-demo ${styles.demo}`} data-demo={component} aria-label={`Live demo of ${component}`}>
      <BrowserOnly fallback={<Placeholder />}>
        {() => (
          <Suspense fallback={<Placeholder />}>
            <DemoHost component={component} />
          </Suspense>
        )}
      </BrowserOnly>
    </section>
  );
}
