// One run's call in a compare row: the call, whether it matches the row's ground-truth call,
// whether it failed, the state it changed; or what is missing.
import { StateDiffTable } from '../../../components/StateDiffTable';
import type { ReplayStep } from '../../../evaluation/protocol';

export function CompareCell({ step, gtIndex, divergence }: { step: ReplayStep | null; gtIndex: number | null; divergence: boolean }) {
  const mark = divergence ? (
    <span className="divergence-mark" data-testid="first-divergence">
      first divergence
    </span>
  ) : null;
  if (!step)
    return gtIndex !== null ? (
      <div className="compare-missing">
        {mark} <span className="muted">missing</span>
      </div>
    ) : null;
  const call = step.call;
  return (
    <div className={gtIndex !== null ? 'compare-call matched' : 'compare-call extra'} data-testid="compare-call">
      {mark}
      <span aria-label={gtIndex !== null ? 'matches the ground truth' : 'not in the ground truth'}>{gtIndex !== null ? '✓' : '✗'}</span>{' '}
      {/* Rows follow the ground truth: the number says where the call came in the run. */}
      <span className="muted compare-step" title={`call ${step.index + 1} of this run`}>
        #{step.index + 1}
      </span>{' '}
      <code>{call ? `${call.tool_name} ${JSON.stringify(call.parameters)}` : `malformed: ${JSON.stringify(step.raw)}`}</code>
      {!step.replayed.ok ? <div className="error-text">fails: {JSON.stringify(step.replayed.result)}</div> : null}
      {step.diff.length > 0 ? <StateDiffTable diffs={step.diff} testId="compare-step-diff" /> : null}
    </div>
  );
}
