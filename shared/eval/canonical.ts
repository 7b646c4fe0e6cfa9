// Canonical comparison of tool calls (SPEC §8.1). Equality here is not always transitive
// (number tolerance, entity matching), so multisets are compared by maximum bipartite matching.
import { setOwn } from '../format/own-data';
import type { Json, ParamSchema, ToolCall, ToolDef } from '../format/types';
import { BoundedMap } from '../memo/bounded-map';
import { callKey } from './calls';
import { entityNamesMatch, type EntityLookup } from './entity-names';
import { collapseSpace, trimSpace } from '../format/whitespace';

const SINGLE_QUOTES = /[\u2019\u2018\u201B\u00B4`]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E]/g;

// Agent logs repeat the same strings (names, results) across thousands of trajectories.
const canonicalMemo = new BoundedMap<string, string>(100_000);
const MEMO_MAX_LENGTH = 512;

export function canonicalString(s: string): string {
  if (s.length > MEMO_MAX_LENGTH) return canonicalize(s);
  let canonical = canonicalMemo.get(s);
  if (canonical === undefined) {
    canonical = canonicalize(s);
    canonicalMemo.set(s, canonical);
  }
  return canonical;
}

function canonicalize(s: string): string {
  return collapseSpace(s.replace(SINGLE_QUOTES, "'").replace(DOUBLE_QUOTES, '"').normalize('NFKC').toLowerCase());
}

/** SPEC §8.1's relative tolerance: numbers are equal when |a-b| <= RELATIVE_TOLERANCE·max(1,|a|,|b|). */
export const RELATIVE_TOLERANCE = 1e-6;

/**
 * SPEC §8.1's tolerance, for finite numbers. A number past a double's range (`1e400` reads as
 * Infinity) equals only the same infinity: by the formula as written, |Inf - 5| <= 1e-6 * Inf held,
 * and a crafted trajectory writing 1e400 for every number matched every ground-truth call.
 */
export function numbersEqual(a: number, b: number): boolean {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b;
  return Math.abs(a - b) <= RELATIVE_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
}

export interface MatchContext {
  entities: EntityLookup;
  /** Remembered call comparisons, keyed by the tools compared under and both calls' JSON (the engine's entities aside, equality depends on nothing else). */
  pairMemo?: PairMemo;
}

/**
 * Call comparisons by the tools they were made under and the two calls' keys: a row per agent
 * call, holding its verdicts against ground-truth calls. Matching fetches each agent call's row
 * once, then looks up a few short maps, instead of probing one large map for every pair. The
 * tools count: a parameter one scenario's tool declares, another's ignores (SPEC §8.1), so the
 * same two calls can differ under one and be equal under the other, and a match context (one per
 * engine) is shared by whoever holds the engine.
 */
export class PairMemo {
  private rowsByTools = new WeakMap<Map<string, ToolDef>, Map<string, Map<string, boolean>>>();
  private size = 0;

  constructor(private readonly max = 200_000) {}

  /** The verdicts of one call under `tools` (created empty); `record` adds to it. */
  row(tools: Map<string, ToolDef>, first: string): Map<string, boolean> {
    let rows = this.rowsByTools.get(tools);
    if (!rows) this.rowsByTools.set(tools, (rows = new Map()));
    let row = rows.get(first);
    if (!row) rows.set(first, (row = new Map()));
    return row;
  }

  record(row: Map<string, boolean>, second: string, equal: boolean): void {
    if (this.size >= this.max) {
      // Rows already handed out keep their verdicts (they stay correct); the memo starts afresh.
      this.rowsByTools = new WeakMap();
      this.size = 0;
    }
    row.set(second, equal);
    this.size++;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function childSchema(schema: ParamSchema | undefined, key: string): ParamSchema | undefined {
  const properties = schema?.properties;
  if (properties && Object.hasOwn(properties, key)) return properties[key];
  return isObject(schema?.additionalProperties) ? (schema.additionalProperties as ParamSchema) : undefined;
}

/** `x-match` entity targets split once ("TABLE.COLUMN" -> table, column): schemas are few, comparisons many. */
const entityTargets = new BoundedMap<string, [table: string, column: string]>(10_000);

let lastTarget: { target: string; split: [table: string, column: string] } | undefined;

function entityTarget(target: string): [table: string, column: string] {
  if (lastTarget !== undefined && lastTarget.target === target) return lastTarget.split;
  let split = entityTargets.get(target);
  if (!split) {
    const dot = target.indexOf('.');
    split = [target.slice(0, dot), target.slice(dot + 1)];
    entityTargets.set(target, split);
  }
  lastTarget = { target, split };
  return split;
}

function entityStringsMatch(a: string, b: string, target: string, ctx: MatchContext): boolean {
  const [table, column] = entityTarget(target);
  return entityNamesMatch(a, b, ctx.entities(table, column, a), ctx.entities(table, column, b));
}

export function stringsEqual(a: string, b: string, schema: ParamSchema | undefined, ctx: MatchContext): boolean {
  const rule = schema?.['x-match'];
  if (rule === 'exact') return a === b;
  if (isObject(rule) && typeof rule.entity === 'string') return entityStringsMatch(a, b, rule.entity, ctx);
  return canonicalString(a) === canonicalString(b);
}

/** SPEC §8.1 equality of two parameter values under the schema at their path (equality-shape.ts equalityShape follows it: a rule changed here changes there). */
export function valuesEqual(a: unknown, b: unknown, schema: ParamSchema | undefined, ctx: MatchContext): boolean {
  if (typeof a === 'string' && typeof b === 'string') return stringsEqual(a, b, schema, ctx);
  if (typeof a === 'number' && typeof b === 'number') return numbersEqual(a, b);
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const items = schema?.items;
    if (schema?.['x-ordered'] === true) return a.every((x, i) => valuesEqual(x, b[i], items, ctx));
    return maxMatching(a.length, b.length, (i, j) => valuesEqual(a[i], b[j], items, ctx)).size === a.length;
  }
  if (isObject(a) && isObject(b)) return objectsEqual(a, b, schema, ctx);
  if (a === null || b === null) return a === b;
  return typeof a === typeof b && a === b; // booleans
}

function presentKeys(o: Record<string, unknown>): string[] {
  return Object.keys(o).filter((k) => o[k] !== null && o[k] !== undefined);
}

function objectsEqual(a: Record<string, unknown>, b: Record<string, unknown>, schema: ParamSchema | undefined, ctx: MatchContext): boolean {
  const keysA = presentKeys(a);
  const keysB = presentKeys(b);
  if (keysA.length !== keysB.length) return false;
  for (const key of keysA) {
    if (!Object.hasOwn(b, key) || b[key] === null || b[key] === undefined) return false;
    if (!valuesEqual(a[key], b[key], childSchema(schema, key), ctx)) return false;
  }
  return true;
}

/** Parameters as matching sees them: undeclared keys dropped (unknown tools keep all). */
export function matchedParameters(parameters: Record<string, unknown>, tool: ToolDef | undefined): Record<string, unknown> {
  if (!tool) return parameters;
  const declared = tool.parameters.properties ?? {};
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(parameters)) if (Object.hasOwn(declared, key)) setOwn(kept, key, parameters[key]);
  return kept;
}

export function callsEqual(a: ToolCall, b: ToolCall, tools: Map<string, ToolDef>, ctx: MatchContext): boolean {
  const name = trimSpace(a.tool_name);
  if (name !== trimSpace(b.tool_name)) return false;
  const tool = tools.get(name);
  return objectsEqual(matchedParameters(a.parameters, tool), matchedParameters(b.parameters, tool), tool?.parameters, ctx);
}

/** Pairs one matching may compare at most (2,000 identical calls against 2,000 take a few seconds). */
export const MAX_MATCHING_PAIRS = 4_000_000;

/**
 * Maximum bipartite matching (Kuhn's augmenting paths) between indexes 0..n-1 on the left and
 * 0..m-1 on the right, `equal(i, j)` saying whether i and j may pair: for each matched left index,
 * the right index it is paired with. Sizes here are small (calls of one task). It sees indexes
 * only, never the callers' arrays (calls, keys, parameter values of any element kind), so its
 * optimised code fits every caller.
 */
export function maxMatching(n: number, m: number, equal: (i: number, j: number) => boolean): Map<number, number> {
  // A crafted file (20,000 calls on each side) would ask for 400 million comparisons and more
  // edges than an array can hold, which ends the process; refused, the caller's line is a problem.
  if (n * m > MAX_MATCHING_PAIRS) throw new Error(`${n} x ${m} calls or values to compare exceed the limit of ${MAX_MATCHING_PAIRS.toLocaleString('en')} pairs`);
  // Each left index's edges, right indexes ascending, in one array (edges of i: first[i] to first[i + 1]).
  const first = new Int32Array(n + 1);
  const edges: number[] = [];
  for (let i = 0; i < n; i++) {
    first[i] = edges.length;
    for (let j = 0; j < m; j++) if (equal(i, j)) edges.push(j);
  }
  first[n] = edges.length;
  const ownerOfRight = new Int32Array(m).fill(-1);
  const visited = new Uint8Array(m);
  const tryAugment = (i: number): boolean => {
    for (let e = first[i]; e < first[i + 1]; e++) {
      const j = edges[e];
      if (visited[j]) continue;
      visited[j] = 1;
      if (ownerOfRight[j] === -1 || tryAugment(ownerOfRight[j])) {
        ownerOfRight[j] = i;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < n; i++) {
    if (first[i + 1] === first[i]) continue;
    visited.fill(0);
    tryAugment(i);
  }
  const pairs = new Map<number, number>();
  for (let j = 0; j < m; j++) if (ownerOfRight[j] !== -1) pairs.set(ownerOfRight[j], j);
  return pairs;
}

/** |G ∩ A| with SPEC §8.1 equality, and which calls of each side were paired. */
export function matchCalls(gt: readonly ToolCall[], agent: readonly ToolCall[], tools: Map<string, ToolDef>, ctx: MatchContext) {
  const memo = ctx.pairMemo;
  if (!memo) {
    const pairs = maxMatching(gt.length, agent.length, (i, j) => callsEqual(gt[i], agent[j], tools, ctx));
    return { matched: pairs.size, pairs };
  }
  const gtKeys = gt.map(callKey);
  const agentKeys = agent.map(callKey);
  // Names trimmed once per call, not once per pair.
  const gtNames = gt.map((call) => trimSpace(call.tool_name));
  const agentNames = agent.map((call) => trimSpace(call.tool_name));
  // An agent call's row is looked up only when a ground-truth call of its tool differs from it.
  const rows: Array<Map<string, boolean> | undefined> = agentKeys.map(() => undefined);
  const pairs = maxMatching(gt.length, agent.length, (i, j) => {
    if (gtNames[i] !== agentNames[j]) return false;
    if (gtKeys[i] === agentKeys[j]) return true; // equality is reflexive
    const row = (rows[j] ??= memo.row(tools, agentKeys[j]));
    let equal = row.get(gtKeys[i]);
    if (equal === undefined) {
      equal = callsEqual(gt[i], agent[j], tools, ctx);
      memo.record(row, gtKeys[i], equal);
    }
    return equal;
  });
  return { matched: pairs.size, pairs };
}

/** A canonical JSON text of a value, for display and diffs (not for equality). */
export function canonicalJson(value: unknown): Json {
  if (typeof value === 'string') return canonicalString(value);
  if (Array.isArray(value)) return value.map(canonicalJson);
  if (isObject(value)) {
    const out: { [k: string]: Json } = {};
    for (const key of Object.keys(value).sort()) if (value[key] !== null && value[key] !== undefined) setOwn(out, key, canonicalJson(value[key]));
    return out;
  }
  return (value ?? null) as Json;
}
