/**
 * `<ReactDemo component="ResourceTable" />`: a live @medplum/react demo on a reference page.
 *
 * This island stays tiny on purpose. Mantine, @medplum/react, the mock server and their CSS live
 * in ./DemoHost, loaded with `React.lazy` inside `BrowserOnly`: the build never renders them on
 * the server, and pages without a demo never download them. A demo starts when the reader asks
 * for it: until then the page loads none of that code (about 330 KB gzip), nothing shifts the
 * layout while the page loads, and the main thread stays free for reading. The code starts
 * downloading as soon as the pointer or focus reaches the button.
 */
import BrowserOnly from '@docusaurus/BrowserOnly';
import { type JSX, lazy, Suspense, useState } from 'react';
import styles from './styles.module.css';

const loadDemoHost = () => import(/* webpackChunkName: "react-demo-host" */ './DemoHost');
const DemoHost = lazy(loadDemoHost);

function Placeholder(): JSX.Element {
  return <p className={styles.placeholder}>Loading the live demo…</p>;
}

export default function ReactDemo({ component }: { component: string }): JSX.Element {
  const [running, setRunning] = useState(false);
  return (
    <section className={`react-demo ${styles.demo}`} data-demo={component} aria-label={`Live demo of ${component}`}>
      {running ? (
        <BrowserOnly fallback={<Placeholder />}>
          {() => (
            <Suspense fallback={<Placeholder />}>
              <DemoHost component={component} />
            </Suspense>
          )}
        </BrowserOnly>
      ) : (
        <div className={styles.start}>
          <p className={styles.placeholder}>
            {component} running in your browser against a mock Medplum server: no account, nothing sent anywhere.
          </p>
          <button
            type="button"
            className="button button--primary button--sm"
            onPointerEnter={() => void loadDemoHost()}
            onFocus={() => void loadDemoHost()}
            onClick={() => setRunning(true)}
          >
            Run the live demo
          </button>
        </div>
      )}
    </section>
  );
}
