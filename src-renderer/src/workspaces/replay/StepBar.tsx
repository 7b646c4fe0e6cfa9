// The replay's step controls: the previous and next call, where the replay stands, and the jump to
// the label's evidence when there is some.
export function StepBar({ current, count, onGoto, evidenceAt, hasEvidence, onJumpToEvidence }: {
  /** 1-based call number; 0 before the first call. */
  current: number;
  count: number;
  onGoto(step: number): void;
  /** The entry the label's evidence is at (null: none). */
  evidenceAt: number | null;
  /** A call or a visual reference to jump to. */
  hasEvidence: boolean;
  onJumpToEvidence(): void;
}) {
  return (
    <div className="step-bar">
      <button type="button" onClick={() => onGoto(current - 1)} disabled={current <= 0} title="Previous call (K)">
        ◀ prev
      </button>
      <span data-testid="replay-step" className="replay-step" data-step={current}>
        {count === 0 ? 'no calls' : current === 0 ? `before call 1 of ${count}` : `call ${current} of ${count}`}
      </span>
      <button type="button" onClick={() => onGoto(current + 1)} disabled={current >= count} title="Next call (J)">
        next ▶
      </button>
      {hasEvidence ? (
        <button type="button" onClick={onJumpToEvidence} title="Jump to evidence (E)">
          Jump to evidence{evidenceAt !== null ? ` (call ${evidenceAt + 1})` : ''}
        </button>
      ) : null}
    </div>
  );
}
