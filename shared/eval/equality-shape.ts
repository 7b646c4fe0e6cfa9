// A call's shape under call equality (SPEC §8.1): a necessary condition of it, so that calls of
// different shapes are never compared (alpha-sums.ts compares the distinct calls of a tool within
// their buckets only; two annotators' quantities in 2,000 tasks are 8,000 distinct calls of one tool).
import type { ParamSchema, ToolCall, ToolDef } from '../format/types';
import { trimSpace } from '../format/whitespace';
import { canonicalString, childSchema, matchedParameters, MAX_MATCHING_PAIRS, RELATIVE_TOLERANCE } from './canonical';

/**
 * A call's shape: two calls whose keys differ, or one of whose numbers (in the same place) are
 * apart by twice the tolerance, are never equal (equalityShape). Null: no shape to go by, the
 * call is compared with every other of its tool.
 */
export interface CallShape {
  key: string;
  numbers: number[];
}

/**
 * A call's shape under callsEqual(·, ·, tools, any entity look-up): calls that are equal have the
 * same key and numbers within the tolerance of each other, place by place. It follows
 * canonical.ts objectsEqual/valuesEqual step by step (a change there needs its twin here): the
 * parameters matching keeps (undeclared ones dropped where the tool is known), keys with a value
 * (null dropped), each value's kind; strings by their canonical text, or exact text under
 * `x-match: exact`, and not at all under an entity rule (names of one database row can differ
 * in every letter); arrays by length and, unordered, by the sorted shapes of their items (whose
 * numbers then go unsaid: which item pairs with which is the matching's). Null when an unordered
 * array is too long to match (maxMatching refuses it): that call is compared as before, so a
 * refusal still sends alpha to every pair.
 */
export function equalityShape(call: ToolCall, tools: Map<string, ToolDef>): CallShape | null {
  const tool = tools.get(trimSpace(call.tool_name));
  const numbers: number[] = [];
  const key = shapeOf(matchedParameters(call.parameters, tool), tool?.parameters, numbers);
  return key === null ? null : { key, numbers };
}

function shapeOf(value: unknown, schema: ParamSchema | undefined, numbers: number[] | null): string | null {
  if (typeof value === 'string') {
    const rule = schema?.['x-match'];
    if (rule === 'exact') return `x${JSON.stringify(value)}`;
    if (typeof rule === 'object' && rule !== null && typeof rule.entity === 'string') return 'e';
    return `s${JSON.stringify(canonicalString(value))}`;
  }
  if (typeof value === 'number') {
    numbers?.push(value);
    return 'n';
  }
  if (Array.isArray(value)) {
    const items = schema?.items;
    if (schema?.['x-ordered'] === true) {
      const shapes = value.map((item) => shapeOf(item, items, numbers));
      return shapes.includes(null) ? null : `o[${shapes.join(',')}]`;
    }
    if (value.length * value.length > MAX_MATCHING_PAIRS) return null;
    const shapes = value.map((item) => shapeOf(item, items, null));
    return shapes.includes(null) ? null : `u[${shapes.sort().join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object)
      .filter((k) => object[k] !== null && object[k] !== undefined)
      .sort();
    const shapes: string[] = [];
    for (const k of keys) {
      const shape = shapeOf(object[k], childSchema(schema, k), numbers);
      if (shape === null) return null;
      shapes.push(`${JSON.stringify(k)}:${shape}`);
    }
    return `{${shapes.join(',')}}`;
  }
  // null (an item: keys whose value is null are dropped), booleans, undefined: equal only to themselves.
  return `v${String(value)}`;
}

/**
 * Whether numbers x <= y, next to each other in sorted order, are far enough apart that no number
 * at or below x equals one at or above y (canonical.ts numbersEqual). The distance less the
 * tolerance, |a - b| - RELATIVE_TOLERANCE·max(1, |a|, |b|), only grows as a moves down from x or b up from y, so
 * a gap past twice the tolerance leaves every such pair a tolerance clear of it: far more than
 * rounding, in this test or in that one, can carry across. A number past a double's range equals
 * only the same infinity.
 */
function apart(x: number, y: number): boolean {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return x !== y;
  return y - x > 2 * RELATIVE_TOLERANCE * Math.max(1, Math.abs(x), Math.abs(y));
}

/**
 * Calls (indexes into `calls`) in buckets that equality never crosses: by shape key, then split
 * wherever the numbers of one place, sorted, are apart (each place in turn). A call without a
 * shape puts all of them in one bucket.
 */
export function shapeBuckets(calls: readonly ToolCall[], shapeOf: (call: ToolCall) => CallShape | null): number[][] {
  const byKey = new Map<string, number[]>();
  const numbers: number[][] = [];
  for (let i = 0; i < calls.length; i++) {
    const shape = shapeOf(calls[i]);
    if (shape === null) return [calls.map((_, j) => j)];
    numbers.push(shape.numbers);
    const bucket = byKey.get(shape.key);
    if (bucket) bucket.push(i);
    else byKey.set(shape.key, [i]);
  }
  const buckets: number[][] = [];
  for (const start of byKey.values()) {
    let parts = [start];
    // One shape key, one count of numbers.
    for (let place = 0; place < numbers[start[0]].length; place++) {
      const split: number[][] = [];
      for (const part of parts) {
        if (part.length < 2) {
          split.push(part);
          continue;
        }
        const sorted = [...part].sort((i, j) => (numbers[i][place] < numbers[j][place] ? -1 : numbers[i][place] > numbers[j][place] ? 1 : 0));
        let run = [sorted[0]];
        for (let r = 1; r < sorted.length; r++) {
          if (apart(numbers[sorted[r - 1]][place], numbers[sorted[r]][place])) {
            split.push(run);
            run = [];
          }
          run.push(sorted[r]);
        }
        split.push(run);
      }
      parts = split;
    }
    buckets.push(...parts);
  }
  return buckets;
}
