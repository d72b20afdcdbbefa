/**
 * Which page documents which component. Commonly used components get a page of their own; the
 * many small building blocks share a page per family, one section (anchor) each, which keeps the
 * reference at a few dozen routes instead of one per export.
 *
 * A component that appears in no family gets its own page, so a component added in a future
 * release is documented without an edit here.
 */

export interface Family {
  /** Page slug under /docs/api/react-components/. */
  slug: string;
  title: string;
  /** One-line summary shown in the page's front matter and on the overview. */
  description: string;
  /** Opening paragraph of the page (plain Markdown). */
  intro: string;
  members: string[];
}

export const FAMILIES: Family[] = [
  {
    slug: 'datatype-displays',
    title: 'Datatype display components',
    description: 'Read-only renderers for FHIR datatypes such as HumanName, Address, CodeableConcept and Reference.',
    intro:
      'Each component here takes one FHIR datatype value and renders it as text or simple markup, following the formatting helpers in `@medplum/core` (for example `formatHumanName` and `formatAddress`). They are the building blocks that `ResourceTable` and `ResourcePropertyDisplay` pick from by element type, and you can use them on their own wherever a single value has to be shown.',
    members: [
      'AddressDisplay',
      'AttachmentArrayDisplay',
      'AttachmentDisplay',
      'BackboneElementDisplay',
      'CodeableConceptDisplay',
      'CodingDisplay',
      'ContactDetailDisplay',
      'ContactPointDisplay',
      'DescriptionList',
      'DescriptionListEntry',
      'HumanNameDisplay',
      'IdentifierDisplay',
      'MoneyDisplay',
      'NoteDisplay',
      'QuantityDisplay',
      'RangeDisplay',
      'ReferenceDisplay',
      'ResourceArrayDisplay',
      'ResourcePropertyDisplay',
    ],
  },
  {
    slug: 'datatype-inputs',
    title: 'Datatype input components',
    description: 'Form controls for FHIR datatypes: names, addresses, identifiers, quantities, attachments and more.',
    intro:
      'These inputs edit one FHIR datatype value each. Most follow the same pattern: `name` for the form field, `path` for the element path used to match validation issues in an `OperationOutcome`, `defaultValue` for the starting value and `onChange` with the new value. `ResourceForm` chooses among them by element type; use them directly when you build your own form.',
    members: [
      'AddressInput',
      'AnnotationInput',
      'AttachmentArrayInput',
      'AttachmentButton',
      'AttachmentInput',
      'BackboneElementInput',
      'CalendarDateInput',
      'CalendarInput',
      'CodeInput',
      'CodingInput',
      'ContactDetailInput',
      'ContactPointInput',
      'ElementDefinitionInputSelector',
      'ElementDefinitionTypeInput',
      'HumanNameInput',
      'IdentifierInput',
      'MoneyInput',
      'PasswordInput',
      'QuantityInput',
      'RangeInput',
      'RatioInput',
      'ResourceArrayInput',
      'ResourcePropertyInput',
      'SignatureInput',
      'TimingInput',
    ],
  },
  {
    slug: 'autocomplete-inputs',
    title: 'Autocomplete inputs',
    description: 'Search-as-you-type inputs for resources and value set codes, built on a shared async autocomplete.',
    intro:
      '`AsyncAutocomplete` is the generic control: it calls `loadOptions` as the user types and turns results into options with `toOption`. `ValueSetAutocomplete` feeds it from a ValueSet `$expand`, and `ResourceInput` / `MultiResourceInput` feed it from a FHIR search. `ReferenceInput` and `CodeableConceptInput`, which wrap these, have pages of their own with live demos.',
    members: [
      'AsyncAutocomplete',
      'DefaultResourceItemComponent',
      'MultiResourceInput',
      'ResourceInput',
      'ValueSetAutocomplete',
    ],
  },
  {
    slug: 'auth-forms',
    title: 'Authentication forms',
    description: 'Registration, password, multi-factor and scope forms that complement SignInForm.',
    intro:
      'These forms call the Medplum auth endpoints through the `MedplumClient` from `MedplumProvider`. `SignInForm` has its own page with a live demo; the forms below cover registration, password changes and resets, multi-factor enrolment and verification, and choosing OAuth scopes.',
    members: [
      'ChangePasswordForm',
      'ChooseScopeForm',
      'MfaEnrollForm',
      'MfaForm',
      'MfaVerificationForm',
      'RegisterForm',
      'ResetPasswordForm',
      'SetPasswordForm',
    ],
  },
  {
    slug: 'layout',
    title: 'Layout and application shell',
    description: 'AppShell, header, navbar, panels, modals and other structural components of a Medplum app.',
    intro:
      "Medplum's own apps are assembled from these pieces: `AppShell` with its `Header` and `Navbar`, `Panel`/`Document` containers, modals, tabs and small helpers such as `Loading` and `ErrorBoundary`. Several wrap a Mantine component and accept all of its props as well.",
    members: [
      'AppShell',
      'Container',
      'Document',
      'ErrorBoundary',
      'Header',
      'InfoBar',
      'InfoBarSkeleton',
      'LinkTabs',
      'Loading',
      'Logo',
      'MedplumLink',
      'Modal',
      'Navbar',
      'NotificationIcon',
      'Panel',
      'ScrollToTop',
      'SmartAppLaunchLink',
      'Spotlight',
      'UnavailableNote',
    ],
  },
  {
    slug: 'forms-and-feedback',
    title: 'Form helpers and feedback',
    description: 'Form wrapper, labelled sections, submit button, status badges and OperationOutcome alerts.',
    intro:
      '`Form` collects field values into a plain object on submit, `FormSection` and `CheckboxFormSection` add a label, description and validation message around a control, and `OperationOutcomeAlert` shows the issues of a failed request. `StatusBadge` colours a resource status.',
    members: ['CheckboxFormSection', 'Form', 'FormSection', 'OperationOutcomeAlert', 'StatusBadge', 'SubmitButton'],
  },
  {
    slug: 'timelines',
    title: 'Timeline components',
    description: 'Generic resource timelines and the Encounter and ServiceRequest variants, plus timeline items.',
    intro:
      '`ResourceTimeline` loads a bundle of related resources for one focus resource and renders each as a `TimelineItem`. `PatientTimeline` (own page, with a demo) and the Encounter and ServiceRequest timelines below are ready-made configurations of it.',
    members: [
      'DefaultResourceTimeline',
      'EncounterTimeline',
      'ResourceTimeline',
      'ServiceRequestTimeline',
      'Timeline',
      'TimelineItem',
      'TimelineItemSkeleton',
    ],
  },
  {
    slug: 'search-editors',
    title: 'Search editors',
    description: 'The field and filter editor dialogs that SearchControl opens from its toolbar.',
    intro:
      '`SearchControl` opens these dialogs from its toolbar; render them yourself when you build a custom search UI around a `SearchRequest`. Each receives the current search and reports the edited one through `onOk`.',
    members: ['SearchFieldEditor', 'SearchFilterEditor'],
  },
  {
    slug: 'resource-history',
    title: 'Resource history and diffs',
    description: 'History table, version diff and blame views for a single FHIR resource.',
    intro:
      "These components read a resource's version history (`_history`) and show it as a table of versions, as a diff between two versions, or as a per-line blame that names the version and author of each line.",
    members: ['ResourceBlame', 'ResourceDiff', 'ResourceDiffTable', 'ResourceHistoryTable'],
  },
  {
    slug: 'patient-components',
    title: 'Patient header and summary',
    description: 'Patient banner, summary sidebar with its sections, and patient account and export forms.',
    intro:
      "`PatientHeader` is a banner with the patient's name, avatar and key demographics; `PatientSummary` is the sidebar of clinical sections (problems, medications, allergies, vitals and more) that Medplum's provider app shows next to the chart. The account and export forms act on one patient.",
    members: ['PatientAccountsForm', 'PatientExportForm', 'PatientHeader', 'PatientSummary', 'PatientSummarySkeleton'],
  },
  {
    slug: 'clinical-displays',
    title: 'Clinical result displays',
    description: 'Diagnostic reports, observations, measure reports, reference ranges, labs and pharmacies.',
    intro:
      'Displays and editors for clinical results and orders: diagnostic reports with their observations, reference range editors for ObservationDefinition, lab order and result panels, request groups, and the pharmacy components used with medication ordering.',
    members: [
      'DiagnosticReportDisplay',
      'LabOrderDetails',
      'LabOrdersPanel',
      'LabResultDetails',
      'MeasureReportDisplay',
      'ObservationTable',
      'Pharmacies',
      'PharmacyDialog',
      'QuestionnaireResponseDisplay',
      'ReferenceRangeEditor',
      'ReferenceRangeGroupEditor',
      'RequestGroupDisplay',
    ],
  },
  {
    slug: 'messaging',
    title: 'Chat and messaging',
    description: 'Thread inbox, thread chat and chat building blocks based on Communication resources.',
    intro:
      'Medplum models a chat thread as a parent `Communication` with one child `Communication` per message. `ThreadInbox` lists threads and shows the selected one, `ThreadChat` renders and sends messages in one thread, and `BaseChat` is the lower-level view both are built on.',
    members: ['BaseChat', 'ChatModal', 'NewTopicDialog', 'ParticipantFilter', 'ThreadChat', 'ThreadInbox'],
  },
  {
    slug: 'scheduling',
    title: 'Scheduling',
    description: 'Scheduler for booking a Slot from a Schedule, and the BaseScheduler calendar it uses.',
    intro:
      '`Scheduler` lets a user pick a free `Slot` of a `Schedule` and then answer a questionnaire; `BaseScheduler` is the generic calendar-and-time picker underneath it.',
    members: ['BaseScheduler', 'Scheduler'],
  },
  {
    slug: 'data-views',
    title: 'Boards, lists and FHIRPath tables',
    description: 'Resource boards, list-with-detail layouts, FHIRPath tables and the QR code scanner.',
    intro:
      'Layouts for working through many resources: `ResourceBoard` groups resources into columns, `ListWithDetailPane` shows a list with a detail pane for the selected item, and `FhirPathTable` runs a search and shows columns computed with FHIRPath expressions.',
    members: ['FhirPathTable', 'ListWithDetailPane', 'MemoizedFhirPathTable', 'QrCodeScanner', 'ResourceBoard'],
  },
];

/** Lower-case page slug of a component that has a page of its own. */
export function componentSlug(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

/** Anchor of a component's section on a family page (Docusaurus heading ids are lower case). */
export function componentAnchor(name: string): string {
  return name.toLowerCase();
}

export interface Placement {
  /** Route of the page, e.g. /docs/api/react-components/resource-table. */
  route: string;
  /** File name under docs/api/react-components/ without extension. */
  slug: string;
  /** Section anchor for components on a family page. */
  anchor?: string;
  family?: Family;
}

export const ROUTE_BASE = '/docs/api/react-components';

export function placementOf(name: string): Placement {
  const family = FAMILIES.find((f) => f.members.includes(name));
  if (family) {
    return { route: `${ROUTE_BASE}/${family.slug}`, slug: family.slug, anchor: componentAnchor(name), family };
  }
  const slug = componentSlug(name);
  return { route: `${ROUTE_BASE}/${slug}`, slug };
}

/** The link to a component's documentation, with its anchor when it shares a page. */
export function componentHref(name: string): string {
  const p = placementOf(name);
  return p.anchor ? `${p.route}#${p.anchor}` : p.route;
}

/**
 * One-line summaries for components that ship without a doc comment, written from their props
 * and source (@medplum/react 5.2.13 dist/esm/index.mjs.map). Used only when the declarations
 * have no description of their own.
 */
export const SUMMARIES: Record<string, string> = {
  AppShell:
    'Frame of a Medplum app: a header with search and notifications, a navbar built from `menus`, and your page as `children`.',
  Header: 'Top bar of `AppShell`: logo, navbar toggle, search, notifications and announcements.',
  Navbar: 'Side navigation of `AppShell`, built from `menus`, with optional resource search and bookmarks.',
  Container: "Medplum's wrapper around Mantine's `Container`; it takes exactly that component's props.",
  Document: "Paper panel for a page's main content, with optional fixed `width` and `fill`.",
  Panel: 'Paper panel for a block of content, with optional fixed `width` and `fill`.',
  Loading: 'Loading indicator; takes no props.',
  Logo: 'The Medplum logo at the given `size`, or the image at `MEDPLUM_LOGO_URL` when that build-time variable is set.',
  LinkTabs: 'Mantine tabs whose tabs are links under `baseUrl`.',
  MedplumLink: 'Anchor to a resource, reference or path; a click calls the `navigate` function of `MedplumProvider`.',
  InfoBar: 'Horizontal bar of key and value entries; `InfoBarSkeleton` is its loading placeholder.',
  NotificationIcon:
    'Icon with an unread count, from a count search (`countCriteria`) kept current by a subscription (`subscriptionCriteria`).',
  SmartAppLaunchLink:
    'Link that launches the SMART app registered as `client`, with patient, encounter and other FHIR context.',
  Form: '`<form>` that collects its named fields into a `Record<string, string>` and passes it to `onSubmit`.',
  FormSection:
    'Labelled wrapper for a form control, with a description and the validation message for it taken from `outcome`.',
  OperationOutcomeAlert: 'Mantine alert that lists the issues of an `OperationOutcome`.',
  SubmitButton: 'Submit button that shows a loading state while the enclosing `Form` is submitting.',
  ResourceTimeline:
    'Timeline of the resources your `loadTimelineResources` returns for one resource, with an optional comment and upload box.',
  EncounterTimeline: '`ResourceTimeline` for one Encounter.',
  ServiceRequestTimeline: '`ResourceTimeline` for one ServiceRequest.',
  DefaultResourceTimeline: '`ResourceTimeline` for any `resource`.',
  Timeline: 'Container for a list of `TimelineItem`s.',
  TimelineItem:
    'One timeline entry for a `resource`, with its author (`profile`), `dateTime` and a menu of `popupMenuItems`.',
  SearchFieldEditor:
    'Dialog for choosing the columns (fields) of a `SearchRequest`; reports the result through `onOk`.',
  SearchFilterEditor: 'Dialog for editing the filters of a `SearchRequest`; reports the result through `onOk`.',
  ResourceHistoryTable: "Table of the versions in a resource's history.",
  ResourceDiff: 'Diff of two versions of a resource (`original` and `revised`), change by change.',
  ResourceDiffTable: 'Table of the elements that differ between `original` and `revised`, with the old and new values.',
  PatientHeader: 'Banner for one patient: avatar, name, birth date with age, gender and identifiers.',
  PatientSummary: 'Sidebar of clinical `sections` for one patient.',
  ThreadChat: 'Message view and composer for one `thread` (a parent Communication).',
  ThreadInbox: 'Inbox of message threads found with `query`, with the thread `threadId` open beside the list.',
  ObservationTable:
    "Table of Observations with value, reference range and interpretation columns; `DiagnosticReportDisplay` uses it for a report's results.",
  RegisterForm: "Sign-up form for a new project (`type: 'project'`) or patient account (`type: 'patient'`).",
  ChangePasswordForm: 'Form for the signed-in user to change their password.',
  ResetPasswordForm: 'Form that asks the server to email a password-reset link to an address.',
  SetPasswordForm: "Form that sets a new password from a reset link's `id` and `secret`.",
  MfaForm: 'Form for a multi-factor authentication code, with an enrolment QR code when `qrCodeUrl` is set.',
  ChooseScopeForm: 'Sign-in step that lets the user choose which of the requested OAuth scopes to grant.',
  AsyncAutocomplete:
    'Generic search-as-you-type input: `loadOptions` fetches results and `toOption` turns each into an option.',
  ResourceInput: 'Search-as-you-type input for one resource of `resourceType`; `onChange` receives the resource.',
  MultiResourceInput: 'Search-as-you-type input for several resources of `resourceType`; `onChange` receives them all.',
  FhirPathTable:
    'Search results table whose columns are FHIRPath expressions (`fields`) evaluated on each result of `query`.',
  MemoizedFhirPathTable: '`FhirPathTable` wrapped in `React.memo`.',
  PatientAccountsForm: "Form for project admins to change the account references recorded in a patient's `meta`.",
  PatientExportForm:
    "Form that exports one patient's record with `$everything` or as a C-CDA document (`$ccda-export`).",
  Scheduler: 'Lets the user pick an available slot of a `schedule`; `onSelectSlot` receives the chosen Slot.',
};
