// The ground-truth comparison's line under a missing call: the agent's closest try (closestCall.ts).
import type { Json, ToolCall } from '../../../../shared/format/types';
import { closestCall } from './closestCall';

type AgentCall = { index: number; call: ToolCall };

const shown = (value: Json | undefined) => (value === undefined ? '(not given)' : JSON.stringify(value));

/** Under a missing ground-truth call: the agent's closest try at it, and how its parameters differ. */
export function ClosestTry({
  truth,
  unmatched,
  matched,
  onGoto,
}: {
  truth: ToolCall;
  unmatched: readonly AgentCall[];
  /** Agent calls matched to other ground-truth calls. */
  matched: readonly AgentCall[];
  onGoto(entry: number): void;
}) {
  const closest = closestCall(truth, unmatched);
  if (!closest) return <NoneLeft truth={truth} matched={matched} onGoto={onGoto} />;
  return (
    <div className="closest-try" data-testid="closest-try">
      closest try:{' '}
      <button type="button" className="link-button" onClick={() => onGoto(closest.index)}>
        call {closest.index + 1}
      </button>
      {closest.differences.length === 0 ? (
        <span className="muted"> the same parameters as written (the profile's matching told them apart)</span>
      ) : (
        <ul className="mono">
          {closest.differences.map((d) => (
            <li key={d.param}>
              {d.param}: ground truth {shown(d.truth)}, agent {shown(d.agent)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * No unmatched agent call of the tool: the agent may still have called it, for another ground-truth
 * call ("no agent call of this tool" read as never called).
 */
function NoneLeft({ truth, matched, onGoto }: { truth: ToolCall; matched: readonly AgentCall[]; onGoto(entry: number): void }) {
  const name = truth.tool_name.trim();
  const same = matched.filter((entry) => entry.call.tool_name.trim() === name);
  if (same.length === 0) return <span className="muted closest-try"> no agent call of this tool</span>;
  return (
    <span className="muted closest-try" data-testid="closest-try-taken">
      {' '}
      no agent call of this tool left: the agent&apos;s{' '}
      {same.map((entry, i) => (
        <span key={entry.index}>
          {i > 0 && ', '}
          <button type="button" className="link-button" onClick={() => onGoto(entry.index)}>
            call {entry.index + 1}
          </button>
        </span>
      ))}{' '}
      matched {same.length === 1 ? 'another ground-truth call' : 'other ground-truth calls'}
    </span>
  );
}
