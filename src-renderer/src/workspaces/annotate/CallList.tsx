// The calls as a list beside the editor: reorder by drag or Alt+Up/Down, duplicate, delete,
// anchor a call to the current frame. Edits go through the store, so the editor follows.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
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

/**
 * Deleting a call removes the focused element with it (the row, or its ✕): the focus fell to
 * <body> and the next Tab started from the top of the page. The call that takes its place gets
 * the focus once the list has rendered without it, else the one before, else the list itself.
 * Returns what deletes the call at `index` and asks for that.
 */
function useDeleteKeepingFocus(list: RefObject<HTMLOListElement | null>, calls: CallEntry[], setCalls: (next: CallEntry[]) => void) {
  // The calls the deletion made: an edit that does not land (no task open) focuses nothing later.
  const pending = useRef<{ calls: CallEntry[]; index: number } | null>(null);
  useLayoutEffect(() => {
    const asked = pending.current;
    pending.current = null;
    if (!asked || asked.calls !== calls || !list.current) return;
    const rows = list.current.querySelectorAll<HTMLElement>(':scope > [data-call-index]');
    (rows[Math.min(asked.index, rows.length - 1)] ?? list.current).focus();
  }, [calls, list]);
  return (from: CallEntry[], index: number) => {
    const next = from.filter((_, i) => i !== index);
    pending.current = { calls: next, index };
    setCalls(next);
  };
}

/** Alt+Up/Down and Delete on a focused call, in the hotkey registry (Alt+Up/Down elsewhere change task). */
function useCallListHotkeys(setCalls: (next: CallEntry[]) => void, deleteCall: (calls: CallEntry[], index: number) => void): void {
  const onFocused = (change: (calls: CallEntry[], index: number) => CallEntry[]) => (event: KeyboardEvent) => {
    const index = focusedCall(event);
    const calls = useAnnotateStore.getState().record?.calls;
    if (index !== null && calls) setCalls(change(calls, index));
  };
  useHotkeyAction('annotate.call-up', onFocused((calls, i) => moveItem(calls, i, i - 1)));
  useHotkeyAction('annotate.call-down', onFocused((calls, i) => moveItem(calls, i, i + 1)));
  useHotkeyAction('annotate.call-delete', (event) => {
    const index = focusedCall(event);
    const calls = useAnnotateStore.getState().record?.calls;
    if (index !== null && calls) deleteCall(calls, index);
  });
}

export function CallList() {
  const calls = useAnnotateStore((state) => state.record?.calls ?? noCalls);
  const lint = useAnnotateStore((state) => state.lint);
  const replaceCalls = useAnnotateStore((state) => state.replaceCalls);
  const [dragging, setDragging] = useState<number | null>(null);
  const setCalls = (next: CallEntry[]) => void replaceCalls(next);
  const list = useRef<HTMLOListElement>(null);
  const deleteCall = useDeleteKeepingFocus(list, calls, setCalls);
  useCallListHotkeys(setCalls, deleteCall);
  return (
    // tabIndex -1: the focus can rest on the list once its last call is deleted (no Tab stop of its own).
    <ol className="call-list" data-testid="call-list" aria-label="Calls" ref={list} tabIndex={-1}>
      {calls.map((call, index) => {
        const issues = lint.filter((issue) => issue.call === index);
        // The buttons show glyphs: their names say the action and the call (the titles add the keys).
        const which = `call ${index + 1} (${call.tool_name})`;
        return (
          <li
            key={call.id}
            draggable
            tabIndex={0}
            aria-label={`Call ${index + 1}: ${call.tool_name}${issues.length > 0 ? `, ${issues.length} problem(s)` : ''}`}
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
                <button type="button" title="Move up (Alt+↑)" aria-label={`Move ${which} up`} onClick={() => setCalls(moveItem(calls, index, index - 1))}>
                  ↑
                </button>
                <button type="button" title="Move down (Alt+↓)" aria-label={`Move ${which} down`} onClick={() => setCalls(moveItem(calls, index, index + 1))}>
                  ↓
                </button>
                <button type="button" title="Duplicate" aria-label={`Duplicate ${which}`} onClick={() => setCalls([...calls.slice(0, index + 1), { ...call, id: newId('c') }, ...calls.slice(index + 1)])}>
                  {/* Not ⧉: Debian's default fonts lack it (an empty box). */}
                  ❐
                </button>
                <button type="button" title="Delete (Del)" aria-label={`Delete ${which}`} onClick={() => deleteCall(calls, index)}>
                  ✕
                </button>
                <button
                  type="button"
                  title="Anchor to the current frame (the frame that shows the evidence)"
                  aria-label={`Anchor ${which} to the current frame`}
                  onClick={() => replaceCalls(calls.map((entry, i) => (i === index ? { ...entry, frame: annotateClip.intendedFrame() } : entry)), true)}
                >
                  ⚓
                </button>
                {call.frame !== null && (
                  <button type="button" title="Go to the anchored frame" aria-label={`Go to frame ${call.frame}, the anchor of ${which}`} onClick={() => void seekFrame(call.frame!)}>
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
