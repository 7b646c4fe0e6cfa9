// The replay's timeline: the dialogue's messages and the agent's calls in order, each call marked
// as paired with the ground truth (gt), extra or malformed (bad), failed, writing, or the label's
// evidence; a call clicked is stepped to.
import type { Ref } from 'react';
import type { ReplayStep, TrajectoryRow } from '../../evaluation/protocol';
import type { TimelineEntry } from './timeline';

export function TimelinePanel({ timeline, steps, currentEntry, evidenceAt, label, onGotoEntry, listRef }: {
  timeline: readonly TimelineEntry[];
  steps: readonly ReplayStep[];
  /** The entry of the call stepped to (null: before the first). */
  currentEntry: number | null;
  evidenceAt: number | null;
  /** The run's label, named on the evidence's call. */
  label: TrajectoryRow['label'];
  onGotoEntry(entry: number): void;
  listRef: Ref<HTMLOListElement>;
}) {
  return (
    <section className="panel timeline-panel" aria-label="Timeline">
      <h3>Timeline</h3>
      <ol className="timeline" ref={listRef}>
        {timeline.map((t) =>
          t.kind === 'message' ? (
            <li key={t.key} className={`timeline-message ${t.role}`}>
              <span className="who">
                {t.role} · turn {t.turn}
              </span>
              <p>{t.content}</p>
            </li>
          ) : (
            <li
              key={t.key}
              className={`timeline-call${t.entry === currentEntry ? ' current' : ''}${t.entry === evidenceAt ? ' evidence' : ''}${steps[t.entry].call ? '' : ' malformed'}`}
            >
              <button type="button" onClick={() => onGotoEntry(t.entry)}>
                <span className="call-number">{t.entry + 1}</span>
                <span className="mono">{steps[t.entry].call?.tool_name ?? 'malformed entry'}</span>
                {steps[t.entry].gtIndex !== null ? (
                  <span className="pill ok">gt</span>
                ) : steps[t.entry].call ? (
                  <span className="pill warn">extra</span>
                ) : (
                  <span className="pill error">bad</span>
                )}
                {steps[t.entry].replayed.ok ? null : <span className="pill error">failed</span>}
                {steps[t.entry].diff.length > 0 ? <span className="pill write">write</span> : null}
                {t.entry === evidenceAt ? <span className="pill evidence-pill">⚑ {label}</span> : null}
              </button>
            </li>
          ),
        )}
      </ol>
    </section>
  );
}
