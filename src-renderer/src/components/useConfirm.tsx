// A question before something that cannot be undone, in the studio's one dialog (not the
// browser's confirm(), which blocks the page, looks like neither app and takes no keymap): `ask`
// opens it and resolves true only for the confirming button; Cancel, Escape and the backdrop say no.
// Cancel comes first, so the dialog focuses it (Enter right after a click destroys nothing), and
// focus goes back where it was when the dialog closes.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Dialog } from './Dialog';

export interface ConfirmQuestion {
  title: string;
  /** What happens, and what is not touched. */
  detail: ReactNode;
  /** The confirming button's label: the action itself ("Remove", "Discard"). */
  confirm: string;
}

export function useConfirm(testId = 'confirm'): { ask(question: ConfirmQuestion): Promise<boolean>; dialog: ReactNode } {
  const [question, setQuestion] = useState<ConfirmQuestion | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);
  const close = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = null;
    setQuestion(null);
  };
  const ask = useCallback((next: ConfirmQuestion) => {
    answer.current?.(false); // a question still open is answered no
    setQuestion(next);
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }, []);
  const dialog = (
    <Dialog
      open={question !== null}
      onClose={() => close(false)}
      title={question?.title ?? ''}
      description={question?.detail}
      className="confirm-dialog"
      testId={testId}
      actions={
        <>
          <button type="button" onClick={() => close(false)} data-testid={`${testId}-cancel`}>
            Cancel
          </button>
          <button type="button" className="danger" onClick={() => close(true)} data-testid={`${testId}-yes`}>
            {question?.confirm}
          </button>
        </>
      }
    />
  );
  return { ask, dialog };
}
