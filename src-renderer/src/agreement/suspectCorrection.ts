// What Correct writes for an audit suspect (SuspectPanel): the runs' value at its path, or their
// call. A path is the audit's (shared/eval/leaves.ts: keys chained by '.', list items '[]').
import type { Suspect } from '../../../shared/eval/gt-audit';
import type { Json, JsonObject, ToolCall } from '../../../shared/format/types';

type ValueSuspect = Extract<Suspect, { kind: 'value' }>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `value` with the leaf at `path` that holds `from` set to `to`; null when the path does not name
 * exactly one such leaf (a list with two items holding it, or none). Only that leaf changes: the
 * other items and fields of the ground truth's call stay as they are.
 */
function replaceLeaf(value: Json, path: readonly string[], from: Json, to: Json): Json | null {
  if (path.length === 0) return JSON.stringify(value) === JSON.stringify(from) ? to : null;
  const [step, ...rest] = path;
  if (step === '[]') {
    if (!Array.isArray(value)) return null;
    const replaced = value.map((item) => replaceLeaf(item, rest, from, to));
    const at = replaced.flatMap((item, i) => (item === null ? [] : [i]));
    if (at.length !== 1) return null;
    return value.map((item, i) => (i === at[0] ? replaced[i]! : item));
  }
  if (!isObject(value) || !(step in value)) return null;
  const inner = replaceLeaf(value[step], rest, from, to);
  return inner === null ? null : { ...value, [step]: inner };
}

/** `products[].name` as steps: ['products', '[]', 'name']. */
const stepsOf = (path: string): string[] => path.split('.').flatMap((key) => key.split(/(\[\])/).filter(Boolean));

/** The ground-truth call with the suspect's value taken at its path, or null when the path names no single leaf there. */
function correctedCall(call: ToolCall, s: ValueSuspect): ToolCall | null {
  // A parameter of the call itself is set, whether the truth has it or not.
  if (!/[.[]/.test(s.path)) return { tool_name: call.tool_name, parameters: { ...call.parameters, [s.path]: s.value } };
  if (s.truth === null) return null;
  const parameters = replaceLeaf(call.parameters, stepsOf(s.path), s.truth, s.value);
  return isObject(parameters) ? { tool_name: call.tool_name, parameters } : null;
}

/**
 * The ground truth's calls with the suspect taken: the runs' value put in the one place the
 * ground truth has the disputed one (a list item's field too: the other items stay), or their call
 * added. `wholeCall`: the place could not be told (the truth's value in two items, or in none),
 * so the first agreeing run's whole call is taken, its other values too: the panel shows it first.
 */
export function correction(calls: readonly ToolCall[], s: Suspect): { calls: ToolCall[]; wholeCall: boolean } {
  if (s.kind === 'call') return { calls: [...calls, s.call], wholeCall: false };
  const fixed = calls[s.gt_call] ? correctedCall(calls[s.gt_call], s) : null;
  return { calls: calls.map((call, i) => (i !== s.gt_call ? call : (fixed ?? s.call))), wholeCall: fixed === null };
}
