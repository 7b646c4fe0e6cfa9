// The taxonomy of one trajectory: the label with its evidence, and (paper profile) every
// predicate of the SPEC §9 cascade, held or not, and why; (egobench profile) the official classes
// and the facts of the evidence (EgobenchEvidence).
import type { ReplayDetail } from '../../evaluation/protocol';
import { Json } from './CallPanels';
import { EgobenchEvidence } from './EgobenchEvidence';
import { evidenceEntry } from './timeline';

export function CascadePanel({ detail, onGoto }: { detail: ReplayDetail; onGoto(entry: number): void }) {
  const { row, cascade } = detail;
  const at = evidenceEntry(row.evidence);
  return (
    <div className="cascade" data-testid="cascade">
      {cascade ? (
        <ol className="cascade-list">
          {cascade.predicates.map((p) => {
            const entry = evidenceEntry(p.evidence);
            return (
              <li key={p.label} className={`predicate ${p.held ? 'held' : 'not-held'}${p.fired ? ' fired' : ''}`} data-label={p.label}>
                <span className="predicate-mark" aria-label={p.held ? 'holds' : 'does not hold'}>
                  {p.held ? '●' : '○'}
                </span>{' '}
                <span className={`label-chip label-${p.label}`}>{p.label}</span>
                {p.fired ? <span className="pill fired-pill">label</span> : null} <span className="why">{p.why}</span>
                {entry !== null && p.held ? (
                  <button type="button" className="link-button" onClick={() => onGoto(entry)}>
                    call {entry + 1}
                  </button>
                ) : null}
                {p.held && p.evidence ? (
                  <details>
                    <summary>evidence</summary>
                    <Json value={p.evidence} />
                  </details>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <div>
          <p>
            Profile <strong>{detail.profile}</strong>: label <span className={`label-chip label-${row.label}`}>{row.label}</span>
            {at !== null ? (
              <button type="button" className="link-button" onClick={() => onGoto(at)}>
                call {at + 1}
              </button>
            ) : null}
          </p>
          {detail.profile === 'egobench' ? <EgobenchEvidence row={row} /> : <Json value={row.evidence} />}
        </div>
      )}
    </div>
  );
}
