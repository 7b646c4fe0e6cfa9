// The egobench profile's label (the official error analysis: six classes, the first that holds
// wins) with its evidence read out: the class order with the one that fired, the reason, and the
// facts it names (the value the clip shows and what the agent queried, the calls missed, the
// state's difference) before the raw JSON.
import type { TrajectoryRow } from '../../evaluation/protocol';
import { Json } from './CallPanels';
import { LabelPills, predicateClass } from './LabelPills';
import type { LabelReview } from './reviews/reviewedLabel';

/** The official classes in the order they are tried, each with what makes it hold. */
const CLASSES: readonly [label: string, holds: string][] = [
  ['syntactic', 'a tool-call entry is malformed (no calls, no tool name, no parameters)'],
  ['perception', 'an entity the clip shows never reaches a query (or the wrong restaurant is named)'],
  ['hallucination', 'a call names a user_id other than the instruction’s'],
  ['logic', 'two or more ground-truth calls were not made'],
  ['memory', 'exactly one ground-truth call was not made'],
  ['over_operation', 'every ground-truth call was made, yet the final state differs'],
];

type Facts = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const callText = (call: unknown) => {
  const c = call as { tool_name?: unknown; parameters?: unknown };
  return c && typeof c === 'object' && 'tool_name' in c ? `${text(c.tool_name)} ${JSON.stringify(c.parameters ?? {})}` : JSON.stringify(call);
};

/** `review`: the latest review of the run, whose label (when another) is the label and the cascade's the automatic one. */
export function EgobenchEvidence({ row, review }: { row: TrajectoryRow; review: LabelReview | null }) {
  const facts = (row.evidence && typeof row.evidence === 'object' && !Array.isArray(row.evidence) ? row.evidence : {}) as Facts;
  const fired = CLASSES.findIndex(([label]) => label === row.label);
  return (
    <div className="egobench-evidence" data-testid="egobench-evidence">
      <ol className="cascade-list">
        {CLASSES.map(([label, holds], i) => (
          <li key={label} className={predicateClass(i === fired, i === fired, label, review)} data-label={label}>
            <span className="predicate-mark" aria-label={i === fired ? 'holds' : fired >= 0 && i > fired ? 'not tried' : 'does not hold'}>
              {i === fired ? '●' : '○'}
            </span>{' '}
            <span className={`label-chip label-${label}`}>{label}</span>
            <LabelPills label={label} fired={i === fired} review={review} /> <span className="why">{holds}</span>
          </li>
        ))}
      </ol>
      {typeof facts.reason === 'string' && <p className="evidence-reason">{facts.reason}</p>}
      <dl className="evidence-facts">
        {facts.param !== undefined && (
          <>
            <dt>parameter</dt>
            <dd className="mono">{text(facts.param)}</dd>
          </>
        )}
        {facts.value !== undefined && (
          <>
            <dt>{row.label === 'perception' ? 'the clip shows' : 'the agent gave'}</dt>
            <dd className="mono">{text(facts.value)}</dd>
          </>
        )}
        {facts.expected !== undefined && (
          <>
            <dt>the instruction says</dt>
            <dd className="mono">{text(facts.expected)}</dd>
          </>
        )}
        {Array.isArray(facts.queried) && (
          <>
            <dt>the agent queried</dt>
            <dd className="mono">{facts.queried.length === 0 ? '(nothing)' : facts.queried.map(text).join(', ')}</dd>
          </>
        )}
        {Array.isArray(facts.missing) && (
          <>
            <dt>ground-truth calls not made</dt>
            <dd>
              <ul className="mono">
                {facts.missing.map((call, i) => (
                  <li key={i}>{callText(call)}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <details>
        <summary>evidence as recorded</summary>
        <Json value={row.evidence} />
      </details>
    </div>
  );
}
