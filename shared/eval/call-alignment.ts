// The call-level alignment of two annotators' key calls, for the agreement panel and the
// adjudication view: pairs that match (SPEC §8.1, the pairs of compareCallLists), near matches
// (same tool, some parameters differ: which ones), and calls only one side wrote.
import type { Json, ToolCall, ToolDef } from '../format/types';
import { childSchema, matchedParameters, valuesEqual, type MatchContext } from './canonical';
import { trimSpace } from '../format/whitespace';

export interface ParamDifference {
  /** Top-level parameter name. */
  param: string;
  /** The values (undefined when that side leaves the parameter out). */
  a: Json | undefined;
  b: Json | undefined;
}

export type AlignmentRow =
  | { kind: 'match'; a: number; b: number }
  | { kind: 'near'; a: number; b: number; differing: ParamDifference[] }
  | { kind: 'onlyA'; a: number }
  | { kind: 'onlyB'; b: number };

function present(value: unknown): boolean {
  return value !== null && value !== undefined;
}

/** Parameters whose values differ under §8.1 (undeclared ones ignored, as matching does). */
export function differingParameters(a: ToolCall, b: ToolCall, tools: Map<string, ToolDef>, ctx: MatchContext): ParamDifference[] {
  const tool = tools.get(trimSpace(a.tool_name));
  const pa = matchedParameters(a.parameters, tool);
  const pb = matchedParameters(b.parameters, tool);
  const keys = [...new Set([...Object.keys(pa), ...Object.keys(pb)])].sort();
  const out: ParamDifference[] = [];
  for (const param of keys) {
    const va = pa[param];
    const vb = pb[param];
    if (!present(va) && !present(vb)) continue;
    if (present(va) && present(vb) && valuesEqual(va, vb, childSchema(tool?.parameters, param), ctx)) continue;
    out.push({ param, a: present(va) ? (va as Json) : undefined, b: present(vb) ? (vb as Json) : undefined });
  }
  return out;
}

/**
 * Rows in A's order; each call of B only ever appears once. `pairs` maps matched indices of A to
 * those of B. Unmatched calls of the same tool pair up as near matches, fewest differences first.
 * Calls only B wrote are placed after the row holding B's previous call.
 */
export function alignCalls(
  a: readonly ToolCall[],
  b: readonly ToolCall[],
  pairs: ReadonlyMap<number, number>,
  tools: Map<string, ToolDef>,
  ctx: MatchContext,
): AlignmentRow[] {
  return alignCallsBy(a, b, pairs, (x, y) => differingParameters(x, y, tools, ctx));
}

/** alignCalls with another rule for which parameters differ (the ground-truth audit's, by the dataset's profile). */
export function alignCallsBy(
  a: readonly ToolCall[],
  b: readonly ToolCall[],
  pairs: ReadonlyMap<number, number>,
  differing: (callA: ToolCall, callB: ToolCall) => ParamDifference[],
): AlignmentRow[] {
  const usedB = new Set(pairs.values());
  const near = new Map<number, { b: number; differing: ParamDifference[] }>();
  const candidates: { a: number; b: number; differing: ParamDifference[] }[] = [];
  a.forEach((callA, i) => {
    if (pairs.has(i)) return;
    b.forEach((callB, j) => {
      if (usedB.has(j) || trimSpace(callA.tool_name) !== trimSpace(callB.tool_name)) return;
      candidates.push({ a: i, b: j, differing: differing(callA, callB) });
    });
  });
  candidates.sort((x, y) => x.differing.length - y.differing.length || x.a - y.a || x.b - y.b);
  for (const candidate of candidates) {
    if (near.has(candidate.a) || usedB.has(candidate.b)) continue;
    near.set(candidate.a, { b: candidate.b, differing: candidate.differing });
    usedB.add(candidate.b);
  }
  const rows: AlignmentRow[] = a.map((_, i) => {
    const matched = pairs.get(i);
    if (matched !== undefined) return { kind: 'match', a: i, b: matched };
    const close = near.get(i);
    return close ? { kind: 'near', a: i, b: close.b, differing: close.differing } : { kind: 'onlyA', a: i };
  });
  b.forEach((_, j) => {
    if (usedB.has(j)) return;
    let at = 0;
    rows.forEach((row, index) => {
      if ('b' in row && row.b < j) at = index + 1;
    });
    rows.splice(at, 0, { kind: 'onlyB', b: j });
  });
  return rows;
}
