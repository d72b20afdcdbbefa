/** @jsxRuntime automatic @jsxImportSource react */
/**
 * Form and SubmitButton: a form that creates a Task from the values of its named inputs.
 */
// #region new-task-form
import { Stack, TextInput } from '@mantine/core';
import { showNotification } from '@mantine/notifications';
import { normalizeErrorString } from '@medplum/core';
import { Form, SubmitButton, useMedplum } from '@medplum/react';
import type { JSX } from 'react';

export function NewTaskForm(): JSX.Element {
  const medplum = useMedplum();

  async function handleSubmit(formData: Record<string, string>): Promise<void> {
    try {
      await medplum.createResource({
        resourceType: 'Task',
        status: 'requested',
        intent: 'order',
        description: formData.description,
      });
      showNotification({ color: 'green', message: 'Task created' });
    } catch (err) {
      showNotification({ color: 'red', message: normalizeErrorString(err) });
    }
  }

  return (
    <Form onSubmit={handleSubmit}>
      <Stack>
        <TextInput name="description" label="Description" required />
        <SubmitButton>Create task</SubmitButton>
      </Stack>
    </Form>
  );
}
// #endregion new-task-form
