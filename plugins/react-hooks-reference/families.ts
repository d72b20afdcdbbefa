/**
 * Which page documents which export of @medplum/react-hooks, the purpose group each page is
 * listed under on the overview, and the example each page shows.
 *
 * Every page needs an example (a region of a file under examples/react-hooks/, type-checked by
 * `npm run typecheck` and run by tests/unit/examples/react-hooks.test.ts). An exported function
 * that no page lists fails the build with a `HooksReferenceError` naming it: add it to a page
 * here, or give it a page of its own with an example.
 *
 * Facts in `intro` and `notes` were read from the package's TypeScript sources, which its source
 * map (dist/esm/index.mjs.map) carries; `sources` names the files each page rests on.
 */

export const ROUTE_BASE = '/docs/api/react-hooks';
const PKG = '@medplum/react-hooks@5.2.13';

export interface ExampleRef {
  /** Path from the site root, e.g. examples/react-hooks/data.tsx. */
  file: string;
  region: string;
  /** One sentence said before the code. */
  caption: string;
}

export interface HookPage {
  /** Page slug under /docs/api/react-hooks/. */
  slug: string;
  title: string;
  /** Front matter description: one sentence for search results and link previews. */
  description: string;
  /** Opening paragraph (MDX-safe Markdown). */
  intro: string;
  /** Optional further sections, starting at heading level 2 (MDX-safe Markdown). */
  notes?: string;
  /** Exports documented on the page, in the order shown. */
  members: string[];
  /** The overview group the page is listed under. */
  group: string;
  examples: ExampleRef[];
  /** Package source files the intro and notes rest on, besides the declarations. */
  sources: string[];
}

/** Overview groups, in the order the overview lists them. */
export const GROUPS: { title: string; anchor: string; blurb: string }[] = [
  {
    title: 'Context and the client',
    anchor: 'context',
    blurb: "Reach the client, the signed-in profile and the app's navigation from any component.",
  },
  {
    title: 'Reading and searching data',
    anchor: 'reading-data',
    blurb: 'Load one resource or run a FHIR search, with loading and error state.',
  },
  {
    title: 'Live updates',
    anchor: 'live-updates',
    blurb: 'React to changes made by this client or, over a WebSocket, by anyone on the server.',
  },
  {
    title: 'Questionnaires',
    anchor: 'questionnaires',
    blurb: 'Drive a questionnaire form and build, check and clean up its QuestionnaireResponse.',
  },
  {
    title: 'Value sets',
    anchor: 'value-sets',
    blurb: 'Find out whether the server can expand a value set before showing a coded input.',
  },
  {
    title: 'Data behind Medplum components',
    anchor: 'component-data',
    blurb: 'The data layers of PatientSummary, ResourceBoard and ThreadInbox, for building your own views.',
  },
  {
    title: 'Medications and e-prescribing',
    anchor: 'medications',
    blurb: 'Vendor-neutral calls to the e-prescribing bots and operations a project deploys.',
  },
  {
    title: 'Speech to text',
    anchor: 'speech',
    blurb: "Dictation through the Medplum server's realtime transcription WebSocket.",
  },
  {
    title: 'Utilities',
    anchor: 'utilities',
    blurb: "Small general-purpose hooks that Medplum's own hooks and components are built with.",
  },
];

const DATA = 'examples/react-hooks/data.tsx';
const HELPERS = 'examples/react-hooks/helpers.ts';
const CONTEXT = 'examples/react-hooks/context.tsx';

export const PAGES: HookPage[] = [
  {
    slug: 'medplum-context',
    title: 'MedplumProvider and context hooks',
    description:
      'MedplumProvider and the hooks that read its context: useMedplum, useMedplumProfile, useMedplumContext and useMedplumNavigate.',
    intro:
      '`MedplumProvider` puts one `MedplumClient` into React context, together with the signed-in profile, a loading flag and a navigate function. The hooks that work with Medplum data read the client through `useMedplum()`, so each of them must be called from a component below a `MedplumProvider`. Outside one, the context is `undefined`: `useMedplumContext()` returns `undefined` although its type does not say so, and the other hooks fail with a `TypeError` when they read from it.',
    notes: `## What the provider keeps current {#provider-state}

The provider listens to the client's \`change\`, \`storageInitialized\`, \`storageInitFailed\`, \`profileRefreshing\` and \`profileRefreshed\` events. On each one it re-reads \`getProfile()\` and \`isLoading()\` and re-renders its consumers, so signing in, signing out and a profile refresh reach every component that calls \`useMedplumProfile()\` or \`useMedplumContext()\` without further wiring. \`loading\` is true while the client is still restoring a stored session; render a placeholder rather than a sign-in prompt until it turns false.

When \`navigate\` is not given, the provider falls back to \`window.location.assign(path)\`, a full page load. Pass your router's navigate function to keep navigation inside a single-page app.

The same provider is exported by \`@medplum/react\`, which re-exports this whole package: see [MedplumProvider](/docs/api/react-components/medplum-provider) in the component reference for how it fits with Mantine's provider.`,
    members: ['MedplumProvider', 'useMedplum', 'useMedplumProfile', 'useMedplumContext', 'useMedplumNavigate'],
    group: 'Context and the client',
    examples: [
      { file: CONTEXT, region: 'provider', caption: 'Wrap the app once, near its root:' },
      {
        file: CONTEXT,
        region: 'profile',
        caption:
          'Any component below it can then read the client, the profile, the loading flag and the navigate function:',
      },
    ],
    sources: [
      `${PKG} src/MedplumProvider/MedplumProvider.tsx (event listeners, navigate fallback)`,
      `${PKG} src/MedplumProvider/MedplumProvider.context.ts (useMedplum, useMedplumContext, useMedplumNavigate, useMedplumProfile)`,
    ],
  },
  {
    slug: 'use-resource',
    title: 'useResource',
    description:
      "useResource turns a FHIR resource or a Reference into the resource, reading it through the client's cache when needed.",
    intro:
      "`useResource` accepts either a resource object or a `Reference` and returns the resource. A resource object is returned on the first render as it is. A reference is looked up in the client's cache first; if it is not cached, the hook returns `undefined` and reads it with `readReference` in an effect, then re-renders with the result. On a failed read it returns `undefined` and passes the error, as an `OperationOutcome`, to `setOutcome` when you gave one.",
    notes: `## Things to know {#things-to-know}

- The hook compares the new result with the current one by value (\`deepEquals\`) before updating, so re-reading an unchanged resource does not re-render.
- Passing a new object each render (an inline \`{ reference: ... }\` literal) re-runs the effect every render. Keep references stable with \`useMemo\`, or pass the reference string through props.
- Because a cached reference resolves on the first render, components that read a resource another component has already loaded show it without a loading state.`,
    members: ['useResource'],
    group: 'Reading and searching data',
    examples: [
      {
        file: DATA,
        region: 'use-resource',
        caption: 'A name label that works with a Patient or with a reference to one:',
      },
    ],
    sources: [`${PKG} src/useResource/useResource.ts (useResource, getInitialResource)`],
  },
  {
    slug: 'use-search',
    title: 'Search hooks',
    description:
      'useSearch, useSearchOne and useSearchResources run a FHIR search from a component and return the result, a loading flag and an OperationOutcome.',
    intro:
      "The three search hooks call the client's `search`, `searchOne` or `searchResources` method in an effect and return a tuple `[result, loading, outcome]`. Pick the hook by the result you want: the whole `Bundle` (with `total` and paging links), the first matching resource, or a plain array of resources. `outcome` is `allOk` after a successful search and the normalized error after a failed one, in which case `result` is `undefined`. On the first render, before the effect has started the search, `loading` is still `false` and `result` and `outcome` are `undefined`: test for a missing result as well as for `loading` before you show an empty list.",
    notes: `## Debouncing and re-running {#debounce}

The hooks key the search on the URL the client would request (\`fhirSearchUrl(resourceType, query)\`), so a query object rebuilt on every render does not start a new search as long as it produces the same URL. When the URL changes, the first change runs at once and later changes within \`debounceMs\` (250 ms unless you set it) wait until the input settles, which suits search-as-you-type fields. Set \`enabled: false\` to hold the search until its input is complete; the hook then keeps its previous result.

Results come through the client, so its request cache applies: two components searching for the same URL within the cache time share one request.`,
    members: ['useSearch', 'useSearchOne', 'useSearchResources'],
    group: 'Reading and searching data',
    examples: [
      {
        file: DATA,
        region: 'use-search',
        caption: 'A patient list that searches as the user types, without a request for one letter:',
      },
    ],
    sources: [
      `${PKG} src/useSearch/useSearch.ts (useSearchImpl, DEFAULT_DEBOUNCE_MS)`,
      `${PKG} src/useDebouncedValue/useDebouncedValue.ts (leading option)`,
    ],
  },
  {
    slug: 'use-subscription',
    title: 'useSubscription',
    description:
      'useSubscription listens for server-side changes that match a FHIR search criteria, over the WebSocket subscriptions of the Medplum server.',
    intro:
      "`useSubscription` asks the client to subscribe to a criteria string such as `Communication?recipient=Practitioner/123` and calls your callback with each notification `Bundle` the server sends. The client creates the in-memory `Subscription` on the server and carries all of the app's subscriptions over one WebSocket connection.",
    notes: `## Things to know {#things-to-know}

- **The project must have the feature.** The hook only subscribes when a user is signed in and the project's \`features\` include \`websocket-subscriptions\`; otherwise it does nothing and the callback is never called. See the [WebSocket subscriptions guide](/docs/subscriptions/websocket-subscriptions) for turning it on.
- **The callback may change every render.** The hook always calls the latest callback you passed, without re-subscribing, so an inline arrow function is fine.
- **Unmounting does not unsubscribe at once.** When the component unmounts, the hook waits three seconds before it unsubscribes, so an effect that React runs twice (Strict Mode) or a component that re-mounts quickly keeps its subscription instead of tearing it down and creating it again. A change of criteria (or of \`subscriptionProps\`) unsubscribes from the old one at once.
- **The first entry is the status.** Each notification bundle starts with a \`SubscriptionStatus\`; the resource that changed follows it.
- Pass \`subscriptionProps\` (for example an extension that limits the subscription to create events) when the plain criteria is not enough; changing it re-subscribes.`,
    members: ['useSubscription'],
    group: 'Live updates',
    examples: [
      {
        file: DATA,
        region: 'use-subscription',
        caption: 'Show the latest message about a patient as soon as the server reports it:',
      },
    ],
    sources: [
      `${PKG} src/useSubscription/useSubscription.ts (websocket-subscriptions check, SUBSCRIPTION_DEBOUNCE_MS, listeners)`,
    ],
  },
  {
    slug: 'use-resource-modified',
    title: 'useResourceModified',
    description:
      'useResourceModified calls back when this MedplumClient creates, updates, patches or deletes a resource of the given types.',
    intro:
      "`useResourceModified` listens to the client's own resource-modified events, so one part of an app can react to a change another part made through the same `MedplumClient` (a list refreshing after a form saves, say). It sends no request and opens no connection. Changes made by other clients or users are not seen; for those, use [useSubscription](/docs/api/react-hooks/use-subscription).",
    members: ['useResourceModified'],
    group: 'Live updates',
    examples: [
      { file: DATA, region: 'use-resource-modified', caption: 'Track the Task changes made in this session:' },
    ],
    sources: [`${PKG} src/useResourceModified/useResourceModified.ts (useResourceModified)`],
  },
  {
    slug: 'use-notification-count',
    title: 'useNotificationCount',
    description:
      'useNotificationCount keeps a live count: a FHIR count search, repeated whenever a subscription reports a matching change.',
    intro:
      "`useNotificationCount` runs `countCriteria` as a search on `resourceType` once on mount and returns the bundle's `total`. It also calls [useSubscription](/docs/api/react-hooks/use-subscription) with `subscriptionCriteria`, and on every notification repeats the search bypassing the client's cache. The count starts at 0 and stays there until the first search answers; a failed search is logged to the console and leaves the count unchanged. Live updates need the project's `websocket-subscriptions` feature, as for `useSubscription`.",
    notes: `## Things to know {#things-to-know}

Ask the server for a total: add \`_summary=count\` (or \`_total=accurate\`) to \`countCriteria\`, because the hook reads \`total\` from the search result. The two criteria are separate on purpose: \`countCriteria\` is search parameters only (no resource type), while \`subscriptionCriteria\` is a full criteria string with the resource type, and it may be broader than the count (any change to a recipient's messages, say).`,
    members: ['useNotificationCount'],
    group: 'Live updates',
    examples: [
      { file: DATA, region: 'use-notification-count', caption: 'An unread-messages badge for a practitioner:' },
    ],
    sources: [`${PKG} src/useNotificationCount/useNotificationCount.ts (updateCount, cache reload)`],
  },
  {
    slug: 'use-questionnaire-form',
    title: 'useQuestionnaireForm',
    description:
      'useQuestionnaireForm holds the state of a questionnaire form: the draft QuestionnaireResponse, the current page and the handlers that change answers.',
    intro:
      "`useQuestionnaireForm` is the state behind the `QuestionnaireForm` component, for when you render the questions yourself. Give it a `Questionnaire` (or a reference, which it reads through [useResource](/docs/api/react-hooks/use-resource)) and optionally a saved response as `defaultValue`. While either is loading it returns `{ loading: true }`; then it returns the questionnaire, a draft `QuestionnaireResponse` built from the items' initial values, the items and response items to show, and callbacks to change answers, add repeats and groups, and set a signature.",
    notes: `## Pages and answers {#pages}

A questionnaire is paginated when its first top-level item carries the \`questionnaire-itemControl\` extension with code \`page\`: each top-level item then becomes one page, the state has \`pagination: true\`, the \`pages\`, the \`activePage\` and \`onNextPage\`/\`onPrevPage\`, and \`items\` holds only the current page. Only the first item is checked, so mark every top-level group as a page or none of them. Pass \`disablePagination\` to always get every item.

Each answer change applies the \`optionExclusive\` rule, re-evaluates the items' calculated expressions (the SDC \`calculatedExpression\` extension) and then calls \`onChange\`. The hook keeps answers to questions that have become disabled in its own copy of the draft, so that re-enabling a question restores its answer. Both \`questionnaireResponse\` in the returned state and the response handed to \`onChange\` have them removed with [removeDisabledItems](/docs/api/react-hooks/questionnaire-helpers#removedisableditems), so either is ready to save.`,
    members: ['useQuestionnaireForm'],
    group: 'Questionnaires',
    examples: [
      {
        file: DATA,
        region: 'use-questionnaire-form',
        caption: 'List the questions of a questionnaire passed as an object (it is ready on the first render):',
      },
    ],
    sources: [
      `${PKG} src/useQuestionnaireForm/useQuestionnaireForm.ts (useQuestionnaireForm, pagination, onChangeAnswer)`,
    ],
  },
  {
    slug: 'questionnaire-helpers',
    title: 'Questionnaire response helpers',
    description:
      'Plain functions for building, reading and cleaning QuestionnaireResponse items: initial responses, enableWhen checks, typed answer values and reference filters.',
    intro:
      'These functions are what `useQuestionnaireForm` and the `QuestionnaireForm` component are built from. None of them is a hook: they take FHIR objects and return new ones (except `evaluateCalculatedExpressionsInQuestionnaire`, which updates answers in place), so they also work in bots and on a server. Use them to pre-fill a response, to decide which questions a response enables, or to clean a response before saving it.',
    members: [
      'buildInitialResponse',
      'buildInitialResponseItem',
      'isQuestionEnabled',
      'removeDisabledItems',
      'evaluateCalculatedExpressionsInQuestionnaire',
      'applyOptionExclusive',
      'isChoiceQuestion',
      'getNewMultiSelectValues',
      'typedValueToResponseItem',
      'getItemInitialValue',
      'getItemAnswerOptionValue',
      'getItemEnableWhenValueAnswer',
      'getResponseItemAnswerValue',
      'getQuestionnaireItemReferenceFilter',
      'getQuestionnaireItemReferenceTargetTypes',
      'setQuestionnaireItemReferenceTargetTypes',
    ],
    group: 'Questionnaires',
    examples: [
      {
        file: HELPERS,
        region: 'questionnaire',
        caption: 'Start a response, answer one question, and keep only what should be saved:',
      },
    ],
    sources: [
      `${PKG} src/useQuestionnaireForm/utils.ts (buildInitialResponse, buildInitialResponseItem, typedValueToResponseItem, getNewMultiSelectValues, getItem*Value, reference target type helpers)`,
    ],
  },
  {
    slug: 'value-set-availability',
    title: 'Value set availability',
    description:
      'useValueSetAvailability and useValueSetAvailabilities probe whether the server can expand a value set; isValueSetUnavailableError classifies expansion errors.',
    intro:
      'A coded input bound to a value set the server does not have would fail on every keystroke. These hooks probe each URL once with an unfiltered, count-limited `$expand` and report whether it is available, so a form can fall back to free text. Only a permanent answer (HTTP 400 or 404) marks a value set unavailable; rate limits, authentication errors, server errors and network failures count as available, so a passing problem never disables a field. `isValueSetUnavailableError` is the same test, for your own `$expand` calls.',
    notes: `## Things to know {#things-to-know}

The probes go through the client's request cache, which also keeps failures, so many fields bound to the same missing value set cost one request within the cache time. A value set imported later is seen on the first mount after that cache entry expires; nothing watches for it. \`useValueSetAvailabilities\` ignores empty entries and probes each distinct URL once, whatever the order of the array.`,
    members: ['useValueSetAvailability', 'useValueSetAvailabilities', 'isValueSetUnavailableError'],
    group: 'Value sets',
    examples: [
      { file: DATA, region: 'value-sets', caption: 'Fall back to a text field when the value set is missing:' },
      { file: HELPERS, region: 'value-set-error', caption: 'The same test for an expansion you run yourself:' },
    ],
    sources: [
      `${PKG} src/useValueSetAvailability/useValueSetAvailability.ts (isValueSetUnavailableError, useValueSetAvailabilities)`,
    ],
  },
  {
    slug: 'component-data',
    title: 'Data hooks of Medplum components',
    description:
      'usePatientSummaryData, useResourceBoard and useThreadInbox: the data layers of the PatientSummary, ResourceBoard and ThreadInbox components.',
    intro:
      "Three components of `@medplum/react` keep their data loading in a hook of this package, so that you can give the same data a different look. `usePatientSummaryData` runs the searches a patient summary's sections need, `useResourceBoard` loads a board's list and its selected item, and `useThreadInbox` loads message threads with the latest message of each.",
    notes: `## How each loads {#how-they-load}

- **usePatientSummaryData** collects the searches of all sections, runs each distinct search once, in parallel, and hands every section its results by key. Each search is limited to 100 results, newest first (\`_count=100&_sort=-_lastUpdated\` is added for you, so leave both out of a string query). A failing search gives its sections empty arrays instead of failing the whole summary.
- **useResourceBoard** runs \`search\` (through your \`loadItems\` when given) and resolves \`selectedId\` among the items or with a read (through \`resolveSelected\` when given). A new search shows the loading state; \`refresh()\` and a changed \`reloadKey\` reload in place.
- **useThreadInbox** treats a parent \`Communication\` with child \`Communication\`s as a thread. It searches for parents that have at least one child (your \`query\` plus \`part-of:missing=true\` and a \`_has\` filter, leaving out Communications identified as AI messages), bypassing the client's cache, then fetches the newest child of each in one GraphQL request, and lists only threads that have at least one message. \`threadId\` selects a thread; the id of a message selects its parent thread. See the [ThreadInbox](/docs/api/react-components/messaging#threadinbox) component.`,
    members: ['usePatientSummaryData', 'useResourceBoard', 'useThreadInbox'],
    group: 'Data behind Medplum components',
    examples: [
      { file: DATA, region: 'thread-inbox', caption: 'A bare list of message threads built on useThreadInbox:' },
    ],
    sources: [
      `${PKG} src/usePatientSummaryData/usePatientSummaryData.ts (search deduplication, _count and _sort, Promise.allSettled)`,
      `${PKG} src/useResourceBoard/useResourceBoard.ts (useResourceBoard)`,
      `${PKG} src/useThreadInbox/useThreadInbox.ts (fetchAllCommunications, thread selection)`,
    ],
  },
  {
    slug: 'medication-hooks',
    title: 'Medication and e-prescribing hooks',
    description:
      'Vendor-neutral hooks for e-prescribing: drug search and orders, the medication cart, order sets, pharmacy search and the prescribing iframe.',
    intro:
      'These hooks talk to an e-prescribing vendor only through what your project deploys: bots (identified by an `Identifier`) for `useMedicationIFrame` and `usePharmacySearch`, and custom FHIR operations (an `OperationDefinition` whose implementation is a bot) for the others. Swapping vendors means deploying different bots under the same identifiers or operation codes; the hooks and your UI stay the same. On a project without these bots or operations, the calls fail (except `useSyncOrderSet`, which resolves with `undefined` when its operation is not deployed).',
    notes: `## Which hook calls what {#calls}

| Hook | Calls |
| --- | --- |
| \`useMedicationOrder\` | \`Medication/$drug-search\` and \`MedicationRequest/$order-medication\` |
| \`useMedicationCart\` | \`createResource\` for a draft \`MedicationRequest\`, then the cart operations for checkout, removal, clearing and reading the vendor's cart |
| \`useMedicationOrderSet\` | \`PlanDefinition/$order-set-url\`, whenever its options change and on \`refresh()\`, once they name a patient and an order set (a PlanDefinition id or the vendor's id); until then it calls nothing |
| \`useSyncOrderSet\` | \`PlanDefinition/$sync-orderset\` |
| \`useMedicationIFrame\` | the patient-sync bot (when \`patientId\` is set), then the iframe bot that returns the prescribing URL |
| \`usePharmacySearch\` | the pharmacy-search bot and the add-pharmacy bot |

See [custom operations](/docs/fhir-datastore/custom-operations) for deploying a bot behind an operation code.`,
    members: [
      'useMedicationOrder',
      'useMedicationCart',
      'useMedicationOrderSet',
      'useSyncOrderSet',
      'useMedicationIFrame',
      'usePharmacySearch',
    ],
    group: 'Medications and e-prescribing',
    examples: [{ file: DATA, region: 'medications', caption: 'A drug search form on useMedicationOrder:' }],
    sources: [
      `${PKG} src/useMedicationOrder/useMedicationOrder.ts (operation codes)`,
      `${PKG} src/useMedicationCart/useMedicationCart.ts (addToCart, checkout)`,
      `${PKG} src/useMedicationOrderSet/useMedicationOrderSet.ts (refresh)`,
      `${PKG} src/useSyncOrderSet/useSyncOrderSet.ts (undefined when not deployed)`,
      `${PKG} src/useMedicationIFrame/useMedicationIFrame.ts (executeBot calls)`,
      `${PKG} src/usePharmacySearch/usePharmacySearch.ts (executeBot calls)`,
    ],
  },
  {
    slug: 'speech-to-text',
    title: 'Speech to text',
    description:
      "useWhisper streams microphone audio to the Medplum server's realtime transcription WebSocket; convertToPCM16 converts audio samples for it.",
    intro:
      "`useWhisper` records from the microphone in the browser and streams the audio, as 16-bit PCM, over a WebSocket to the `ws/ai-realtime` endpoint of the Medplum server the client points at, authenticated with the client's access token. Transcripts come back as text with a timestamp. The language defaults to `en` and the transcription model to `gpt-4o-transcribe`; after `stop()` the socket stays open for `idleTimeoutMs` (two minutes by default) so that the next `start()` connects faster.",
    members: ['useWhisper', 'convertToPCM16'],
    group: 'Speech to text',
    examples: [
      { file: DATA, region: 'speech', caption: 'A dictation button:' },
      { file: HELPERS, region: 'pcm16', caption: '`convertToPCM16` on its own, for sending audio somewhere else:' },
    ],
    sources: [`${PKG} src/useWhisper/useWhisper.ts (useWhisper defaults, buildWebSocketUrl, convertToPCM16)`],
  },
  {
    slug: 'utility-hooks',
    title: 'Utility hooks',
    description:
      'usePrevious, useStabilizedCallback and useCachedBinaryUrl: small hooks for previous values, stable callbacks and cached signed file URLs.',
    intro:
      "General-purpose hooks that Medplum's own code is built with: this package's hooks use `useStabilizedCallback`, and components of `@medplum/react` use `usePrevious` and `useCachedBinaryUrl`. `usePrevious` returns the value from the previous render. `useStabilizedCallback` gives a function whose identity never changes but which always calls the latest callback, so effects need not re-run when a parent passes a new inline function. `useCachedBinaryUrl` keeps the first signed URL it sees for a file, as long as that URL has not expired, so the browser can reuse its cached download.",
    notes: `## Why useCachedBinaryUrl exists {#cached-binary-url}

When a Medplum server hands out signed download URLs for stored files, every read of a resource that points at a \`Binary\` returns a new presigned URL for the same file. To the browser each is a different address, so it downloads the file again. \`useCachedBinaryUrl\` recognises presigned URLs (those with \`Key-Pair-Id\`, \`Signature\` and \`Expires\` parameters), keys them by the address without its query, and returns the first URL it saw for that file until five seconds before that URL expires. Other URLs are returned unchanged. The cache lives in memory for the page's lifetime.`,
    members: ['usePrevious', 'useStabilizedCallback', 'useCachedBinaryUrl'],
    group: 'Utilities',
    examples: [{ file: DATA, region: 'utilities', caption: 'A patient photo that uses all three:' }],
    sources: [
      `${PKG} src/usePrevious/usePrevious.ts (usePrevious)`,
      `${PKG} src/useStabilizedCallback/useStabilizedCallback.ts (useStabilizedCallback)`,
      `${PKG} src/useCachedBinaryUrl/useCachedBinaryUrl.ts (Key-Pair-Id, Signature, Expires check)`,
    ],
  },
];

export interface Placement {
  page: HookPage;
  /** Route of the page, e.g. /docs/api/react-hooks/use-search. */
  route: string;
  /** Section anchor when the page documents more than one export. */
  anchor?: string;
}

/** The page an export is documented on, or undefined when no page lists it. */
export function placementOf(name: string): Placement | undefined {
  const page = PAGES.find((p) => p.members.includes(name));
  if (!page) return undefined;
  return {
    page,
    route: `${ROUTE_BASE}/${page.slug}`,
    anchor: page.members.length > 1 ? name.toLowerCase() : undefined,
  };
}

/** The link to an export's documentation, with its anchor on a shared page. */
export function hookHref(name: string): string {
  const p = placementOf(name);
  if (!p) throw new Error(`react-hooks-reference: no page documents ${name}`);
  return p.anchor ? `${p.route}#${p.anchor}` : p.route;
}

export function linkToHook(name: string): string {
  return `[\`${name}\`](${hookHref(name)})`;
}
