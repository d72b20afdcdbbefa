/**
 * Wraps a filled example fence whose region has an HTTP recording in a tab group:
 * TypeScript | HTTP | curl | Python (group `example-lang`: the reader's choice is remembered
 * across pages, as the theme's tabs with a groupId do; see src/client/example-tabs.ts). The three generated panels are plain code blocks
 * (`http`, `bash`, `python`) that Shiki colours at build time, each after one line saying what
 * the reader needs to know. The Markdown twin keeps the TypeScript and HTTP panels
 * (plugins/site/markdown-twins/rehype-clean-twin.ts drops the tab list and the curl and Python panels).
 */
import { MAX_ARRAY_ENTRIES, MAX_STRING_LENGTH, withShownIds, type RegionRecording } from './http-recordings';
import { authOf, curlFromRunnable, httpFromShown, pythonFromRunnable, runnableFromShown } from './http-snippets';
import { entryPosition, type Variable, type VariablePlan } from './http-variables';

const ORDINAL_WORDS: Record<number, string> = { 2: 'second', 3: 'third', 4: 'fourth', 5: 'fifth' };

/** The variables read from a later entry of a search's answer by its position, which the caption names (entryPosition). */
export function readByPosition(plan: VariablePlan): Variable[] {
  return [...plan.captures.values()].flat().filter((v) => entryPosition(v.capture));
}

export const TAB_GROUP = 'example-lang';

interface Node {
  type: string;
  [key: string]: unknown;
}

const text = (value: string): Node => ({ type: 'text', value });
const code = (value: string): Node => ({ type: 'inlineCode', value });
const attr = (name: string, value: string | null): Node => ({ type: 'mdxJsxAttribute', name, value });
const element = (name: string, attributes: Node[], children: Node[]): Node => ({
  type: 'mdxJsxFlowElement',
  name,
  attributes,
  children,
});

function paragraph(...children: Node[]): Node {
  return { type: 'paragraph', children };
}

/**
 * A generated panel's content, in `<div data-example-panel="<key>">`: the page's body stays server
 * HTML (plugins/markdown/static-body), so the panel is not in the page's JavaScript.
 */
function staticPanel(key: string, children: Node[]): Node {
  return element('div', [attr('data-example-panel', key)], children);
}

const TABS: { value: string; label: string }[] = [
  { value: 'ts', label: 'TypeScript' },
  { value: 'http', label: 'HTTP' },
  { value: 'curl', label: 'curl' },
  { value: 'python', label: 'Python' },
];

/**
 * The group as plain HTML with the theme's tab classes (infima's `.tabs`), not the theme's
 * `<Tabs>` component: a component would make the page's whole body hydrate (plugins/markdown/static-body).
 * Switching and remembering the choice is src/client/example-tabs.ts. Without JavaScript the
 * TypeScript panel shows. `id` prefixes the tabs' and panels' ids (unique on the page).
 */
function tabGroup(id: string, panels: Node[][]): Node {
  const tabs = TABS.map(({ value, label }, i) =>
    element(
      'button',
      [
        attr('type', 'button'),
        attr('role', 'tab'),
        attr('id', `${id}-tab-${value}`),
        attr('aria-controls', `${id}-panel-${value}`),
        attr('aria-selected', i === 0 ? 'true' : 'false'),
        attr('tabIndex', i === 0 ? '0' : '-1'),
        attr('data-tab-value', value),
        attr('className', i === 0 ? 'clean-btn tabs__item tabs__item--active' : 'clean-btn tabs__item'),
      ],
      [text(label)],
    ),
  );
  const panelNodes = TABS.map(({ value }, i) =>
    element(
      'div',
      [
        attr('role', 'tabpanel'),
        attr('id', `${id}-panel-${value}`),
        attr('aria-labelledby', `${id}-tab-${value}`),
        attr('data-tab-value', value),
        attr('className', `example-tab example-tab-${value}`),
        // The generated forms repeat the TypeScript example's request: search indexes it once.
        ...(i === 0 ? [] : [attr('hidden', null), attr('data-pagefind-ignore', 'all')]),
      ],
      panels[i],
    ),
  );
  return element(
    'div',
    [attr('className', 'tabs-container example-tabs'), attr('data-tab-group', TAB_GROUP)],
    [
      element(
        'div',
        [
          attr('role', 'tablist'),
          attr('aria-label', 'Show the example as'),
          attr('className', 'tabs'),
          attr('data-pagefind-ignore', 'all'),
        ],
        tabs,
      ),
      element('div', [attr('className', 'margin-top--md')], panelNodes),
    ],
  );
}

/**
 * The curl and Python caption: every variable the tab reads from the environment, and what to set
 * it to: the base URL, the credentials its requests use, the file a request uploads, and the ids
 * it does not read from an earlier response, each with whose id it is (http-variables.ts).
 */
export function envLine(
  rec: RegionRecording,
  toSet: Variable[],
  metaLeftOut: string[] = [],
  byPosition: Variable[] = [],
): Node[] {
  const items: [string, string][] = [
    ['MEDPLUM_BASE_URL', ''],
    ...(rec.requests.some((r) => authOf(r) === 'bearer')
      ? [['ACCESS_TOKEN', ' to an access token'] as [string, string]]
      : []),
    ...(rec.requests.some((r) => authOf(r) === 'basic')
      ? [
          ['MEDPLUM_CLIENT_ID', ' and'] as [string, string],
          ['MEDPLUM_CLIENT_SECRET', ' to a client application’s id and secret'] as [string, string],
        ]
      : []),
    ...(rec.requests.some((r) => r.body && 'binary' in r.body)
      ? [['FILE', ' to the path of the file to send'] as [string, string]]
      : []),
    // MEDPLUM_CLIENT_ID and MEDPLUM_CLIENT_SECRET are named above when the requests also use Basic auth.
    ...toSet
      .filter(
        (v) =>
          !(
            (v.name === 'MEDPLUM_CLIENT_ID' || v.name === 'MEDPLUM_CLIENT_SECRET') &&
            rec.requests.some((r) => authOf(r) === 'basic')
          ),
      )
      .map((v): [string, string] => [v.name, v.what ? ` to ${v.what}` : ` to the id of ${v.of}`]),
  ];
  const out: Node[] = [text('Set ')];
  items.forEach(([name, what], i) => {
    if (i > 0 && items[i - 1][1] !== ' and') out.push(text(i === items.length - 1 ? ' and ' : ', '));
    else if (i > 0) out.push(text(' '));
    out.push(code(name));
    if (i === 0) {
      out.push(text(' to the server’s base URL with its trailing slash (for example '));
      out.push(code('https://api.medplum.com/'));
      out.push(text(')'));
    } else out.push(text(what));
  });
  out.push(text(' first.'));
  for (const v of byPosition) {
    const at = entryPosition(v.capture)!;
    out.push(text(' '), code(v.name), text(` is read from the ${ORDINAL_WORDS[at.n] ?? `number ${at.n}`} `));
    out.push(text(at.type ? `${at.type} entry` : 'entry'));
    out.push(text(' of a search’s answer; on your server that entry may be a different resource.'));
  }
  if (metaLeftOut.length) {
    // The HTTP tab shows them as sent; here they would be ids the reader has to look up for nothing.
    out.push(text(' Request bodies leave out '));
    metaLeftOut.forEach((f, i) => {
      if (i > 0) out.push(text(i === metaLeftOut.length - 1 ? ' and ' : ', '));
      out.push(code(`meta.${f}`));
    });
    out.push(text(', which the server sets itself.'));
  }
  return out;
}

/**
 * The tab group for one example fence (`fenced` is the filled TypeScript code node). `seed` names
 * the region (regionSeed), whose ids and "now" the tabs show. `key` is unique on the site (page
 * path and the fence's number on the page), `id` on the page.
 */
export function exampleTabs(fenced: Node, rec: RegionRecording, seed: string, key: string, id: string): Node {
  const mockAnswers = rec.requests.some((r) => r.response.mock);
  const serverRelease = rec.requests.map((r) => ('server' in r.response ? r.response.server : undefined)).find(Boolean);
  const httpNote = [
    text('What the example sends, recorded when the tests run it. Paths are relative to the server’s base URL ('),
    code('$MEDPLUM_BASE_URL'),
    text(', for example '),
    code('https://api.medplum.com/'),
    text(').'),
    ...(serverRelease
      ? [
          text(' Recorded against Medplum server '),
          text(serverRelease),
          text(
            `: each response is what it answered, trimmed (arrays cut to ${MAX_ARRAY_ENTRIES} entries, strings over ${MAX_STRING_LENGTH.toLocaleString('en-US')} characters not shown). Ids and times are renamed for this example, consistently across its requests.`,
          ),
        ]
      : mockAnswers
        ? [
            text(' Each response is the mock server’s answer, trimmed; a real server adds fields such as '),
            code('meta.author'),
            text(' and answers a create with '),
            code('201 Created'),
            text('.'),
          ]
        : []),
  ];
  // Once per region, shared by the three tabs: withShownIds is the costly step of making them.
  const shown = withShownIds(rec, seed);
  const run = runnableFromShown(shown);
  const { rec: sent, plan, metaLeftOut } = run;
  return tabGroup(id, [
    [fenced],
    [
      staticPanel(`${key}-http`, [
        paragraph(...httpNote),
        { type: 'code', lang: 'http', meta: null, value: httpFromShown(shown) },
      ]),
    ],
    [
      staticPanel(`${key}-curl`, [
        paragraph(...envLine(sent, plan.toSet, metaLeftOut, readByPosition(plan))),
        { type: 'code', lang: 'bash', meta: null, value: curlFromRunnable(run) },
      ]),
    ],
    [
      staticPanel(`${key}-python`, [
        paragraph(...envLine(sent, plan.toSet, metaLeftOut, readByPosition(plan))),
        { type: 'code', lang: 'python', meta: null, value: pythonFromRunnable(run) },
      ]),
    ],
  ]);
}
