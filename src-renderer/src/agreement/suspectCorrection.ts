// What Correct writes for an audit suspect (SuspectPanel): the runs' value at its path, or their call.
import type { Suspect } from '../../../shared/eval/gt-audit';
import type { ToolCall } from '../../../shared/format/types';

/** A value inside a list or object: Correct takes the first agreeing run's whole call for it. */
export const takesWholeCall = (s: Suspect): boolean => s.kind === 'value' && /[.[]/.test(s.path);

/** The ground truth's calls with the suspect taken: the runs' value at its path, or their call added. */
export function correctedCalls(calls: readonly ToolCall[], s: Suspect): ToolCall[] {
  if (s.kind === 'call') return [...calls, s.call];
  return calls.map((call, i) => {
    if (i !== s.gt_call) return call;
    // A top-level value is replaced alone; a nested one (a list item) takes the runs' whole call,
    // its other values too (shown under the button before it is written).
    if (takesWholeCall(s)) return s.call;
    return { tool_name: call.tool_name, parameters: { ...call.parameters, [s.path]: s.value } };
  });
}
