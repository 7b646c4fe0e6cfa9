// `npm run bench`: a synthetic corpus of 38,160 trajectories (1,590 tasks x 8 models x 3 modes,
// about 10 calls each) over the sample scenarios, evaluated cold in a fresh process; and one
// task's agreement recompute after an edit.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { perturbedCalls, prng, recordedResults, scenarioPools, type Rand } from './bench-corpus';
import { cliEvalWorker } from './worker-url';
import { SCORING_V8_FLAGS } from './scoring-flags.mjs';
import { stateKey } from '../../shared/engine/state';
import { createEngine } from '../../shared/engine/engine';
import { compareCallLists } from '../../shared/eval/agreement';
import { scenarioCache } from '../../shared/eval/calls';
import { matchContext } from '../../shared/eval/match-context';
import { loadDataset, type LoadedDataset } from '../../shared/format/loader';
import type { ToolCall } from '../../shared/format/types';
import { loadSqlJs } from '../services/sql-node';
import { nodeDatasetSource } from '../services/evaluation/node-source';
import { evaluateFolder } from '../services/evaluation/run-evaluation';
import { commandHelp, parseCommandArgs, UsageError, wholeNumber } from './command-line';
import { benchEvaluateSpec, benchSpec } from './commands';

const MODELS = ['bench-a', 'bench-b', 'bench-c', 'bench-d', 'bench-e', 'bench-f', 'bench-g', 'bench-h'];
const MODES = ['dynamic_easy', 'dynamic_hard', 'static'];

type ResultOf = (call: unknown) => string;

/** The repetitive corpus's calls: the ground truth with read calls slipped in, one in seven with a call dropped, repeated or broken. */
function repetitiveCalls(gt: readonly ToolCall[], readPool: ToolCall[], rand: Rand): unknown[] {
  const calls: unknown[] = gt.map((c) => structuredClone(c));
  while (calls.length < 10 && readPool.length > 0) calls.splice(Math.floor(rand() * (calls.length + 1)), 0, readPool[Math.floor(rand() * readPool.length)]);
  const roll = rand();
  if (roll < 0.15) calls.splice(Math.floor(rand() * calls.length), 1);
  else if (roll < 0.25) calls.push(structuredClone(gt[gt.length - 1] ?? readPool[0]));
  else if (roll < 0.3) calls[0] = { tool_name: 'no_such_tool', parameters: {} };
  return calls;
}

/** A trajectory record: calls in items of three, results recorded as a joined string, tool messages, or not at all. */
function trajectoryRecord(dataset: LoadedDataset, taskId: string, baseId: string, model: string, mode: string, calls: unknown[], docs: string[], rand: Rand) {
  const items = [];
  for (let i = 0, turn = 0; i < calls.length; i += 3, turn += mode === 'static' ? 0 : 1) {
    const chunk = calls.slice(i, i + 3);
    const chunkDocs = docs.slice(i, i + 3);
    const encoding = rand();
    const results =
      encoding < 0.4
        ? chunkDocs.join('; ')
        : encoding < 0.8
          ? chunk.map((c, k) => ({ role: 'tool', tool_name: (c as ToolCall).tool_name, parameters: (c as ToolCall).parameters, content: chunkDocs[k] }))
          : undefined;
    items.push({ turn, calls: chunk, ...(results === undefined ? {} : { results }) });
  }
  const task = dataset.tasks.get(baseId)!;
  return {
    id: `${model}/${mode}/${taskId}`,
    task_id: taskId,
    model,
    mode,
    dialogue: [
      { role: 'user', turn: 0, content: task.instruction },
      { role: 'agent', turn: 0, content: 'Done: I used the tools for your request.' },
    ],
    tool_calls: items,
    rounds_count: items.length + 1,
    input_tokens: 2000 + Math.floor(rand() * 8000),
    output_tokens: 200 + Math.floor(rand() * 800),
    tool_calls_count: calls.length,
  };
}

/** Recorded results as an agent log holds them: each call's result on the seed state (memoised). */
async function seedResults(dataset: LoadedDataset): Promise<{ resultFor(scenario: string): ResultOf; close(): void }> {
  const SQL = await loadSqlJs();
  const engines = new Map<string, ReturnType<typeof createEngine>>();
  const memo = new Map<string, string>();
  return {
    resultFor: (scenario) => (call) => {
      const key = `${scenario}\u0000${JSON.stringify(call)}`;
      let text = memo.get(key);
      if (text === undefined) {
        let engine = engines.get(scenario);
        if (!engine) engines.set(scenario, (engine = createEngine(SQL, dataset.scenarios.get(scenario)!)));
        engine.reset();
        text = JSON.stringify(engine.call(call).result);
        memo.set(key, text);
      }
      return text;
    },
    close: () => engines.forEach((e) => e.close()),
  };
}

export type CorpusKind = 'distinct' | 'repetitive';

/** The corpus's dataset.json, naming the profile it is scored by (SPEC §13). */
export async function setCorpusProfile(root: string, dataset: LoadedDataset, kind: CorpusKind, profile: 'paper' | 'egobench'): Promise<void> {
  await writeFile(path.join(root, 'dataset.json'), JSON.stringify({ ...dataset.meta, id: 'bench', name: `bench corpus (${kind})`, profile }));
}

/**
 * Writes a bench dataset: the sample's scenarios, `taskCount` tasks cycling through the sample's
 * tasks, and one trajectory per task, model and mode. Returns its folder and how many
 * trajectories share their whole call sequence with another.
 */
export async function writeCorpus(sample: string, dataset: LoadedDataset, taskCount: number, kind: CorpusKind): Promise<{ root: string; trajectories: number; sharedSequences: number }> {
  const root = await mkdtemp(path.join(tmpdir(), `egostudio-bench-${kind}-`));
  await cp(path.join(sample, 'scenarios'), path.join(root, 'scenarios'), { recursive: true });
  await setCorpusProfile(root, dataset, kind, 'paper');
  const bases = [...dataset.tasks.keys()].filter((id) => dataset.groundTruth.has(id));
  const SQL = await loadSqlJs();
  const pools = scenarioPools(SQL, dataset);
  const tasks: string[] = [];
  const truths: string[] = [];
  const taskBase: [string, string][] = [];
  for (let i = 0; i < taskCount; i++) {
    const base = bases[i % bases.length];
    const id = `bench-${String(i).padStart(5, '0')}`;
    taskBase.push([id, base]);
    tasks.push(JSON.stringify({ ...dataset.tasks.get(base), id }));
    truths.push(JSON.stringify({ ...dataset.groundTruth.get(base), task_id: id }));
  }
  await writeFile(path.join(root, 'tasks.jsonl'), tasks.join('\n') + '\n');
  await writeFile(path.join(root, 'ground_truth.jsonl'), truths.join('\n') + '\n');
  let seed = 1;
  const results = await seedResults(dataset);
  const sequences = new Map<string, number>();
  try {
    for (const model of MODELS) {
      await mkdir(path.join(root, 'trajectories', model), { recursive: true });
      for (const mode of MODES) {
        const lines = taskBase.map(([id, base]) => {
          const rand = prng(seed++);
          const scenario = dataset.tasks.get(base)!.scenario;
          const pool = pools.get(scenario)!;
          let calls: unknown[];
          let docs: string[];
          if (kind === 'distinct') {
            const perturbed = perturbedCalls(dataset, base, pool, rand);
            calls = perturbed;
            docs = recordedResults(pool, perturbed);
          } else {
            calls = repetitiveCalls(dataset.groundTruth.get(base)!.calls, pool.reads, rand);
            docs = calls.map(results.resultFor(scenario));
          }
          const sequence = `${base}\u0000${JSON.stringify(calls)}`;
          sequences.set(sequence, (sequences.get(sequence) ?? 0) + 1);
          return JSON.stringify(trajectoryRecord(dataset, id, base, model, mode, calls, docs, rand));
        });
        await writeFile(path.join(root, 'trajectories', model, `${mode}.jsonl`), lines.join('\n') + '\n');
      }
    }
  } finally {
    results.close();
    for (const pool of pools.values()) pool.engine.close();
  }
  const trajectories = taskCount * MODELS.length * MODES.length;
  const sharedSequences = [...sequences.values()].filter((n) => n > 1).reduce((sum, n) => sum + n, 0);
  return { root, trajectories, sharedSequences };
}

type RunTimes = { seconds: number; cpuSeconds: number };

interface ColdRun {
  seconds: number;
  cpuSeconds: number;
  trajectories: number;
  problems: number;
  maxRssMB: number;
  labels: Record<string, number>;
  memo: { hits: number; misses: number };
}

/** Run in a fresh process by the bench: cold evaluation, parsing included. */
export async function benchEvaluateCommand(args: string[]): Promise<number> {
  const { values, positionals: [root] } = parseCommandArgs(benchEvaluateSpec, args);
  if (values.help) {
    process.stdout.write(commandHelp(benchEvaluateSpec));
    return 0;
  }
  if (!root) throw new UsageError('missing the corpus folder', 'bench-evaluate');
  const started = performance.now();
  // --workers 0 scores on this thread alone (for a profile that shows everything in one place).
  const workers = wholeNumber(benchEvaluateSpec, 'workers', values.workers, 0);
  const { report, memo } = await evaluateFolder(root, { workerUrl: cliEvalWorker, ...(workers === undefined ? {} : { workers }) });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(); // all threads of this process, workers included
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const labels: Record<string, number> = {};
  for (const t of report.trajectories) labels[t.label] = (labels[t.label] ?? 0) + 1;
  const run: ColdRun = { seconds, cpuSeconds, trajectories: report.trajectories.length, problems: report.problems.length, maxRssMB: process.resourceUsage().maxRSS / 1024, labels, memo };
  process.stdout.write(JSON.stringify(run) + '\n');
  return 0;
}

async function coldRun(root: string, extraArgs: readonly string[]): Promise<ColdRun> {
  const cli = path.resolve(import.meta.dirname, '../../src-main/cli/egostudio.mjs');
  const { stdout } = await promisify(execFile)(process.execPath, [...SCORING_V8_FLAGS, cli, 'bench-evaluate', root, ...extraArgs], { maxBuffer: 1 << 24 });
  return JSON.parse(stdout) as ColdRun;
}

/**
 * Cold runs of one corpus, one after another, each with the machine's 1-minute load average as it
 * started (which still holds part of the bench's own previous run).
 */
async function coldRuns(root: string, count: number, extraArgs: readonly string[] = []): Promise<{ runs: ColdRun[]; loads: number[] }> {
  const runs: ColdRun[] = [];
  const loads: number[] = [];
  for (let i = 0; i < count; i++) {
    loads.push(loadavg()[0]);
    runs.push(await coldRun(root, extraArgs));
  }
  return { runs, loads };
}

/**
 * The run a line reports: the median by CPU time (the lower middle one for an even count). CPU
 * time of identical runs moves by 10-20% on a shared machine, so one run says little.
 */
export function medianRun<T extends { cpuSeconds: number }>(runs: readonly T[]): T {
  if (runs.length === 0) throw new Error('no run to take the median of');
  const sorted = [...runs].sort((a, b) => a.cpuSeconds - b.cpuSeconds);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Scoring is deterministic: runs of one corpus that disagree on any label count, or on how many trajectories and problems there were, are a bug, said so. */
export function runDisagreement(runs: readonly { labels: Record<string, number>; trajectories?: number; problems?: number }[]): string | null {
  const key = ({ labels, trajectories, problems }: (typeof runs)[number]) =>
    JSON.stringify([Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)), trajectories, problems]);
  const first = runs.length > 0 ? key(runs[0]) : '';
  const other = runs.findIndex((run) => key(run) !== first);
  return other < 0 ? null : `run ${other + 1} counted otherwise than run 1 ([labels, trajectories, problems]): ${key(runs[other])} vs ${first}`;
}

/** What a line's runs differ in from the default: the scoring profile, or scoring on the calling thread alone. */
type RunVariant = { profile?: 'egobench'; oneThread?: true };

function coldLine(kind: CorpusKind, { runs, loads }: { runs: ColdRun[]; loads: number[] }, shared: number, variant: RunVariant = {}): string {
  const run = medianRun(runs);
  const lookups = run.memo.hits + run.memo.misses;
  const msPer = (r: ColdRun) => (1000 * r.cpuSeconds) / r.trajectories;
  const each = runs.map(msPer).sort((a, b) => a - b).map((ms) => ms.toFixed(3));
  const cpuRange =
    runs.length > 1
      ? ` (the median of ${runs.length} fresh processes by CPU time, its wall time too: ${each.join(', ')} ms; 1-minute load at their starts ${Math.min(...loads).toFixed(2)}-${Math.max(...loads).toFixed(2)}, this bench's earlier runs included)`
      : ` (1-minute load at its start ${loads[0].toFixed(2)})`;
  const disagreement = runDisagreement(runs);
  return [
    `evaluate, ${kind} corpus${variant.profile ? `, ${variant.profile} profile` : ''}${variant.oneThread ? ', one scoring thread (--workers 0)' : ''} (cold, fresh process, parsing included): ${run.trajectories} trajectories in ${run.seconds.toFixed(2)} s = ${Math.round(run.trajectories / run.seconds)} trajectories/s; ` +
      `CPU ${msPer(run).toFixed(3)} ms per trajectory over all threads (${run.cpuSeconds.toFixed(2)} s)${cpuRange}; peak RSS ${Math.max(...runs.map((r) => r.maxRssMB)).toFixed(0)} MB${runs.length > 1 ? ' (highest of the runs)' : ''}; ` +
      `memo hit ratio ${lookups ? ((100 * run.memo.hits) / lookups).toFixed(1) : '0.0'}% of ${lookups} look-ups; ${((100 * shared) / run.trajectories).toFixed(1)}% of trajectories share their whole call sequence with another; ${run.problems} problem(s)`,
    `  labels: ${Object.entries(run.labels).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    ...(disagreement ? [`  RUNS DISAGREE (scoring should be deterministic): ${disagreement}`] : []),
  ].join('\n');
}

/**
 * What the default's worker threads buy against scoring on one thread: the CPU figure of one thread
 * is the scorer's own cost per trajectory, the default's adds each further thread's start and
 * warm-up, paid for in wall time (the medians of each line).
 */
export function threadTradeLine(byDefault: RunTimes, oneThread: RunTimes): string {
  const cpu = byDefault.cpuSeconds / oneThread.cpuSeconds;
  const speed = oneThread.seconds / byDefault.seconds;
  return `  the default's threads against one: ${cpu.toFixed(2)}x the CPU for ${speed.toFixed(2)}x the speed (wall ${byDefault.seconds.toFixed(2)} s against ${oneThread.seconds.toFixed(2)} s)`;
}

async function agreementRecomputeMs(sample: string): Promise<{ task: string; medianMs: number; p95Ms: number }> {
  const dataset = await loadDataset(nodeDatasetSource(sample));
  const SQL = await loadSqlJs();
  const [a, b] = [...dataset.annotations.keys()];
  const taskId = [...dataset.annotations.get(a)!.keys()].find((id) => dataset.annotations.get(b)?.has(id))!;
  const scenario = dataset.scenarios.get(dataset.tasks.get(taskId)!.scenario)!;
  const engine = createEngine(SQL, scenario);
  const { tools, writeTools } = scenarioCache(scenario);
  const callsA = dataset.annotations.get(a)!.get(taskId)!.calls;
  const callsB = dataset.annotations.get(b)!.get(taskId)!.calls;
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    // An edit: annotator A changes a value of its last call.
    const edited = callsA.map((c, k) => (k === callsA.length - 1 ? { ...c, parameters: { ...c.parameters, note: `edit ${i}` } } : c));
    const started = performance.now();
    compareCallLists(edited, callsB, tools, matchContext(engine));
    const state = (calls: ToolCall[]) => stateKey(engine.execute(calls.filter((c) => writeTools.has(c.tool_name))).state);
    void (state(edited) === state(callsB));
    times.push(performance.now() - started);
  }
  engine.close();
  times.sort((x, y) => x - y);
  return { task: taskId, medianMs: times[Math.floor(times.length / 2)], p95Ms: times[Math.floor(times.length * 0.95)] };
}

export async function benchCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(benchSpec, args);
  if (values.help) {
    process.stdout.write(commandHelp(benchSpec));
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]} (bench takes only options)`, 'bench');
  if (values.only !== undefined && values.only !== 'distinct' && values.only !== 'repetitive') throw new UsageError(`--only takes distinct or repetitive, not ${values.only}`, 'bench');
  const taskCount = wholeNumber(benchSpec, 'tasks', values.tasks, 1)!;
  const runCount = wholeNumber(benchSpec, 'runs', values.runs, 1)!;
  const sample = path.resolve(values.sample!);
  const dataset = await loadDataset(nodeDatasetSource(sample));
  const kinds: CorpusKind[] = values.only === 'distinct' || values.only === 'repetitive' ? [values.only] : ['distinct', 'repetitive'];
  for (const kind of kinds) {
    process.stderr.write(`bench: writing ${taskCount * MODELS.length * MODES.length} ${kind} trajectories over ${dataset.scenarios.size} sample scenario(s)...\n`);
    const corpus = await writeCorpus(sample, dataset, taskCount, kind);
    try {
      const byDefault = await coldRuns(corpus.root, runCount);
      process.stdout.write(coldLine(kind, byDefault, corpus.sharedSequences) + '\n');
      if (kind === 'distinct') {
        // What the other threads cost: the same corpus scored on the calling thread alone (each
        // scoring thread compiles and warms its own code, so two use more CPU than one for less wall time).
        const oneThread = await coldRuns(corpus.root, runCount, ['--workers', '0']);
        process.stdout.write(coldLine(kind, oneThread, corpus.sharedSequences, { oneThread: true }) + '\n');
        process.stdout.write(threadTradeLine(medianRun(byDefault.runs), medianRun(oneThread.runs)) + '\n');
        // The same runs under the official evaluator's rules (imported EgoBench datasets use them).
        await setCorpusProfile(corpus.root, dataset, kind, 'egobench');
        try {
          process.stdout.write(coldLine(kind, await coldRuns(corpus.root, runCount), corpus.sharedSequences, { profile: 'egobench' }) + '\n');
        } finally {
          // A kept corpus is scored as its first line was (`bench-evaluate` on it repeats that line).
          if (values.keep) await setCorpusProfile(corpus.root, dataset, kind, 'paper');
        }
      }
      if (values.keep) process.stdout.write(`  corpus kept at ${corpus.root} (paper profile)\n`);
    } finally {
      if (!values.keep) await rm(corpus.root, { recursive: true, force: true });
    }
  }
  const agreement = await agreementRecomputeMs(sample);
  process.stdout.write(
    [
      `agreement recompute of one task after an edit (${agreement.task}): median ${agreement.medianMs.toFixed(3)} ms, p95 ${agreement.p95Ms.toFixed(3)} ms`,
      `targets: evaluate under 5 s and 500 MB; agreement recompute under 5 ms. Machine load now: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    ].join('\n') + '\n',
  );
  return 0;
}
