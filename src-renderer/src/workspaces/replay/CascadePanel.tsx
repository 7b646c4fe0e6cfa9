// The taxonomy of one trajectory: the label with its evidence, and (paper profile) every
// predicate of the SPEC §9 cascade, held or not, and why; (egobench profile) the official classes
// and the facts of the evidence (EgobenchEvidence). A review's label, when one overrides the
// cascade's, is the label; the cascade's is named the automatic one (LabelPills).
import type { ReplayDetail } from '../../evaluation/protocol';
import { Json } from './CallPanels';
import { EgobenchEvidence } from './EgobenchEvidence';
import { evidenceInWords } from './evidenceWords';
import { LabelPills, predicateClass } from './LabelPills';
import type { LabelReview } from './reviews/reviewedLabel';
import { evidenceEntry } from './timeline';

export function CascadePanel({ detail, review, onGoto }: { detail: ReplayDetail; review: LabelReview | null; onGoto(entry: number): void }) {
  const { row, cascade } = detail;
  const at = evidenceEntry(row.evidence);
  const overridden = review !== null && review.label !== row.label;
  return (
    <div className="cascade" data-testid="cascade">
      {cascade ? (
        <ol className="cascade-list">
          {cascade.predicates.map((p) => {
            const entry = evidenceEntry(p.evidence);
            return (
              <li key={p.label} className={predicateClass(p.held, p.fired, p.label, review)} data-label={p.label}>
                <span className="predicate-mark" aria-label={p.held ? 'holds' : 'does not hold'}>
                  {p.held ? '●' : '○'}
                </span>{' '}
                <span className={`label-chip label-${p.label}`}>{p.label}</span>
                <LabelPills label={p.label} fired={p.fired} review={review} /> <span className="why">{p.why}</span>
                {entry !== null && p.held ? (
                  <button type="button" className="link-button" onClick={() => onGoto(entry)}>
                    call {entry + 1}
                  </button>
                ) : null}
                {p.held && p.evidence ? <EvidenceDisclosure evidence={p.evidence} /> : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <div>
          <p>
            Profile <strong>{detail.profile}</strong>: {overridden ? 'automatic label' : 'label'} <span className={`label-chip label-${row.label}`}>{row.label}</span>
            {at !== null ? (
              <button type="button" className="link-button" onClick={() => onGoto(at)}>
                call {at + 1}
              </button>
            ) : null}
          </p>
          {overridden ? (
            <p data-testid="reviewed-label">
              Label <span className={`label-chip label-${review.label}`}>{review.label}</span> ✎ by {review.reviewer}&apos;s review
            </p>
          ) : null}
          {detail.profile === 'egobench' ? <EgobenchEvidence row={row} review={review} /> : <EvidenceDisclosure evidence={row.evidence} />}
        </div>
      )}
    </div>
  );
}

/** The evidence in words (1-based, named), its raw JSON (0-based, as the evaluator writes it) behind the disclosure. */
function EvidenceDisclosure({ evidence }: { evidence: unknown }) {
  const words = evidenceInWords(evidence);
  return (
    <details>
      <summary>evidence{words.length > 0 ? `: ${words.join(', ')}` : ''}</summary>
      <Json value={evidence} />
    </details>
  );
}
