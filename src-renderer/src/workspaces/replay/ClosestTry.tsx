// The ground-truth comparison's line under a missing call: the agent's closest try (closestCall.ts).
import type { Json, ToolCall } from '../../../../shared/format/types';
import { closestCall } from './closestCall';

const shown = (value: Json | undefined) => (value === undefined ? '(not given)' : JSON.stringify(value));

/** Under a missing ground-truth call: the agent's closest try at it, and how its parameters differ. */
export function ClosestTry({ truth, unmatched, onGoto }: { truth: ToolCall; unmatched: readonly { index: number; call: ToolCall }[]; onGoto(entry: number): void }) {
  const closest = closestCall(truth, unmatched);
  if (!closest) return <span className="muted closest-try"> no agent call of this tool</span>;
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
