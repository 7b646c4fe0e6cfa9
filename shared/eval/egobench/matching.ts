// The official matching: an unordered multiset where each ground-truth call, in order, takes the
// first unused agent call with the same tool name and equal (filtered) parameters.
import type { ToolCall, ToolDef } from '../../format/types';
import { acceptedParameters, MatchingCollapse, objectsEqual, type EqualityContext } from './equality';

export interface MatchOutcome {
  /** The official matcher's catch-all fired: the task counts 0 matches of 0 ground-truth and 0 agent calls. */
  collapsed: boolean;
  matched: number;
  /** For each ground-truth call, the index (into the agent calls) it took, or -1. */
  takenBy: number[];
}

export function callsMatch(gt: ToolCall, agent: ToolCall, tools: ReadonlyMap<string, ToolDef>, ctx: EqualityContext): boolean {
  if (gt.tool_name !== agent.tool_name) return false;
  const tool = tools.get(gt.tool_name);
  return objectsEqual(acceptedParameters(gt.parameters, tool), acceptedParameters(agent.parameters, tool), false, ctx);
}

export function greedyMatch(gt: readonly ToolCall[], agent: readonly ToolCall[], tools: ReadonlyMap<string, ToolDef>, ctx: EqualityContext): MatchOutcome {
  const used = new Array<boolean>(agent.length).fill(false);
  try {
    const takenBy = gt.map((g) => {
      const j = agent.findIndex((a, k) => !used[k] && callsMatch(g, a, tools, ctx));
      if (j >= 0) used[j] = true;
      return j;
    });
    return { collapsed: false, matched: takenBy.filter((j) => j >= 0).length, takenBy };
  } catch (error) {
    if (!(error instanceof MatchingCollapse)) throw error;
    return { collapsed: true, matched: 0, takenBy: gt.map(() => -1) };
  }
}
