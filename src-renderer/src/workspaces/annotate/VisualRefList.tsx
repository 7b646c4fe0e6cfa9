// The task's visual references: each one's frames (a click goes to the first), entity,
// description and the call parameter it fills; a deleted one can be brought back with Undo.
import { useState } from 'react';
import type { CallEntry, VisualRefEntry } from '../../db/schema';
import { seekFrame } from './clip';

interface VisualRefListProps {
  refs: VisualRefEntry[];
  calls: CallEntry[];
  onRefs: (next: VisualRefEntry[]) => void;
}

export function VisualRefList({ refs, calls, onRefs }: VisualRefListProps) {
  /** The reference deleted last, and where it was, for Undo. */
  const [removed, setRemoved] = useState<{ ref: VisualRefEntry; index: number } | null>(null);
  return (
    <ul className="ref-list" data-testid="visual-ref-list">
      {refs.map((ref) => {
        const call = calls.findIndex((entry) => entry.id === ref.binding?.call);
        return (
          <li key={ref.id}>
            <button type="button" className="link" onClick={() => void seekFrame(ref.start_frame)} title="Go to the first frame">
              f{ref.start_frame}–{ref.end_frame}
            </button>
            <strong>{ref.entity}</strong>
            <span className="muted">{ref.description}</span>
            {ref.binding && <code>{call >= 0 ? `${call + 1}.` : '?'}{ref.binding.param}</code>}
            <button
              type="button"
              title="Delete"
              aria-label={`Delete the reference to ${ref.entity}`}
              onClick={() => {
                setRemoved({ ref, index: refs.indexOf(ref) });
                onRefs(refs.filter((entry) => entry.id !== ref.id));
              }}
            >
              ✕
            </button>
          </li>
        );
      })}
      {refs.length === 0 && <li className="muted">No visual reference yet.</li>}
      {removed && (
        <li className="ref-removed muted" role="status" data-testid="ref-removed">
          Deleted the reference to {removed.ref.entity} (f{removed.ref.start_frame}–{removed.ref.end_frame}).{' '}
          <button
            type="button"
            className="link"
            onClick={() => {
              if (!refs.some((entry) => entry.id === removed.ref.id)) onRefs([...refs.slice(0, removed.index), removed.ref, ...refs.slice(removed.index)]);
              setRemoved(null);
            }}
            data-testid="ref-undo"
          >
            Undo
          </button>
        </li>
      )}
    </ul>
  );
}
