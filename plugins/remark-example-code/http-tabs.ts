/**
 * Wraps a filled example fence whose region has an HTTP recording in a tab group:
 * TypeScript | HTTP | curl | Python (Docusaurus `@theme/Tabs`, groupId `example-lang`, so the
 * reader's choice is remembered across pages). The three generated panels are plain code blocks
 * (`http`, `bash`, `python`) that Shiki colours at build time, each after one line saying what
 * the reader needs to know. The Markdown twin keeps the TypeScript and HTTP panels
 * (plugins/markdown-twins/rehype-clean-twin.ts drops the tab list and the curl and Python panels).
 */
import type { RegionRecording } from './http-recordings';
import { toCurl, toHttp, toPython } from './http-snippets';

export const TAB_GROUP = 'example-lang';
/** Local names of the imported components (unlikely to clash with a page's own imports). */
const TABS = 'ExampleLangTabs';
const TAB_ITEM = 'ExampleLangTabItem';

interface Node {
  type: string;
  [key: string]: unknown;
}

const text = (value: string): Node => ({ type: 'text', value });
const code = (value: string): Node => ({ type: 'inlineCode', value });
const attr = (name: string, value: string | null): Node => ({ type: 'mdxJsxAttribute', name, value });

function paragraph(...children: Node[]): Node {
  return { type: 'paragraph', children };
}

/**
 * A generated panel's content, in `<div data-example-panel="<key>">`: the client build leaves it
 * out of the page's JavaScript and keeps the server's HTML (./panels.ts).
 */
function staticPanel(key: string, children: Node[]): Node {
  return { type: 'mdxJsxFlowElement', name: 'div', attributes: [attr('data-example-panel', key)], children };
}

function tab(value: string, label: string, children: Node[], isDefault = false): Node {
  const attributes = [attr('value', value), attr('label', label), attr('className', `example-tab example-tab-${value}`)];
  if (isDefault) attributes.push(attr('default', null));
  return { type: 'mdxJsxFlowElement', name: TAB_ITEM, attributes, children };
}

function envLine(): Node[] {
  return [
    text('Set '),
    code('MEDPLUM_BASE_URL'),
    text(' to the server’s base URL with its trailing slash (for example '),
    code('https://api.medplum.com/'),
    text(') and '),
    code('ACCESS_TOKEN'),
    text(' to an access token first.'),
  ];
}

/**
 * The tab group for one example fence (`fenced` is the filled TypeScript code node). `key` is
 * unique on the site (page path and the fence's number on the page).
 */
export function exampleTabs(fenced: Node, rec: RegionRecording, key: string): Node {
  const mockAnswers = rec.requests.some((r) => r.response.mock);
  const httpNote = [
    text('What the example sends, recorded when the tests run it. Paths are relative to the server’s base URL ('),
    code('$MEDPLUM_BASE_URL'),
    text(', for example '),
    code('https://api.medplum.com/'),
    text(').'),
    ...(mockAnswers
      ? [
          text(' Each response is the mock server’s answer, trimmed; a real server adds fields such as '),
          code('meta.author'),
          text(' and answers a create with '),
          code('201 Created'),
          text('.'),
        ]
      : []),
  ];
  return {
    type: 'mdxJsxFlowElement',
    name: TABS,
    attributes: [attr('groupId', TAB_GROUP), attr('className', 'example-tabs')],
    children: [
      tab('ts', 'TypeScript', [fenced], true),
      tab('http', 'HTTP', [staticPanel(`${key}-http`, [paragraph(...httpNote), { type: 'code', lang: 'http', meta: null, value: toHttp(rec) }])]),
      tab('curl', 'curl', [staticPanel(`${key}-curl`, [paragraph(...envLine()), { type: 'code', lang: 'bash', meta: null, value: toCurl(rec) }])]),
      tab('python', 'Python', [
        staticPanel(`${key}-python`, [paragraph(...envLine()), { type: 'code', lang: 'python', meta: null, value: toPython(rec) }]),
      ]),
    ],
  };
}

/** `import ExampleLangTabs from '@theme/Tabs'; import ExampleLangTabItem from '@theme/TabItem';` as an MDX ESM node. */
export function tabsImport(): Node {
  const declaration = (local: string, source: string) => ({
    type: 'ImportDeclaration',
    specifiers: [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name: local } }],
    source: { type: 'Literal', value: source, raw: JSON.stringify(source) },
  });
  return {
    type: 'mdxjsEsm',
    value: `import ${TABS} from '@theme/Tabs';\nimport ${TAB_ITEM} from '@theme/TabItem';`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [declaration(TABS, '@theme/Tabs'), declaration(TAB_ITEM, '@theme/TabItem')],
      },
    },
  };
}
