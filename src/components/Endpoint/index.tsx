/**
 * One HTTP endpoint, drawn the same way on every API reference page: method and path, who may call
 * it, a parameter table and a response table. Every parameter row gets an `id` (`param-<name>`, or
 * `param-<anchorPrefix>-<name>` when a page shows several endpoints with the same parameter names)
 * so other pages can link straight to it. Plain React and a CSS module: no other dependencies,
 * because this component is on many pages.
 */
import React, { type ReactNode } from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import { paramAnchorIds } from './anchors';
import styles from './styles.module.css';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where a parameter travels in the request. */
export type ParamLocation = 'path' | 'query' | 'header' | 'body' | 'form';

export interface EndpointParam {
  /** The name exactly as it appears on the wire (dotted for nested body fields). */
  name: string;
  in: ParamLocation;
  /** JSON or FHIR type, e.g. `string`, `Reference<AccessPolicy>`, `boolean`. */
  type: string;
  required?: boolean;
  /** Value the server uses when the parameter is left out. */
  default?: ReactNode;
  description: ReactNode;
}

export interface EndpointResponse {
  /** HTTP status code, e.g. 201. */
  status: number;
  /** What the body holds, e.g. `Bot`, `OperationOutcome`, `(empty)`. */
  body: ReactNode;
  /** When this response is sent. */
  description: ReactNode;
}

export interface EndpointProps {
  /** One method, or several when the same path accepts more than one (e.g. GET and POST). */
  method: HttpMethod | HttpMethod[];
  /** Path after the server base URL, with `{placeholders}` for path parameters. */
  path: string;
  /** Who may call the endpoint (authentication and role). */
  auth?: ReactNode;
  /** Content type the request body must use, when there is one. */
  requestContentType?: string;
  params?: EndpointParam[];
  responses?: EndpointResponse[];
  /** Added to parameter anchors so two endpoints on one page do not share ids. */
  anchorPrefix?: string;
  /** Optional extra notes rendered under the tables. */
  children?: ReactNode;
}

export { paramAnchorId, paramAnchorIds } from './anchors';

const LOCATION_LABEL: Record<ParamLocation, string> = {
  path: 'path',
  query: 'query',
  header: 'header',
  body: 'body (JSON)',
  form: 'form body',
};

export default function Endpoint(props: EndpointProps): React.JSX.Element {
  const { method, path, auth, requestContentType, params = [], responses = [], anchorPrefix, children } = props;
  const methods = Array.isArray(method) ? method : [method];
  const brokenLinks = useBrokenLinks();
  const anchorIds = paramAnchorIds(params, anchorPrefix);

  return (
    <section className={styles.endpoint} aria-label={`${methods.join(' or ')} ${path}`}>
      <div className={styles.signature}>
        {methods.map((m) => (
          <span key={m} className={`${styles.method} ${styles[`method${m}`]}`}>
            {m}
          </span>
        ))}{' '}
        {/* The spaces between parts keep words apart in the page's text and Markdown twin. */}
        <code className={styles.path}>{path}</code>
      </div>
      {(auth || requestContentType) && (
        <dl className={styles.meta}>
          {auth && (
            <>
              <dt>Who may call</dt>
              <dd>{auth}</dd>
            </>
          )}
          {requestContentType && (
            <>
              <dt>Request body</dt>
              <dd>
                <code>{requestContentType}</code>
              </dd>
            </>
          )}
        </dl>
      )}

      {params.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>Parameters</caption>
            <colgroup>
              <col className={styles.colName} />
              <col className={styles.colType} />
              <col />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type, location, default</th>
                <th scope="col">Meaning</th>
              </tr>
            </thead>
            <tbody>
              {params.map((p, i) => {
                const id = anchorIds[i];
                brokenLinks.collectAnchor(id);
                return (
                  <tr key={`${p.in}:${p.name}`} id={id}>
                    <th scope="row">
                      <a className={styles.anchor} href={`#${id}`}>
                        <code>{p.name}</code>
                      </a>{' '}
                      <span className={p.required ? styles.required : styles.optional}>
                        {p.required ? 'required' : 'optional'}
                      </span>
                    </th>
                    <td>
                      <code className={styles.type}>{p.type}</code>{' '}
                      <span className={styles.detail}>in {LOCATION_LABEL[p.in]}</span>{' '}
                      {p.default !== undefined && <span className={styles.detail}>default: {p.default}</span>}
                    </td>
                    <td>{p.description}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {responses.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>Responses</caption>
            <colgroup>
              <col className={styles.colStatus} />
              <col className={styles.colBody} />
              <col />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Body</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {responses.map((r, i) => (
                <tr key={`${r.status}-${i}`}>
                  <th scope="row">
                    <span className={r.status < 400 ? styles.statusOk : styles.statusError}>{r.status}</span>
                  </th>
                  <td>{r.body}</td>
                  <td>{r.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {children}
    </section>
  );
}
