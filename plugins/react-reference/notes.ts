/**
 * Hand-written guidance for the components that have a page of their own: when to reach for the
 * component, how it behaves, and what trips people up. Each fact was checked against the
 * package source embedded in @medplum/react 5.2.13's source map (dist/esm/index.mjs.map),
 * listed in `sources`. The props tables come from the declarations, not from here.
 */
export interface ComponentNotes {
  /** One sentence, used as the page description and opening line. */
  summary: string;
  /** Markdown (MDX-safe) sections, starting at heading level 2. */
  body: string;
  sources: string[];
}

export const COMPONENT_NOTES: Record<string, ComponentNotes> = {
  MedplumProvider: {
    summary:
      'It puts one `MedplumClient` into React context so every Medplum component and hook below it can reach the server and the signed-in profile.',
    sources: [
      '@medplum/react-hooks@5.2.13 src/MedplumProvider/MedplumProvider.tsx (MedplumProvider)',
      '@medplum/react-hooks@5.2.13 dist/esm/index.d.ts (MedplumProviderProps, useMedplum, useMedplumProfile)',
      '@medplum/react@5.2.13 src/index.ts (re-exports @medplum/react-hooks)',
    ],
    body: `
## When to use it {#when-to-use}

Every component in \`@medplum/react\` that reads or writes data calls \`useMedplum()\` internally, so the tree that renders them needs exactly one \`MedplumProvider\` near its root. The [overview](/docs/api/react-components#provider-setup) shows the complete setup together with \`MantineProvider\` and the stylesheets.

## What it provides {#what-it-provides}

- **The client.** \`useMedplum()\` returns the \`medplum\` prop unchanged.
- **The profile and loading flag.** The provider listens to the client's \`change\`, \`storageInitialized\`, \`storageInitFailed\`, \`profileRefreshing\` and \`profileRefreshed\` events and re-renders its consumers with the current \`getProfile()\` and \`isLoading()\` values, which \`useMedplumProfile()\` and \`useMedplumContext()\` expose. Signing in or out therefore updates the UI without extra wiring.
- **Navigation.** Components that link somewhere (\`MedplumLink\`, and everything built on it such as \`ResourceBadge\` and \`ResourceName\` with \`link\`) call the \`navigate\` function. Without the prop it falls back to \`window.location.assign(path)\`, a full page load; pass your router's navigate function to stay inside a single-page app.

## Pitfalls {#pitfalls}

- Create the \`MedplumClient\` once, outside your components (module scope or a \`useState\` initializer). A client created during render is a new client every render: its cache and login state are lost and the provider's event listeners are re-attached each time.
- The provider does not render any Mantine context. Components that use Mantine (almost all of them) still need \`MantineProvider\` around them.
- \`MedplumProvider\` lives in \`@medplum/react-hooks\`; \`@medplum/react\` re-exports everything from that package, so both imports give you the same component and the same context.
`,
  },
  ResourceTable: {
    summary:
      "It shows every element of one FHIR resource as a labelled, read-only table, using the resource type's schema to pick a display for each element.",
    sources: ['@medplum/react@5.2.13 src/ResourceTable/ResourceTable.tsx (ResourceTable)'],
    body: `
## How it works {#how-it-works}

\`value\` may be the resource itself or a \`Reference\`; a reference is read from the server first. The component then asks the client for the type's schema (\`requestSchema(resourceType)\`, or \`requestProfileSchema(profileUrl, { expandProfile: true })\` when \`profileUrl\` is set) and renders the resource through \`BackboneElementDisplay\`, which chooses a datatype display for each element. Until the schema has loaded the component renders nothing.

Fields hidden by the current user's access policy are left out, because the component evaluates the policy for the \`read\` interaction before rendering.

## Tips and pitfalls {#pitfalls}

- Pass \`ignoreMissingValues\` for a compact view: without it, every element of the type is listed, empty ones included.
- A resource object passed as \`value\` is shown without another read; a reference is resolved through the client's cache first. \`forceUseInput\` renders exactly the \`value\` you pass, which the package recommends for showing one specific version (say, an entry from \`_history\`) rather than the latest.
- The schema request is a GraphQL query against the server's StructureDefinitions, so the signed-in user needs read access to them.
`,
  },
  SearchControl: {
    summary:
      'It runs a FHIR search and shows the results as a table with sortable, filterable columns, paging, row selection and a toolbar.',
    sources: ['@medplum/react@5.2.13 src/SearchControl/SearchControl.tsx (SearchControl)'],
    body: `
## How it works {#how-it-works}

The \`search\` prop is a \`SearchRequest\` from \`@medplum/core\`: a resource type plus optional \`filters\`, \`sortRules\`, \`fields\` (the columns), \`offset\` and \`count\`. The control runs the search through the client (asking for an accurate \`total\` unless the request says otherwise) and renders one column per field.

**It is a controlled component.** Sorting, filtering, changing columns and paging do not change the table by themselves: the control emits a \`SearchChangeEvent\` through \`onChange\` with the new \`SearchRequest\`, and you pass that request back as \`search\`. If you forget \`onChange\`, column menus open but nothing changes. The demo keeps the request in state for exactly this reason.

Row clicks produce a \`SearchClickEvent\` carrying the \`resource\` and the browser event, through \`onClick\`, or through \`onAuxClick\` for a middle click or a click with Ctrl or Cmd held (typically "open in new tab").

## Toolbar and bulk actions {#toolbar}

The toolbar (hidden with \`hideToolbar\`) has the field editor, the filter and sort editors, a result count and a refresh button. Buttons appear only for the handlers you pass: \`onNew\` adds a **New** button (labelled with the resource type), and an **Actions** menu appears when you pass any of the export handlers (\`onExport\`, \`onExportCsv\`, \`onExportTransactionBundle\`: **Export**), \`onBulk\` (**Bulk Apply**, called with the ids of the rows checked when \`checkboxesEnabled\` is on) or \`onDelete\` (**Delete**, also with the checked ids). \`onDelete\` may return a promise; the confirmation dialog stays open with a loading button until it settles.
`,
  },
  ResourceForm: {
    summary:
      'It generates an edit form for any FHIR resource type from its schema, one input per element, and hands the edited resource to your `onSubmit`.',
    sources: ['@medplum/react@5.2.13 src/ResourceForm/ResourceForm.tsx (ResourceForm)'],
    body: `
## How it works {#how-it-works}

\`defaultValue\` is a partial resource (at least \`resourceType\`) or a reference to an existing one. After loading the schema (or the profile named by \`profileUrl\`, whose default values are then applied to the resource), the form shows read-only **Resource Type** and **ID** fields followed by one input per element, chosen through \`BackboneElementInput\`. The submit button reads **Create** when the resource has no \`id\` and **Update** when it has one.

**The form does not save anything.** \`onSubmit\` receives the edited resource and your code decides what to do, typically \`medplum.createResource()\` or \`medplum.updateResource()\`. Pass the server's \`OperationOutcome\` back through \`outcome\` to show validation messages next to the matching inputs.

## Tips and pitfalls {#pitfalls}

- \`defaultValue\` is resolved with the \`useResource\` hook, which ignores a new object that is deeply equal to the previous one, so an inline literal does not reset the form; a genuinely different value (another resource) does.
- \`onPatch\` and \`onDelete\` turn the submit button into a split button with **Patch** and **Delete** items.
- To place the submit button elsewhere (a modal footer, say), set \`formId\` and \`hideSubmitButton\` and render \`<button type="submit" form={formId}>\` yourself.
- If the user's access policy forbids writing the resource type, the form shows a "Permission denied" alert instead of inputs.
`,
  },
  QuestionnaireForm: {
    summary:
      'It renders a FHIR Questionnaire as a fillable form and returns the answers as a completed QuestionnaireResponse.',
    sources: ['@medplum/react@5.2.13 src/QuestionnaireForm/QuestionnaireForm.tsx (QuestionnaireForm)'],
    body: `
## How it works {#how-it-works}

\`questionnaire\` is a Questionnaire resource or a reference to one. Items become inputs by their \`type\` (string, choice, boolean, date, reference, attachment and so on), groups become sections, and \`enableWhen\` conditions show or hide items as the user answers. Pass \`questionnaireResponse\` to start from earlier answers.

On submit, \`onSubmit\` receives the response with these fields filled in for you: \`questionnaire\` (the questionnaire's \`url\`, or its \`Questionnaire/<id>\` reference when it has no url), \`subject\` and \`source\` (your props; \`source\` defaults to the signed-in profile), \`authored\` (now) and \`status: 'completed'\`. Saving it is up to you, for example with \`medplum.createResource(response)\`. \`onChange\` fires with the in-progress response as the user types.

## Tips and pitfalls {#pitfalls}

- Without \`onSubmit\` the submit button does nothing.
- A questionnaire with the signature-required extension blocks submission until the user signs.
- \`submitButtonText\` relabels the button (default **Submit**); \`excludeButtons\` removes it when you submit another way.
- A questionnaire whose first item carries the \`questionnaire-itemControl\` extension with the code \`page\` is shown one top-level item per page, with next and previous buttons; \`disablePagination\` turns that off and shows every item at once.
`,
  },
  PatientTimeline: {
    summary:
      "It shows a patient's history as a timeline (record versions, communications, reports, media, orders and tasks) with a box for adding comments and attachments.",
    sources: [
      '@medplum/react@5.2.13 src/PatientTimeline/PatientTimeline.tsx (PatientTimeline)',
      '@medplum/react@5.2.13 src/ResourceTimeline/ResourceTimeline.tsx (ResourceTimeline)',
    ],
    body: `
## What it loads {#what-it-loads}

\`PatientTimeline\` is \`ResourceTimeline\` configured for a Patient. For the patient given in \`patient\` it requests, in parallel, the patient's own \`_history\` and up to 100 each of ClinicalImpression, Communication, DiagnosticReport, Media, ServiceRequest and Task resources whose \`subject\` is the patient, and Device and DeviceRequest resources whose \`patient\` is the patient. The results are merged into one list in date order.

## Adding to the timeline {#adding}

The comment box creates a \`Communication\` (status \`completed\`, the patient as \`subject\`, the signed-in profile as \`sender\`, the text as \`payload[0].contentString\`) and the attachment button uploads a file and creates a \`Media\` resource for it. Both are written to the server with \`createResource\`, so the signed-in user needs permission to create those types.

## Tips {#tips}

- \`getMenu\` lets you add items to the menu of each timeline entry; it receives the primary resource, the entry's resource and a \`reloadTimeline\` callback.
- For encounters or orders use \`EncounterTimeline\` or \`ServiceRequestTimeline\` on the [timelines page](/docs/api/react-components/timelines), or \`ResourceTimeline\` with your own loader for anything else.
`,
  },
  ResourceBadge: {
    summary:
      'It shows a small avatar and the display name of a resource side by side, optionally as a link to the resource.',
    sources: [
      '@medplum/react@5.2.13 src/ResourceBadge/ResourceBadge.tsx (ResourceBadge)',
      '@medplum/react@5.2.13 src/ResourceAvatar/ResourceAvatar.tsx (ResourceAvatar)',
      '@medplum/react@5.2.13 src/ResourceName/ResourceName.tsx (ResourceName)',
    ],
    body: `
## How it works {#how-it-works}

The badge is a \`ResourceAvatar\` (24 pixels, round) next to a \`ResourceName\`, both given the same \`value\` and \`link\`. \`value\` may be a resource or a \`Reference\`; a reference is read through the client, which caches it, so a list of badges that point at the same practitioner costs one request.

With \`link\`, both parts are \`MedplumLink\`s to the resource. A click calls the \`navigate\` function of \`MedplumProvider\` with the resource's path (for example \`/Patient/123\`), so in a single-page app pass your router's navigate function to the provider. The demo replaces it with a function that prints the path.

See [ResourceAvatar](/docs/api/react-components/resource-avatar) for how the picture is chosen.
`,
  },
  ResourceAvatar: {
    summary:
      "It shows a Mantine avatar for a resource: the resource's photo when it has one, otherwise the initials of its display name.",
    sources: [
      '@medplum/react@5.2.13 src/ResourceAvatar/ResourceAvatar.tsx (ResourceAvatar)',
      '@medplum/core@5.2.13 src/utils.ts (getImageSrc)',
    ],
    body: `
## How it works {#how-it-works}

The avatar reads the resource (when \`value\` is a reference) and looks for a \`photo\`: the first photo attachment with a \`url\` and an \`image/*\` content type is used. Resources without a usable photo (an Organization, or a Patient without \`photo\`) get the initials of the display name instead, which is the same text \`ResourceName\` would show. The URL goes through the package's \`useCachedBinaryUrl\` hook before it reaches the \`<img>\`.

All Mantine \`Avatar\` props pass through (\`size\`, \`color\`, and so on); \`radius\` defaults to \`xl\`, which makes the avatar round. With \`link\` the avatar is wrapped in a \`MedplumLink\` to the resource.

## Pitfalls {#pitfalls}

- Photo URLs are used as they are stored. A photo hosted elsewhere is fetched from that host by the reader's browser, which matters for privacy and content security policies; store photos as Medplum \`Binary\` resources instead.
`,
  },
  ResourceName: {
    summary:
      'It renders the display name of a resource, read from the server when given a reference, optionally as a link.',
    sources: ['@medplum/react@5.2.13 src/ResourceName/ResourceName.tsx (ResourceName)'],
    body: `
## How it works {#how-it-works}

The text comes from \`getDisplayString()\` in \`@medplum/core\`: a person's formatted name, an organization's name, and so on, falling back to the reference string. While a reference is still loading the component renders nothing; if the read fails it shows the error text in square brackets.

Without \`link\` it renders a Mantine \`Text\` as a \`<span>\`, so every \`Text\` prop (\`fw\`, \`c\`, \`size\`…) applies. With \`link\` it renders a \`MedplumLink\` that calls the provider's \`navigate\` when clicked.
`,
  },
  CodeableConceptInput: {
    summary: 'It is an autocomplete that looks codes up in a ValueSet with `$expand` and produces a `CodeableConcept`.',
    sources: [
      '@medplum/react@5.2.13 src/CodeableConceptInput/CodeableConceptInput.tsx (CodeableConceptInput)',
      '@medplum/react@5.2.13 src/ValueSetAutocomplete/ValueSetAutocomplete.tsx (ValueSetAutocomplete)',
    ],
    body: `
## How it works {#how-it-works}

Set \`binding\` to the canonical URL of a ValueSet. As the user types, the input calls \`medplum.valueSetExpand()\` with that URL, the typed text as \`filter\` and a \`count\` of 10 (override with \`expandParams\`), and offers the returned codes. Choosing codes calls \`onChange\` with a \`CodeableConcept\` whose \`coding\` array holds the chosen \`system\`, \`code\` and \`display\` values, or \`undefined\` when the selection is cleared.

By default users may also type a value that is not in the ValueSet (\`creatable\` defaults to \`true\`), and each option shows its code and system as help text (\`withHelpText\` defaults to \`true\`). \`maxValues\` limits how many codes can be chosen.

## Tips and pitfalls {#pitfalls}

- If the server cannot expand the ValueSet, the input says that the value set is unavailable instead of offering options.
- In \`ResourceForm\`, this input is chosen automatically for CodeableConcept elements and \`binding\` comes from the element's binding in the schema.
- The demo's mock server answers every \`$expand\` with the same three test codes, whatever the binding and filter.
`,
  },
  DateTimeInput: {
    summary: 'It is a browser `datetime-local` input that reads and writes FHIR `dateTime` values as ISO 8601 strings.',
    sources: [
      '@medplum/react@5.2.13 src/DateTimeInput/DateTimeInput.tsx (DateTimeInput)',
      '@medplum/react@5.2.13 src/DateTimeInput/DateTimeInput.utils.ts (DateTimeInput.utils)',
    ],
    body: `
## How it works {#how-it-works}

The component is a Mantine \`TextInput\` of type \`datetime-local\` with a one-second step. \`defaultValue\` is an ISO string and is shown in the reader's local time zone (\`convertIsoToLocal\`); each change is converted back with \`convertLocalToIso\` and passed to \`onChange\` as an ISO string in UTC, ready to store in a \`dateTime\` or \`instant\` element. Both helpers are exported from \`@medplum/react\` if you need the same conversion elsewhere.

\`name\` becomes the input's \`id\` and \`name\`, and is also the expression used to pick the error for this field out of \`outcome\`.

## Pitfalls {#pitfalls}

- The native picker's look and keyboard behaviour differ between browsers; that is the browser's control, not Medplum's.
- It is uncontrolled: \`defaultValue\` is read when the input mounts. To reset it, remount it (change its \`key\`).
`,
  },
  ReferenceInput: {
    summary: 'It lets the user search for a resource by name and returns a FHIR `Reference` to the one they choose.',
    sources: [
      '@medplum/react@5.2.13 src/ReferenceInput/ReferenceInput.tsx (ReferenceInput)',
      '@medplum/react@5.2.13 src/ResourceInput/ResourceInput.tsx (ResourceInput)',
    ],
    body: `
## How it works {#how-it-works}

\`targetTypes\` lists the resource types the reference may point to. With more than one, a type selector appears next to the search box; with none (or just \`Resource\`) the user can type any resource type. An entry that contains a \`/\` is treated as a profile URL: the input fetches that StructureDefinition to learn its resource type and adds \`_profile\` to the search.

Typing runs a search of the selected type (add fixed parameters with \`searchCriteria\`, for example \`{ organization: 'Organization/123' }\`) and lists matches. Choosing one calls \`onChange\` with a \`Reference\` that has \`reference\` and \`display\`; clearing calls it with \`undefined\`.

## Tips {#tips}

- \`withinPortal={false}\` renders the dropdown inside the component instead of at the end of \`<body>\`, which helps inside modals and scroll containers. The demo uses it.
- For a multi-select of resources use \`MultiResourceInput\`, and for the plain search box without the type selector \`ResourceInput\`, both on the [autocomplete inputs page](/docs/api/react-components/autocomplete-inputs).
`,
  },
  SignInForm: {
    summary:
      'It runs the whole Medplum sign-in flow: email and password or Google, multi-factor authentication, choosing a project membership and scopes.',
    sources: [
      '@medplum/react@5.2.13 src/auth/SignInForm.tsx (SignInForm)',
      '@medplum/core@5.2.13 dist/esm/index.d.ts (BaseLoginRequest)',
      '@medplum/mock@5.2.13 src/client.ts (mockLoginHandler)',
    ],
    body: `
## The steps {#steps}

The form moves through up to five steps, each driven by the server's answer to the previous one:

1. **Authentication**: the user enters an email address and password, or signs in with Google when \`googleClientId\` is set and \`disableGoogleAuth\` is not.
2. **Multi-factor authentication**, when the account requires it: enrolment (a QR code for an authenticator app) or entering a code.
3. **Choosing a profile**, when the server answers with a list of project memberships to pick from instead of a code.
4. **Choosing scopes**, only when \`chooseScopes\` is set.
5. **Success**: the server returns an authorization code.

With an \`onCode\` prop the code is handed to you (for example to finish an OAuth flow of your own). Without it the form calls \`medplum.processCode(code)\`, which exchanges the code for tokens and signs the client in, and then calls \`onSuccess\`.

## Props worth knowing {#props-worth-knowing}

The login request fields come from \`BaseLoginRequest\` in \`@medplum/core\`: \`projectId\` limits sign-in to one project, \`clientId\` names your ClientApplication, and \`scope\`, \`nonce\` and the PKCE fields pass through to the server. \`onForgotPassword\` and \`onRegister\` add the matching links. Anything you put in \`children\` is shown above the first step, typically a logo and a heading.

## About the demo {#about-the-demo}

The mock server accepts any email address with the password \`password\` and answers with the code \`xyz\`; any other password produces its "Invalid password" error under the password field.
`,
  },
  QuestionnaireBuilder: {
    summary: 'It is a visual editor for FHIR Questionnaires: add, reorder and configure items, then save the result.',
    sources: ['@medplum/react@5.2.13 src/QuestionnaireBuilder/QuestionnaireBuilder.tsx (QuestionnaireBuilder)'],
    body: `
## How it works {#how-it-works}

\`questionnaire\` is the starting point: a partial Questionnaire (for a new one) or a reference to an existing one, which is read first. The editor lets the user add items and groups (**Add item**, **Add group**), change item text and types, and edit answer options for choice items. The **Save** button calls \`onSubmit\` with the edited Questionnaire; as with the other Medplum forms, storing it is your code's job (\`createResource\` or \`updateResource\`).

With \`autoSave\`, \`onSubmit\` is also called as the questionnaire changes, so you can persist drafts without a button press. Pair it with a debounce in your handler if each call writes to the server.

To try the questionnaires you build, render them with [QuestionnaireForm](/docs/api/react-components/questionnaire-form).
`,
  },
  PlanDefinitionBuilder: {
    summary:
      'It is an editor for the actions of a PlanDefinition, where each action points at a Questionnaire or an ActivityDefinition.',
    sources: ['@medplum/react@5.2.13 src/PlanDefinitionBuilder/PlanDefinitionBuilder.tsx (PlanDefinitionBuilder)'],
    body: `
## How it works {#how-it-works}

\`value\` is a partial PlanDefinition or a reference to one. The editor lists the plan's actions and lets the user add, remove and describe them; an action can be a task with a Questionnaire or with an ActivityDefinition, chosen by search and stored in the action's \`definitionCanonical\`. Existing canonicals are resolved with \`medplum.readCanonical()\` so the editor can show the resource's name.

**Save** calls \`onSubmit\` with the edited PlanDefinition; saving it to the server is up to your code.
`,
  },
};
