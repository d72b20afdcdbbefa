/**
 * Renders the questionnaire components (QuestionnaireForm resuming a draft, QuestionnaireBuilder,
 * a form drawn with useQuestionnaireForm) with MockClient (server rendering), then calls the
 * handlers each example passes down, as the form would on a change or a submit, and checks what
 * was written.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { WithId } from '@medplum/core';
import type { Encounter, Patient, Questionnaire, QuestionnaireResponse, Reference } from '@medplum/fhirtypes';
import { EditQuestionnaire } from '../../../examples/questionnaires/edit-questionnaire';
import { ResumableIntake } from '../../../examples/questionnaires/resumable-intake';
import { TextOnlyForm } from '../../../examples/questionnaires/text-only-form';
import { mockWithSearch } from './mock-with-search';
import { renderAndCapture } from './support/render';

/**
 * Keeps the promise of each updateResource the client sends, so a test can wait for the writes a
 * handler starts without awaiting them (fire and forget, as the examples do).
 */
function trackUpdates(medplum: ReturnType<typeof mockWithSearch>): () => Promise<unknown> {
  const writes: Promise<unknown>[] = [];
  const real = medplum.updateResource.bind(medplum);
  medplum.updateResource = ((...args: Parameters<typeof real>) => {
    const write = real(...args);
    writes.push(write);
    return write;
  }) as typeof medplum.updateResource;
  return () => Promise.all(writes.splice(0));
}

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'Intake',
  item: [
    { linkId: 'q1', type: 'string', text: 'Preferred name' },
    { linkId: 'q2', type: 'boolean', text: 'Any allergies?' },
    {
      linkId: 'q3',
      type: 'string',
      text: 'Which allergies?',
      enableWhen: [{ question: 'q2', operator: '=', answerBoolean: true }],
    },
    { linkId: 'q4', type: 'string', text: 'Pharmacy' },
  ],
};

describe('questionnaires/collect-and-extract: ResumableIntake', () => {
  test('shows the draft, keeps it current on change and submits under the draft id with the encounter', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Okafor' }] });
    const encounter = await medplum.createResource<Encounter>({
      resourceType: 'Encounter',
      status: 'in-progress',
      class: { code: 'AMB' },
    });
    const patientRef: Reference<Patient> = { reference: `Patient/${patient.id}` };
    const encounterRef: Reference<Encounter> = { reference: `Encounter/${encounter.id}` };
    const before = (await medplum.searchResources('QuestionnaireResponse')).length;
    const draft = await medplum.createResource<QuestionnaireResponse>({
      resourceType: 'QuestionnaireResponse',
      status: 'in-progress',
      item: [{ linkId: 'q1', answer: [{ valueString: 'Ada' }] }],
    });

    const settle = trackUpdates(medplum);
    type FormProps = {
      questionnaireResponse: QuestionnaireResponse;
      onChange: (response: QuestionnaireResponse) => void;
      onSubmit: (response: QuestionnaireResponse) => Promise<void>;
    };
    const { html, element } = renderAndCapture<FormProps>(medplum, () =>
      ResumableIntake({ questionnaire, patient: patientRef, encounter: encounterRef, draft }),
    );
    assert.match(html, /Preferred name/);
    assert.equal(element.props.questionnaireResponse, draft);

    // A change: the response the form builds has no id; the example writes it over the draft.
    element.props.onChange({
      resourceType: 'QuestionnaireResponse',
      status: 'in-progress',
      item: [{ linkId: 'q1', answer: [{ valueString: 'Ada L.' }] }],
    });
    await settle();
    const current = await medplum.readResource('QuestionnaireResponse', draft.id);
    assert.equal(current.item?.[0]?.answer?.[0]?.valueString, 'Ada L.');
    assert.equal(current.subject?.reference, patientRef.reference);
    assert.equal(current.encounter?.reference, encounterRef.reference);

    await element.props.onSubmit({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      subject: patientRef,
      item: [{ linkId: 'q1', answer: [{ valueString: 'Ada Lovelace' }] }],
    });
    const submitted = await medplum.readResource('QuestionnaireResponse', draft.id);
    assert.equal(submitted.status, 'completed');
    assert.equal(submitted.encounter?.reference, encounterRef.reference);
    assert.equal(submitted.item?.[0]?.answer?.[0]?.valueString, 'Ada Lovelace');
    const after = (await medplum.searchResources('QuestionnaireResponse')).length;
    assert.equal(after, before + 1, 'no second QuestionnaireResponse beside the draft');
  });
});

describe('questionnaires: EditQuestionnaire', () => {
  test('saves the built Questionnaire back under the id it was opened with', async () => {
    const medplum = mockWithSearch();
    const before = (await medplum.searchResources('Questionnaire')).length;
    const stored: WithId<Questionnaire> = await medplum.createResource<Questionnaire>(questionnaire);
    const settle = trackUpdates(medplum);
    type BuilderProps = {
      questionnaire: Reference<Questionnaire>;
      autoSave?: boolean;
      onSubmit: (q: Questionnaire) => void;
    };
    const { element } = renderAndCapture<BuilderProps>(medplum, () => EditQuestionnaire({ id: stored.id }));
    assert.deepEqual(element.props.questionnaire, { reference: `Questionnaire/${stored.id}` });
    assert.equal(element.props.autoSave, true);

    // The builder hands over a Questionnaire whose id may be a temporary id-N; the example keeps the real one.
    element.props.onSubmit({ ...questionnaire, id: 'id-7', title: 'Intake (revised)' });
    await settle();
    const saved = await medplum.readResource('Questionnaire', stored.id);
    assert.equal(saved.title, 'Intake (revised)');
    assert.notEqual(saved.meta?.versionId, stored.meta?.versionId);
    const after = (await medplum.searchResources('Questionnaire')).length;
    assert.equal(after, before + 1, 'no second Questionnaire beside the stored one');
  });
});

describe('questionnaires: TextOnlyForm (useQuestionnaireForm)', () => {
  test('draws only the enabled text questions and completes the response on submit', async () => {
    const medplum = mockWithSearch();
    const patient: Reference<Patient> = { reference: 'Patient/p1' };
    const done: QuestionnaireResponse[] = [];
    type FormElementProps = { onSubmit: (e: { preventDefault: () => void }) => void };
    const { html, element } = renderAndCapture<FormElementProps>(medplum, () =>
      TextOnlyForm({ questionnaire, patient, onDone: (r) => done.push(r) }),
    );
    assert.match(html, /<label>Preferred name<input value=""\/><\/label>/);
    assert.match(html, /<label>Pharmacy<input value=""\/><\/label>/);
    assert.doesNotMatch(html, /Any allergies\?/, 'a boolean question is not drawn');
    assert.doesNotMatch(html, /Which allergies\?/, 'a disabled question is not drawn');
    assert.match(html, /<button type="submit">Submit<\/button>/);

    let prevented = false;
    element.props.onSubmit({ preventDefault: () => (prevented = true) });
    assert.equal(prevented, true);
    assert.equal(done.length, 1);
    assert.equal(done[0].resourceType, 'QuestionnaireResponse');
    assert.equal(done[0].status, 'completed');
    assert.equal(done[0].subject?.reference, 'Patient/p1');
    assert.equal(done[0].source?.reference, 'Patient/p1', 'the patient who filled it in is its source');
    assert.ok(done[0].authored && !Number.isNaN(Date.parse(done[0].authored)));
  });
});
