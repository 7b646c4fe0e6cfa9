// Ground-truth audit: calls and values that many runs of a task agree on while the ground truth
// does not have them are often errors of the ground truth (a wrong allergen tag, a misspelled
// cart item), as are tasks that every run fails. Calls and values compare by the dataset's
// profile (gt-audit-matching.ts: SPEC §8.1, or the official EgoBench evaluator's rule), the
// alignment is the adjudication view's (call-alignment.ts), and what a suspect finds comes from
// running it on the seed state.
import type { ScenarioEngine } from '../engine/types';
import { diffStates, type TableDiff } from '../engine/state';
import type { GroundTruth, Json, ParamSchema, ScenarioDef, ToolCall, ToolDef, Trajectory } from '../format/types';
import { alignCallsBy } from './call-alignment';
import { callEntries, normalizeCalls, toolMap } from './calls';
import { childSchema } from './canonical';
import type { AuditMatching } from './gt-audit-matching';
import { leaves, type Leaf } from './leaves';
import { byNaturalName } from '../format/natural-order';

/** One run of a task as the audit sees it: its well-formed calls and whether it failed (JointSucc). */
export interface AuditRun {
  id: string;
  model: string;
  mode: string;
  calls: readonly ToolCall[];
  failed: boolean;
}

export interface AuditOptions {
  /** Runs that must agree; default: half of the task's runs (rounded up), and at least 3. */
  minAgree?: number;
}

/** What a call finds on the seed state: its result, and for a write the rows it changes. */
export interface Found {
  ok: boolean;
  result: Json;
  changes?: TableDiff[];
}

export type Suspect =
  | {
      kind: 'call';
      call: ToolCall;
      /** How many times the ground truth makes an equal call (0: none; else the runs make it once more). */
      in_truth: number;
      runs: string[];
      models: number;
      found: Found;
    }
  | {
      kind: 'value';
      /** Index of the ground-truth call the runs' calls align with, its tool and the parameter path. */
      gt_call: number;
      tool_name: string;
      path: string;
      /** The ground truth's value at that path (null when it has none), and the runs'. */
      truth: Json;
      value: Json;
      /** The first agreeing run's call, and what it and the ground-truth call find. */
      call: ToolCall;
      runs: string[];
      /** How many models the agreeing runs are of: runs of one model agreeing are weaker evidence than of several. */
      models: number;
      found: Found;
      truth_found: Found;
    };

/** A call suspect's relation to the ground truth: not in it, or made once more than it makes it (the CLI's and the view's words). */
export const callWhere = (inTruth: number): string => (inTruth === 0 ? 'is not in the ground truth' : `is made once more than the ground truth makes it (${inTruth}x there)`);

export interface TaskAudit {
  task_id: string;
  scenario: string;
  runs: number;
  failing: number;
  /** Runs needed to agree for this task. */
  threshold: number;
  all_fail: boolean;
  suspects: Suspect[];
}

/** Runs a task needs before 'every run fails' is said of it. */
export const MIN_RUNS_ALL_FAIL = 2;

export function agreementThreshold(runs: number, options: AuditOptions = {}): number {
  return options.minAgree ?? Math.max(3, Math.ceil(runs / 2));
}

export interface AuditTaskInput {
  taskId: string;
  groundTruth: GroundTruth;
  scenario: ScenarioDef;
  engine: ScenarioEngine;
  /** How calls and values compare: the dataset profile's rule (auditMatching). */
  matching: AuditMatching;
  runs: readonly AuditRun[];
}

/** A value some runs wrote at a path of an aligned call, with the runs that wrote an equal one. */
interface Cluster<T> {
  key: T;
  runs: Set<string>;
  example: ToolCall;
}

/** Gathers the runs of one exact key (`id`); keys equal only within a tolerance are joined by agreeingClusters. */
function addToCluster<T>(clusters: Map<string, Cluster<T>>, id: string, key: T, run: string, example: ToolCall): void {
  const found = clusters.get(id);
  if (found) found.runs.add(run);
  else clusters.set(id, { key, runs: new Set([run]), example });
}

/**
 * The keys at least `threshold` runs agree on. Equality within a tolerance (numbers, entity names)
 * is not transitive: 0.5000008 equals 0.5 and 0.5000016, which differ. The key equal to the most
 * runs' keys is taken first, with every run holding a key equal to it, then the next among the
 * rest. Joining each run to the first group whose key equals its own made the suspects depend on
 * the order the runs were read in (a review: the same three runs found or missed a 3/3 suspect).
 */
function agreeingClusters<T>(exact: Iterable<Cluster<T>>, equal: (a: T, b: T) => boolean, threshold: number): Cluster<T>[] {
  let left = [...exact];
  const agreeing: Cluster<T>[] = [];
  /** Each key's group: the keys equal to it, itself too. */
  const members = new Map(left.map((a) => [a, left.filter((b) => a === b || equal(a.key, b.key))]));
  while (left.length > 0) {
    const remaining = new Set(left);
    let best: Cluster<T> | null = null;
    let bestRuns = new Set<string>();
    for (const candidate of left) {
      const runs = new Set(members.get(candidate)!.filter((m) => remaining.has(m)).flatMap((m) => [...m.runs]));
      if (runs.size > bestRuns.size) [best, bestRuns] = [candidate, runs];
    }
    if (!best || bestRuns.size < threshold) break;
    agreeing.push({ key: best.key, runs: bestRuns, example: best.example });
    const taken = new Set(members.get(best)!);
    left = left.filter((cluster) => !taken.has(cluster));
  }
  return agreeing;
}

/** Runs the call on the seed state and puts the engine back there. */
export function findOnSeed(engine: ScenarioEngine, call: ToolCall, tools: Map<string, ToolDef>): Found {
  engine.reset();
  const write = tools.get(call.tool_name)?.effect === 'write';
  const before = write ? engine.state() : null;
  const outcome = engine.call(call);
  const found: Found = { ok: outcome.ok, result: outcome.result };
  if (before && outcome.ok) found.changes = diffStates(before, engine.state(), (t) => engine.primaryKeys(t));
  engine.reset();
  return found;
}

interface ValueKey {
  gt: number;
  path: string;
  value: string | number;
  schema: ParamSchema | undefined;
}

/** The values a run's call holds at paths where the aligned ground-truth call holds no equal value. */
function disputedValues(gtCall: ToolCall, runCall: ToolCall, tool: ToolDef | undefined, params: readonly string[], matching: AuditMatching) {
  const out: { path: string; value: string | number; schema: ParamSchema | undefined; truth: Json }[] = [];
  for (const param of params) {
    const schema = childSchema(tool?.parameters, param);
    const truthLeaves = leaves(gtCall.parameters[param], schema, param);
    const runLeaves = leaves(runCall.parameters[param], schema, param);
    const equal = (a: Leaf, b: Leaf) => matching.leavesEqual(a, b);
    for (const leaf of runLeaves) {
      if (truthLeaves.some((t) => equal(t, leaf))) continue;
      // The truth's values at that path the run has none equal to (in a list, the replaced items).
      const missing = truthLeaves.filter((t) => t.path === leaf.path && !runLeaves.some((r) => equal(r, t))).map((t) => t.value);
      out.push({ path: leaf.path, value: leaf.value, schema: leaf.schema, truth: missing.length === 0 ? null : missing.length === 1 ? missing[0] : missing });
    }
  }
  return out;
}

/** The suspects of one task and whether all its runs fail. */
export function auditTask(input: AuditTaskInput, options: AuditOptions = {}): TaskAudit {
  const { groundTruth, scenario, engine, matching, runs } = input;
  const tools = toolMap(scenario.library.tools);
  const gt = normalizeCalls(groundTruth.calls);
  const threshold = agreementThreshold(runs.length, options);
  const modelOf = new Map(runs.map((r) => [r.id, r.model]));
  const modelsOf = (ids: ReadonlySet<string>) => new Set([...ids].map((id) => modelOf.get(id))).size;
  const extraCalls = new Map<string, Cluster<ToolCall>>();
  const values = new Map<string, Cluster<ValueKey>>();
  const truthAt = new Map<string, Json>();
  const sameCall = (a: ToolCall, b: ToolCall) => matching.callsEqual(a, b);
  const sameValue = (a: ValueKey, b: ValueKey) => a.gt === b.gt && matching.leavesEqual(a, b);
  const differing = (a: ToolCall, b: ToolCall) => matching.differing(a, b).map((param) => ({ param, a: a.parameters[param], b: b.parameters[param] }));
  for (const run of runs) {
    const pairs = matching.pairs(gt, run.calls);
    for (const row of alignCallsBy(gt, run.calls, pairs, differing)) {
      if (row.kind === 'onlyB') addToCluster(extraCalls, JSON.stringify(run.calls[row.b]), run.calls[row.b], run.id, run.calls[row.b]);
      if (row.kind !== 'near') continue;
      const runCall = run.calls[row.b];
      const tool = tools.get(runCall.tool_name);
      for (const d of disputedValues(gt[row.a], runCall, tool, row.differing.map((p) => p.param), matching)) {
        const key: ValueKey = { gt: row.a, path: d.path, value: d.value, schema: d.schema };
        truthAt.set(`${row.a}\u0000${d.path}`, d.truth);
        addToCluster(values, `${row.a}\u0000${d.path}\u0000${typeof d.value}\u0000${d.value}`, key, run.id, runCall);
      }
    }
  }
  const suspects: Suspect[] = [];
  for (const c of agreeingClusters(values.values(), sameValue, threshold)) {
    const truthCall = gt[c.key.gt];
    suspects.push({
      kind: 'value',
      gt_call: c.key.gt,
      tool_name: truthCall.tool_name,
      path: c.key.path,
      truth: truthAt.get(`${c.key.gt}\u0000${c.key.path}`) ?? null,
      value: c.key.value,
      call: c.example,
      runs: [...c.runs],
      models: modelsOf(c.runs),
      found: findOnSeed(engine, c.example, tools),
      truth_found: findOnSeed(engine, truthCall, tools),
    });
  }
  for (const c of agreeingClusters(extraCalls.values(), sameCall, threshold))
    suspects.push({ kind: 'call', call: c.key, in_truth: gt.filter((call) => sameCall(call, c.key)).length, runs: [...c.runs], models: modelsOf(c.runs), found: findOnSeed(engine, c.key, tools) });
  suspects.sort((a, b) => b.runs.length - a.runs.length);
  const failing = runs.filter((r) => r.failed).length;
  return {
    task_id: input.taskId,
    scenario: scenario.id,
    runs: runs.length,
    failing,
    threshold,
    // One run failing says nothing of the ground truth: every run of at least two.
    all_fail: runs.length >= MIN_RUNS_ALL_FAIL && failing === runs.length,
    suspects,
  };
}

/** A ground-truth call that fails when the task's calls run in order from the seed (SPEC §7). */
export interface TruthFailure {
  gt_call: number;
  tool_name: string;
  message: string;
}

/**
 * The ground truth's own calls that fail, all of them run in order from the seed (SPEC §7's
 * execution; ResultSucc needs only the writes, but a read that fails is as much a mistake): a
 * failing write (a misspelt name an `expect` does not find, a quantity the schema refuses)
 * changes nothing, so the task's expected state silently lacks it. Two annotators who typed the
 * same mistake agree exactly and are accepted in bulk; no run can show it. Leaves the engine on the seed.
 */
export function truthFailures(groundTruth: GroundTruth, engine: ScenarioEngine): TruthFailure[] {
  const failures: TruthFailure[] = [];
  engine.reset();
  try {
    normalizeCalls(groundTruth.calls).forEach((call, index) => {
      const outcome = engine.call(call);
      if (!outcome.ok) failures.push({ gt_call: index, tool_name: call.tool_name, message: outcome.result.message });
    });
  } finally {
    engine.reset();
  }
  return failures;
}

/** A run's well-formed calls, in order (SPEC §6, §8.2). */
export function runCalls(trajectory: Trajectory): ToolCall[] {
  return callEntries(trajectory).flatMap((e) => (e.call ? [e.call] : []));
}

/** The tasks worth a look: those with suspects (most agreeing runs first), then those every run fails. */
export function auditFindings(tasks: readonly TaskAudit[]): TaskAudit[] {
  const most = (t: TaskAudit) => Math.max(0, ...t.suspects.map((s) => s.runs.length));
  return tasks
    .filter((t) => t.suspects.length > 0 || t.all_fail)
    .sort((a, b) => most(b) - most(a) || Number(b.all_fail) - Number(a.all_fail) || byNaturalName(a.task_id, b.task_id));
}
