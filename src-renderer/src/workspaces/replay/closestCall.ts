// For a ground-truth call no agent call matched: the agent's closest try, so that the reader sees
// what was wrong with it instead of a list of extra calls to compare by eye. Among the unmatched
// agent calls of the same tool, the one with the fewest parameters that differ as written (the
// profile's matching rules may forgive some of them: the call was still not matched).
import type { Json, ToolCall } from '../../../../shared/format/types';

export interface ParamDifference {
  param: string;
  /** undefined: the call does not give the parameter. */
  truth: Json | undefined;
  agent: Json | undefined;
}

export interface ClosestCall {
  /** The agent call's index in the replay's steps. */
  index: number;
  differences: ParamDifference[];
}

const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b);

export function parameterDifferences(truth: ToolCall, agent: ToolCall): ParamDifference[] {
  const t = (truth.parameters ?? {}) as Record<string, Json>;
  const a = (agent.parameters ?? {}) as Record<string, Json>;
  const keys = [...new Set([...Object.keys(t), ...Object.keys(a)])];
  return keys.filter((k) => !same(t[k], a[k])).map((param) => ({ param, truth: Object.hasOwn(t, param) ? t[param] : undefined, agent: Object.hasOwn(a, param) ? a[param] : undefined }));
}

export function closestCall(truth: ToolCall, unmatched: readonly { index: number; call: ToolCall }[]): ClosestCall | null {
  let best: ClosestCall | null = null;
  for (const { index, call } of unmatched) {
    if (call.tool_name.trim() !== truth.tool_name.trim()) continue;
    const differences = parameterDifferences(truth, call);
    if (!best || differences.length < best.differences.length) best = { index, differences };
  }
  return best;
}
