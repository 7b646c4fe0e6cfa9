// A row's call being edited (AlignmentRow), under the row across the table: in the decision column
// it was a 177x62 px box breaking a call every 20 characters. A text that is no call is said here
// (the merged sequence leaves the row out, and that was said only far below it).
import { useId } from 'react';

/** Lines the edit box shows at most before it scrolls (it is resizable beyond). */
const MAX_EDIT_ROWS = 20;

export function CallEdit({ label, text, error, onEdit }: { label: string; text: string; error: string | null; onEdit(text: string): void }) {
  const errorId = useId();
  return (
    <>
      <textarea
        className="call-edit"
        aria-label={label}
        value={text}
        rows={Math.min(MAX_EDIT_ROWS, Math.max(4, text.split('\n').length + 1))}
        spellCheck={false}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? errorId : undefined}
        onChange={(event) => onEdit(event.target.value)}
      />
      {error !== null && (
        <div className="call-edit-error" id={errorId}>
          Left out of the merged sequence until it parses: {error}
        </div>
      )}
    </>
  );
}
