// Whole reals: whole numbers written with a fraction (`2.0`, `-3.00`), as Python writes a float.
// JSON.parse reads them as the integers JavaScript cannot tell apart from `2`, where Python (the
// official EgoBench scripts) keeps a float: SQLite then stores REAL 2.0, `json.dumps` writes
// `2.0`, and the official state hash tells `2.0` from `2` (egobench/BEHAVIOUR.md). So the calls'
// numbers are marked where the text wrote them so, beside the parsed value (never in it): the
// engine binds a marked number as REAL, writes it as `2.0` in JSON text, and keys it apart. Only
// an `egobench` dataset's trajectories and ground truth are marked (keepsWholeReals), and the
// EgoBench import's and Adjudicate's ground-truth lines, so that they are written as they were read.
import { visit } from 'jsonc-parser';

type Container = Record<string, unknown> | unknown[];
type Key = string | number;

/** Each marked container's keys (indexes in arrays) that hold a whole real. */
const marked = new WeakMap<object, Set<Key>>();
/** Containers with a whole real at any depth below them (every container on the way is one). */
const holding = new WeakSet<object>();

/**
 * A cheap look at the text before the exact one: a digit then `.0…` not followed by a digit. A
 * whole number written with an exponent and no fraction (`1e3`) is not looked for: Python writes
 * none below 1e16, and searching every `e` of a line's words doubled this look's cost (~2% of
 * scoring the bench's corpus).
 */
const mayHold = (text: string): boolean => text.includes('.0') && /\d\.0+(?![0-9])/.test(text);

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** Whether a number token (as written) is a whole real: digits, then a fraction of zeros only (the form mayHold finds). */
const isWholeRealToken = (token: string): boolean => /^-?\d+\.0+$/.test(token);

/**
 * Whether a whole number is anywhere in `value` (parsed data, depth already bounded): only those
 * may have been written as whole reals, so a line without one needs no look at its text.
 */
export function holdsWholeNumber(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value);
  if (!isContainer(value)) return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) if (holdsWholeNumber(item)) return true;
  return false;
}

/**
 * Whether a dataset's calls keep their whole reals: the `egobench` profile's, whose reference (the
 * official scripts) is Python. The paper profile reads JSON's numbers as numbers (SPEC §7 compares
 * them so), `2.0` as `2`, as it always has: binding it as REAL there would change a state (a TEXT
 * column storing '2.0', JSON text, `:q / 4`) that SPEC does not say should change.
 */
export const keepsWholeReals = (meta: { profile?: unknown }): boolean => meta.profile === 'egobench';

/** For parseJsonlLine: a ground-truth line whose calls hold a whole number. */
export const callsMayHoldWholeReals = (line: unknown): boolean => isContainer(line) && holdsWholeNumber((line as Record<string, unknown>).calls);

/** For parseJsonlLine: a trajectory line whose calls (not their results) hold a whole number; `call` is a legacy item's. */
export function trajectoryMayHoldWholeReals(line: unknown): boolean {
  const items = isContainer(line) ? (line as Record<string, unknown>).tool_calls : undefined;
  if (!Array.isArray(items)) return false;
  return items.some((item) => isContainer(item) && (holdsWholeNumber((item as Record<string, unknown>).calls) || holdsWholeNumber((item as Record<string, unknown>).call)));
}

/** parseJsonlLine's wholeReals for a dataset's trajectory lines: marked in an egobench dataset only (keepsWholeReals). */
export const trajectoryWholeReals = (meta: { profile?: unknown }): ((line: unknown) => boolean) | undefined =>
  keepsWholeReals(meta) ? trajectoryMayHoldWholeReals : undefined;

/**
 * Marks the whole reals of `value`, which JSON.parse made of `text` (the same text: every path in
 * it is in the value, a leading byte-order mark aside), when `wanted` says the value may hold some.
 * A key written twice takes its last value, as JSON.parse does.
 */
export function markWholeReals(rawText: string, value: unknown, wanted?: (value: unknown) => boolean): void {
  if (!isContainer(value) || !mayHold(rawText) || (wanted && !wanted(value))) return;
  // A file's byte-order mark is no part of its JSON (offsets below are the text's without it).
  const text = rawText.charCodeAt(0) === 0xfeff ? rawText.slice(1) : rawText;
  visit(
    text,
    {
      onLiteralValue(literal: unknown, offset: number, length: number, _line: number, _column: number, pathOf: () => (string | number)[]) {
        if (typeof literal !== 'number') return;
        const whole = isWholeRealToken(text.slice(offset, offset + length));
        // Most numbers are plain: only a whole real, or one a key's earlier whole real may have marked, is looked up.
        if (whole || holding.has(value)) place(value, pathOf(), whole);
      },
    },
    { disallowComments: true },
  );
}

/** Marks (or unmarks) the number at `path` in `root`, when the path leads to a number there. */
function place(root: Container, path: readonly Key[], whole: boolean): void {
  const chain: Container[] = [root];
  let at: unknown = root;
  for (let i = 0; i < path.length - 1; i++) {
    at = (at as Record<Key, unknown>)[path[i]];
    if (!isContainer(at)) return;
    chain.push(at);
  }
  const key = path[path.length - 1];
  const container = chain[chain.length - 1];
  if (typeof (container as Record<Key, unknown>)[key] !== 'number') return;
  if (whole) {
    for (const c of chain) holding.add(c);
    markKey(container, key);
  } else marked.get(container)?.delete(key);
}

/** Records that `container[key]` is a whole real. */
function markKey(container: object, key: Key): void {
  let keys = marked.get(container);
  if (!keys) marked.set(container, (keys = new Set()));
  keys.add(key);
}

/** Whether a whole real may be somewhere in `value` (cheap; false for anything unmarked). */
export function holdsWholeReals(value: unknown): boolean {
  return isContainer(value) && holding.has(value);
}

/** The keys of `container` that hold a whole real (none for an unmarked one). */
export function wholeRealKeys(container: object): ReadonlySet<Key> {
  return marked.get(container) ?? NONE;
}
const NONE: ReadonlySet<Key> = new Set();

/**
 * Gives `copy` the marks of `original`, of which it is a copy that may lack keys (parameters
 * with undeclared or null-valued keys dropped): each kept number keeps its mark.
 */
export function copyWholeReals(original: unknown, copy: unknown): void {
  if (!holdsWholeReals(original) || !isContainer(copy)) return;
  holding.add(copy);
  const from = original as Record<Key, unknown>;
  const to = copy as Record<Key, unknown>;
  for (const key of wholeRealKeys(original as object)) if (typeof to[key] === 'number') markKey(copy, key);
  for (const key of Array.isArray(copy) ? copy.keys() : Object.keys(copy)) copyWholeReals(from[key], to[key]);
}

/** A whole real as Python's `json.dumps` writes a float: `2.0`, `-0.0`, `1e+16`. */
export function wholeRealText(value: number): string {
  if (Object.is(value, -0)) return '-0.0';
  return Math.abs(value) < 1e16 ? `${value}.0` : value.toExponential();
}

/**
 * JSON.stringify's text of a value from parsed data, with its whole reals written as floats
 * (`2.0`). Without marks it is exactly JSON.stringify's text, so keys built from either agree.
 * `deep`: look for marks in every container (a value built around marked parts, as an import
 * does); else only below containers that hold some (the parsed value itself, or a marked copy).
 * `sortKeys`: objects' keys in code-point order (a text that compares content, whatever the order).
 */
export function stringifyKeepingWholeReals(value: unknown, options: { deep?: boolean; sortKeys?: boolean } = {}): string {
  const walk = options.deep === true || options.sortKeys === true;
  if (!isContainer(value) || (!walk && !holding.has(value)) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  const keys = marked.get(value);
  const text = (item: unknown, key: Key): string => (keys?.has(key) && typeof item === 'number' ? wholeRealText(item) : stringifyKeepingWholeReals(item, options));
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (let i = 0; i < value.length; i++) items.push(value[i] === undefined || typeof value[i] === 'function' ? 'null' : text(value[i], i));
    return `[${items.join(',')}]`;
  }
  const names = Object.keys(value);
  if (options.sortKeys) names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const entries: string[] = [];
  for (const key of names) {
    const item = value[key];
    if (item !== undefined && typeof item !== 'function') entries.push(`${JSON.stringify(key)}:${text(item, key)}`);
  }
  return `{${entries.join(',')}}`;
}

/**
 * stringifyKeepingWholeReals as a key for equal values (memos, "the same call"). JSON writes a
 * number past a double's range (`1e400` parses as Infinity) as null, so `{"q":1e400}`,
 * `{"q":-1e400}` and `{"q":null}` would share a text though they compare apart (SPEC §8.1): where
 * the text holds a null, the places and signs of such numbers are added after it.
 */
export function exactValueKey(value: unknown, options: { deep?: boolean } = {}): string {
  const text = stringifyKeepingWholeReals(value, options);
  if (!text.includes('null')) return text;
  const infinities: string[] = [];
  collectInfinities(value, '', infinities);
  return infinities.length === 0 ? text : `${text}\u0002${infinities.join('\u0002')}`;
}

function collectInfinities(value: unknown, at: string, into: string[]): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) into.push(`${at}=${value}`);
  } else if (Array.isArray(value)) for (let i = 0; i < value.length; i++) collectInfinities(value[i], `${at}/${i}`, into);
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) collectInfinities(item, `${at}/${JSON.stringify(key)}`, into);
}

/** The paths from `value` to its whole reals (for a copy that lost its marks: a structured clone). */
export function wholeRealPaths(value: unknown, prefix: Key[] = [], out: Key[][] = []): Key[][] {
  if (!holdsWholeReals(value)) return out;
  for (const key of wholeRealKeys(value as object)) out.push([...prefix, key]);
  const container = value as Record<Key, unknown>;
  for (const key of Array.isArray(value) ? value.keys() : Object.keys(value as object)) wholeRealPaths(container[key], [...prefix, key], out);
  return out;
}

/** Marks the whole reals at `paths` in `value` (wholeRealPaths of its original). */
export function markWholeRealPaths(value: unknown, paths: readonly (readonly Key[])[]): void {
  if (!isContainer(value)) return;
  for (const path of paths) if (path.length > 0) place(value, path, true);
}

/** The whole reals of ground truths' calls, which a structured clone (a dataset sent to a worker) leaves behind: task id, call index, paths in its parameters. */
export type GroundTruthMarks = [string, number, Key[][]][];

type Truths = ReadonlyMap<string, { calls: readonly { parameters: unknown }[] }>;

export function groundTruthMarks(truths: Truths): GroundTruthMarks {
  const marks: GroundTruthMarks = [];
  for (const [taskId, truth] of truths) {
    truth.calls.forEach((call, index) => {
      const paths = wholeRealPaths(call.parameters);
      if (paths.length > 0) marks.push([taskId, index, paths]);
    });
  }
  return marks;
}

/** Puts groundTruthMarks back on a clone of the ground truths they were taken from. */
export function restoreGroundTruthMarks(truths: Truths, marks: GroundTruthMarks): void {
  for (const [taskId, index, paths] of marks) markWholeRealPaths(truths.get(taskId)?.calls[index]?.parameters, paths);
}
