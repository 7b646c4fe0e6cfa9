// Submit (the button, which reopens a submitted task, and Ctrl+Enter, which only submits): a task with no call at all, or with lint errors, is asked about
// first; a question left open while another task was opened submits nothing. A check of the calls
// still running when another task opens submits the task left behind (submitLeftTask).
import type { ReactNode } from 'react';
import { useConfirm } from '../../components/useConfirm';
import { useHotkeyAction } from '../../hotkeys/useHotkeys';
import { useStudioStore } from '../../state/store';
import { lintOfCallsNow, useAnnotateStore } from './annotateStore';
import { submitLeftTask } from './submitLeftTask';

export function useSubmitTask(): { submit: () => Promise<void>; dialog: ReactNode } {
  const submitting = useConfirm('submit-confirm');
  const submit = async () => {
    const { record } = useAnnotateStore.getState();
    if (record && record.status !== 'submitted' && record.editor_text === null && record.calls.length === 0) {
      const yes = await submitting.ask({
        title: 'Submit with no calls?',
        detail: `${record.task} has no tool call: submitted, this annotation says the task needs none, and agreement compares it so.`,
        confirm: 'Submit',
      });
      if (!yes || useAnnotateStore.getState().record?.task !== record.task) return;
    }
    // Errors the lint finds (an unknown tool, an empty required value, a call that fails on replay) are asked about too: the calls' as they are now.
    const errors = record && record.status !== 'submitted' ? (await lintOfCallsNow()).filter((issue) => issue.severity === 'error') : [];
    if (useAnnotateStore.getState().record?.task !== record?.task) {
      // Another task was opened while the calls were being checked (Ctrl+Enter, then n at once).
      if (record && record.status !== 'submitted') await submitLeftTask(record);
      return;
    }
    if (record && record.status !== 'submitted' && record.editor_text === null && errors.length > 0) {
      const yes = await submitting.ask({
        title: `Submit with ${errors.length} lint error${errors.length === 1 ? '' : 's'}?`,
        detail: (
          <>
            <ul data-testid="submit-lint-errors">
              {errors.slice(0, 8).map((issue, i) => (
                <li key={i}>
                  call {issue.call + 1}
                  {issue.param ? ` (${issue.param})` : ''}: {issue.message}
                </li>
              ))}
              {errors.length > 8 && <li>and {errors.length - 8} more</li>}
            </ul>
            Submitted, the annotation says these calls are the task&apos;s key calls as they are. Cancel to fix them.
          </>
        ),
        confirm: 'Submit anyway',
      });
      if (!yes || useAnnotateStore.getState().record?.task !== record.task) return;
    }
    useAnnotateStore.getState().toggleSubmitted();
  };
  // The key only submits: a second press (to be sure, or by a double tap) must not take a
  // submission back, which under blind annotation nobody would notice. Reopen is the button's.
  useHotkeyAction('annotate.submit', () => {
    const { record } = useAnnotateStore.getState();
    if (record?.status === 'submitted') useStudioStore.getState().showMessage(`${record.task} is submitted already; to change it, Reopen it (the button beside Export)`, 'info');
    else void submit();
  });
  return { submit, dialog: submitting.dialog };
}
