// The calls as a list beside the editor: reorder by drag or Alt+Up/Down, duplicate, delete,
// anchor a call to the current frame. Edits go through the store, so the editor follows.
import { useState } from 'react';
import { newId } from '../../db/annotationDb';
import type { CallEntry } from '../../db/schema';
import { noCalls, useAnnotateStore } from './annotateStore';
import { moveItem } from './callsText';
import { useHotkeyAction } from '../../hotkeys/useHotkeys';
import { annotateClip, seekFrame } from './clip';

function summary(call: CallEntry): string {
  return Object.entries(call.parameters)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join(', ');
}

/** The index of the call whose row has the focus when the key was pressed. */
function focusedCall(event: KeyboardEvent): number | null {
  const row = event.target instanceof Element ? event.target.closest<HTMLElement>('.call-list [data-call-index]') : null;
  return row ? Number(row.dataset.callIndex) : null;
}

/** Alt+Up/Down and Delete on a focused call, in the hotkey registry (Alt+Up/Down elsewhere change task). */
function useCallListHotkeys(setCalls: (next: CallEntry[]) => void): void {
  const onFocused = (change: (calls: CallEntry[], index: number) => CallEntry[]) => (event: KeyboardEvent) => {
    const index = focusedCall(event);
    const calls = useAnnotateStore.getState().record?.calls;
    if (index !== null && calls) setCalls(change(calls, index));
  };
  useHotkeyAction('annotate.call-up', onFocused((calls, i) => moveItem(calls, i, i - 1)));
  useHotkeyAction('annotate.call-down', onFocused((calls, i) => moveItem(calls, i, i + 1)));
  useHotkeyAction('annotate.call-delete', onFocused((calls, i) => calls.filter((_, j) => j !== i)));
}

export function CallList() {
  const calls = useAnnotateStore((state) => state.record?.calls ?? noCalls);
  const lint = useAnnotateStore((state) => state.lint);
  const edit = useAnnotateStore((state) => state.edit);
  const [dragging, setDragging] = useState<number | null>(null);
  const setCalls = (next: CallEntry[]) => edit({ calls: next, editor_text: null });
  useCallListHotkeys(setCalls);
  return (
    <ol className="call-list" data-testid="call-list" aria-label="Calls">
      {calls.map((call, index) => {
        const issues = lint.filter((issue) => issue.call === index);
        return (
          <li
            key={call.id}
            draggable
            tabIndex={0}
            className={dragging === index ? 'call-item dragging' : 'call-item'}
            onDragStart={() => setDragging(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={() => {
              if (dragging !== null) setCalls(moveItem(calls, dragging, index));
              setDragging(null);
            }}
            data-call-index={index}
          >
            <div className="call-head">
              <span className="call-index">{index + 1}</span>
              <code className="call-name">{call.tool_name}</code>
              {issues.length > 0 && (
                <span className={issues.some((issue) => issue.severity === 'error') ? 'lint-badge error' : 'lint-badge'} title={issues.map((issue) => issue.message).join('\n')}>
                  {issues.length}
                </span>
              )}
              <span className="call-actions">
                <button type="button" title="Move up (Alt+↑)" onClick={() => setCalls(moveItem(calls, index, index - 1))}>
                  ↑
                </button>
                <button type="button" title="Move down (Alt+↓)" onClick={() => setCalls(moveItem(calls, index, index + 1))}>
                  ↓
                </button>
                <button type="button" title="Duplicate" onClick={() => setCalls([...calls.slice(0, index + 1), { ...call, id: newId('c') }, ...calls.slice(index + 1)])}>
                  ⧉
                </button>
                <button type="button" title="Delete (Del)" onClick={() => setCalls(calls.filter((_, i) => i !== index))}>
                  ✕
                </button>
                <button
                  type="button"
                  title="Anchor to the current frame (the frame that shows the evidence)"
                  onClick={() => setCalls(calls.map((entry, i) => (i === index ? { ...entry, frame: annotateClip.intendedFrame() } : entry)))}
                >
                  ⚓{call.frame !== null ? '' : ''}
                </button>
                {call.frame !== null && (
                  <button type="button" title="Go to the anchored frame" onClick={() => void seekFrame(call.frame!)}>
                    f{call.frame}
                  </button>
                )}
              </span>
            </div>
            <div className="call-params">{summary(call)}</div>
            {issues.map((issue, i) => (
              <div key={i} className={`lint-line ${issue.severity}`}>
                {issue.message}
              </div>
            ))}
          </li>
        );
      })}
      {calls.length === 0 && <li className="muted">No call yet: type in the editor or run one in the console.</li>}
    </ol>
  );
}
