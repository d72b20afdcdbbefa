/**
 * Hand-written text for what @medplum/react-hooks ships without a doc comment: one-line
 * summaries of exports and descriptions of option and result members. Kept apart from
 * families.ts (which pages exist and what they say) so each file stays short. Every entry was
 * written from the package source file the export's page lists in its `sources`.
 */

/**
 * One-line descriptions for exports that ship without a doc comment, written from their source
 * (listed in the page's `sources`). Used only when the declarations have no description.
 */
export const SUMMARIES: Record<string, string> = {
  buildInitialResponse:
    "Builds a new `in-progress` QuestionnaireResponse for a questionnaire: one response item per non-display item, pre-filled from the item's `initial` values or its `initialSelected` answer options. Given an existing response, it keeps that response's answers and adds the items it lacks.",
  buildInitialResponseItem:
    "Builds the response item for one questionnaire item (and its child items), with an `id` unique within the page's session and the item's initial answers.",
  convertToPCM16:
    "Converts audio samples between -1 and 1 (as the Web Audio API produces them) to signed 16-bit PCM, returned as the bytes of an `Int16Array` (the platform's byte order: little-endian on the machines browsers run on); values outside the range are clamped.",
  getItemAnswerOptionValue:
    'Returns the value of an `answerOption` as a `TypedValue` (its type and value), whatever `value[x]` it uses.',
  getItemEnableWhenValueAnswer: 'Returns the `answer[x]` of an `enableWhen` condition as a `TypedValue`.',
  getItemInitialValue: "Returns the value of an item's `initial` entry as a `TypedValue`.",
  getNewMultiSelectValues:
    "Turns the option labels selected in a multi-select control into answers: each label is matched against the item's answer options and stored under `propertyName` (for example `valueCoding`).",
  getQuestionnaireItemReferenceTargetTypes:
    'Returns the resource types a reference item may point to, read from its `questionnaire-referenceResource` extension, or `undefined` when there is none.',
  getResponseItemAnswerValue:
    'Returns the value of a response answer as a `TypedValue`, or `undefined` when the answer has none.',
  setQuestionnaireItemReferenceTargetTypes:
    'Returns a copy of an item with its `questionnaire-referenceResource` extension set to the given resource types (a code for one, a CodeableConcept for several), or removed when the list is empty.',
  typedValueToResponseItem:
    "Turns a typed value entered for an item into an answer of the matching `value[x]`, or `undefined` when the value does not fit the item's type. String and text items accept only strings; choice items keep the value's own type.",
  useCachedBinaryUrl:
    'Returns a stable URL for a file whose presigned URL changes on every read (see below); other URLs are returned unchanged.',
  useQuestionnaireForm:
    'Returns the state of a questionnaire form: loading, or the questionnaire, its draft response, the items to show and the handlers that change answers.',
  useThreadInbox:
    "Loads the message threads matching `query` with the newest message of each, and the thread selected by `threadId`, with handlers to add a message, change the thread's status and reload.",
  useWhisper:
    "Streams microphone audio to the server's realtime transcription endpoint and returns the connection status, the transcripts and `start`/`stop` controls.",
};

/**
 * Descriptions for members of the package's options and result types that ship without a doc
 * comment, keyed `Type.member`, written from the source files the pages cite.
 */
export const MEMBER_NOTES: Record<string, string> = {
  'SearchOptions.debounceMs':
    'How long, in milliseconds, a changed query waits for further changes before it runs; the first change runs at once. Default 250.',
  'SearchOptions.enabled': 'When false, no search runs and the hook keeps its previous result. Default true.',
  'UseSubscriptionOptions.subscriptionProps':
    'Extra fields for the `Subscription` the client creates, such as an extension that limits it to some interactions. Compared by value; a change re-subscribes.',
  'UseSubscriptionOptions.onWebSocketOpen': 'Called when the WebSocket connection to the server opens.',
  'UseSubscriptionOptions.onWebSocketClose': 'Called when the WebSocket connection closes.',
  'UseSubscriptionOptions.onSubscriptionConnect':
    "Called with the subscription's id once the server starts sending its notifications.",
  'UseSubscriptionOptions.onSubscriptionDisconnect':
    "Called with the subscription's id when it stops receiving notifications.",
  'UseSubscriptionOptions.onError': "Called with any error in the subscription's lifecycle.",
  'MedplumProviderProps.medplum':
    'The client every hook and component below the provider uses. Create it once, outside any component.',
  'MedplumProviderProps.navigate':
    'Called with a path when a component navigates; defaults to `window.location.assign(path)`, a full page load.',
  'MedplumProviderProps.children': 'The part of the app that can use the hooks.',
  'MedplumContext.medplum': 'The client given to the provider.',
  'MedplumContext.navigate': 'The navigate function given to the provider, or the full-page-load default.',
  'MedplumContext.profile':
    "The signed-in user's profile resource (Practitioner, Patient, RelatedPerson …), or undefined.",
  'MedplumContext.loading':
    'True until the client has finished starting up (restoring any stored session) and while it fetches a profile it does not have yet; refreshing a profile it already has leaves it false.',
  'UseNotificationCountOptions.resourceType': 'The resource type to count.',
  'UseNotificationCountOptions.countCriteria':
    'Search parameters (without the resource type) whose result `total` is the count; include `_summary=count`.',
  'UseNotificationCountOptions.subscriptionCriteria':
    'A criteria string with the resource type; each notification for it repeats the count search.',
  'UseThreadInboxOptions.query':
    'Extra search parameters for the thread search, such as a `_sort` or a `recipient` filter.',
  'UseThreadInboxOptions.threadId': 'The id of the thread to select (or of a message in it), or undefined for none.',
  'UseThreadInboxReturn.loading': 'True until the thread search has finished, and again after `query` changes.',
  'UseThreadInboxReturn.error': 'The last error from loading, selecting or updating, or null.',
  'UseThreadInboxReturn.threadMessages': 'One pair per thread: the parent Communication and its newest message.',
  'UseThreadInboxReturn.selectedThread': 'The thread `threadId` selects, once read.',
  'UseThreadInboxReturn.total': 'The total number of threads when the server reports one.',
  'UseThreadInboxReturn.addThreadMessage': 'Reloads the threads and puts the given new thread first.',
  'UseThreadInboxReturn.handleThreadStatusChange': 'Saves a new status on the selected thread and updates the list.',
  'UseThreadInboxReturn.refreshThreadMessages': 'Runs the thread search again.',
  'UseWhisperOptions.language': 'Language of the speech, as a language code. Default `en`.',
  'UseWhisperOptions.model': 'Transcription model the server is asked to use. Default `gpt-4o-transcribe`.',
  'UseWhisperOptions.onTranscript': 'Called with the text of each transcript as it arrives.',
  'UseWhisperResult.status':
    'Where the connection and the microphone are: idle, connecting, listening, speech started or stopped, disconnected, or error.',
  'UseWhisperResult.error': 'The last error, if any.',
  'UseWhisperResult.transcripts': 'Every transcript so far, with its timestamp.',
  'UseWhisperResult.start': 'Asks for the microphone, connects if needed and starts streaming.',
  'UseWhisperResult.stop': 'Stops the microphone; the socket stays open for `idleTimeoutMs`.',
  'UseWhisperResult.isListening': 'True while audio is being captured.',
  'UseWhisperResult.muted': 'True while the microphone track is disabled; each `start()` begins unmuted.',
  'UseWhisperResult.setMuted': 'Enables or disables the microphone track without stopping the session.',
  'UseResourceBoardProps.search':
    "The search that lists the board's resources. Compared by value, so a new object with the same content does not reload.",
  'UseResourceBoardProps.selectedId': 'The id of the selected resource.',
  'UseResourceBoardProps.loadItems':
    'Replaces the default search with your own loading; returns the items and the total.',
  'UseResourceBoardProps.resolveSelected':
    'Replaces the default look-up of the selected resource (among the items, else a read).',
  'UseResourceBoardProps.onLoad': 'Called with the items and total after each load.',
  'UseResourceBoardProps.onError': 'Called with a loading error; without it, errors go to `console.error`.',
  'UseResourceBoardResult.items': 'The loaded resources.',
  'UseResourceBoardResult.total': 'The total the search reported, if any.',
  'UseResourceBoardResult.loading': 'True while a new search loads (not during a refresh).',
  'UseResourceBoardResult.selected': 'The selected resource, once resolved.',
  'UseResourceBoardResult.refresh': 'Reloads the current search in place.',
  'UseQuestionnaireFormProps.questionnaire': 'The questionnaire, or a reference to read it from.',
  'UseQuestionnaireFormProps.defaultValue': 'A saved response (or a reference to one) whose answers pre-fill the form.',
  'UseQuestionnaireFormProps.subject': 'Reference to the subject, copied into the returned state.',
  'UseQuestionnaireFormProps.encounter': 'Reference to the encounter, copied into the returned state.',
  'UseQuestionnaireFormProps.source':
    "The response's author (`QuestionnaireResponse.source`); in 5.2.13 the hook declares it but does not read it.",
  'UseQuestionnaireFormProps.disablePagination': 'Show every item at once even when the questionnaire has page groups.',
  'UseQuestionnaireFormProps.onChange':
    'Called with the response, answers to disabled questions removed: once when the draft is first built (during that render), then after each change.',
  'QuestionnaireFormPaginationState.pages': 'The page groups of the questionnaire.',
  'QuestionnaireFormPaginationState.activePage': 'Index of the page shown.',
  'QuestionnaireFormPaginationState.onNextPage': 'Moves to the next page.',
  'QuestionnaireFormPaginationState.onPrevPage': 'Moves to the previous page.',
  'QuestionnaireFormPaginationState.pagination': 'Always true in this state.',
  'QuestionnaireFormSinglePageState.pagination': 'Always false in this state: `items` holds every item.',
  'UsePharmacySearchReturn.searchPharmacies':
    'Runs the pharmacy-search bot with the given filters and returns the pharmacies as Organizations.',
  'UsePharmacySearchReturn.addToFavorites': 'Runs the add-pharmacy bot to save a pharmacy for the patient.',
  'UseMedicationOrderReturn.searchMedications': 'Calls `Medication/$drug-search` and returns the medications found.',
  'UseMedicationOrderReturn.orderMedication':
    'Calls `MedicationRequest/$order-medication` and returns the decoded result.',
  'MedicationIFrameOptions.patientId':
    'The patient to sync before the iframe URL is requested; without it only the iframe bot runs.',
  'MedicationIFrameOptions.onPatientSyncSuccess': 'Called after the patient-sync bot succeeds.',
  'MedicationIFrameOptions.onIframeSuccess': 'Called with the URL the iframe bot returned.',
  'MedicationIFrameOptions.onError': 'Called with an error from either bot.',
  'UseMedicationOrderSetOptions.appId': 'Optional application id passed to the operation.',
  'PatientSummaryData.loading': 'True until every search has settled.',
  'PatientSummaryData.error': 'An error from loading, if any; failed searches alone give empty results instead.',
};
