// `npm run bench`: a synthetic corpus of 38,160 trajectories (1,590 tasks x 8 models x 3 modes,
// about 10 calls each) over the sample scenarios, evaluated cold in a fresh process; and one
// task's agreement recompute after an edit.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { stateKey } from '../../shared/engine/state';
import { createEngine } from '../../shared/engine/engine';
import { compareCallLists } from '../../shared/eval/agreement';
import { matchContext, scenarioCache } from '../../shared/eval/paper-profile';
import { loadDataset, type LoadedDataset } from '../../shared/format/loader';
import type { ToolCall } from '../../shared/format/types';
import { loadSqlJs } from '../services/sql-node';
import { commandHelp, parseCommandArgs, UsageError, wholeNumber } from './command-line';
import { benchEvaluateSpec, benchSpec } from './commands';
import { nodeDatasetSource } from './node-source';
import { evaluateFolder } from './run-evaluation';

const MODELS = ['bench-a', 'bench-b', 'bench-c', 'bench-d', 'bench-e', 'bench-f', 'bench-g', 'bench-h'];
const MODES = ['dynamic_easy', 'dynamic_hard', 'static'];

/** Small deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type ResultOf = (call: unknown) => string;

function syntheticTrajectory(dataset: LoadedDataset, taskId: string, baseId: string, model: string, mode: string, seed: number, readPool: ToolCall[], resultOf: ResultOf) {
  const rand = prng(seed);
  const gt = dataset.groundTruth.get(baseId)!.calls;
  const calls: unknown[] = gt.map((c) => structuredClone(c));
  while (calls.length < 10 && readPool.length > 0) calls.splice(Math.floor(rand() * (calls.length + 1)), 0, readPool[Math.floor(rand() * readPool.length)]);
  const roll = rand();
  if (roll < 0.15) calls.splice(Math.floor(rand() * calls.length), 1);
  else if (roll < 0.25) calls.push(structuredClone(gt[gt.length - 1] ?? readPool[0]));
  else if (roll < 0.3) calls[0] = { tool_name: 'no_such_tool', parameters: {} };
  const items = [];
  for (let i = 0, turn = mode === 'static' ? 0 : 0; i < calls.length; i += 3, turn += mode === 'static' ? 0 : 1) {
    const chunk = calls.slice(i, i + 3);
    const encoding = rand();
    const docs = chunk.map((c) => resultOf(c));
    const results =
      encoding < 0.4
        ? docs.join('; ')
        : encoding < 0.8
          ? chunk.map((c, k) => ({ role: 'tool', tool_name: (c as ToolCall).tool_name, parameters: (c as ToolCall).parameters, content: docs[k] }))
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

async function writeCorpus(sample: string, dataset: LoadedDataset, taskCount: number): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'egostudio-bench-'));
  await cp(path.join(sample, 'scenarios'), path.join(root, 'scenarios'), { recursive: true });
  await writeFile(path.join(root, 'dataset.json'), JSON.stringify({ ...dataset.meta, id: 'bench', name: 'bench corpus' }));
  const bases = [...dataset.tasks.keys()].filter((id) => dataset.groundTruth.has(id));
  const readPools = new Map<string, ToolCall[]>();
  for (const id of bases) {
    const scenario = dataset.tasks.get(id)!.scenario;
    const { writeTools } = scenarioCache(dataset.scenarios.get(scenario)!);
    const pool = readPools.get(scenario) ?? [];
    pool.push(...dataset.groundTruth.get(id)!.calls.filter((c) => !writeTools.has(c.tool_name)));
    readPools.set(scenario, pool);
  }
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
  for (const model of MODELS) {
    await mkdir(path.join(root, 'trajectories', model), { recursive: true });
    for (const mode of MODES) {
      const lines = taskBase.map(([id, base]) =>
        JSON.stringify(
          syntheticTrajectory(dataset, id, base, model, mode, seed++, readPools.get(dataset.tasks.get(base)!.scenario) ?? [], results.resultFor(dataset.tasks.get(base)!.scenario)),
        ),
      );
      await writeFile(path.join(root, 'trajectories', model, `${mode}.jsonl`), lines.join('\n') + '\n');
    }
  }
  results.close();
  return root;
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
  const { report } = await evaluateFolder(root);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(); // all threads of this process, workers included
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const labels: Record<string, number> = {};
  for (const t of report.trajectories) labels[t.label] = (labels[t.label] ?? 0) + 1;
  process.stdout.write(
    JSON.stringify({ seconds, cpuSeconds, trajectories: report.trajectories.length, problems: report.problems.length, maxRssMB: process.resourceUsage().maxRSS / 1024, labels }) + '\n',
  );
  return 0;
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
  const taskCount = wholeNumber(benchSpec, 'tasks', values.tasks, 1)!;
  const sample = path.resolve(values.sample!);
  const dataset = await loadDataset(nodeDatasetSource(sample));
  process.stderr.write(`bench: writing ${taskCount * MODELS.length * MODES.length} synthetic trajectories over ${dataset.scenarios.size} sample scenario(s)...\n`);
  const root = await writeCorpus(sample, dataset, taskCount);
  try {
    const cli = path.resolve(import.meta.dirname, '../../src-main/cli/egostudio.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'bench-evaluate', root], { maxBuffer: 1 << 24 });
    const cold = JSON.parse(stdout) as { seconds: number; cpuSeconds: number; trajectories: number; problems: number; maxRssMB: number; labels: Record<string, number> };
    const agreement = await agreementRecomputeMs(sample);
    process.stdout.write(
      [
        `evaluate (cold, fresh process, parsing included): ${cold.trajectories} trajectories in ${cold.seconds.toFixed(2)} s = ${Math.round(cold.trajectories / cold.seconds)} trajectories/s (CPU time of all threads ${cold.cpuSeconds.toFixed(2)} s); peak RSS ${cold.maxRssMB.toFixed(0)} MB; ${cold.problems} problem(s)`,
        `  labels: ${Object.entries(cold.labels).map(([k, v]) => `${k} ${v}`).join(', ')}`,
        `agreement recompute of one task after an edit (${agreement.task}): median ${agreement.medianMs.toFixed(3)} ms, p95 ${agreement.p95Ms.toFixed(3)} ms`,
        `targets: evaluate under 5 s and 500 MB; agreement recompute under 5 ms. Machine load now: ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`,
      ].join('\n') + '\n',
    );
    if (values.keep) process.stdout.write(`corpus kept at ${root}\n`);
  } finally {
    if (!values.keep) await rm(root, { recursive: true, force: true });
  }
  return 0;
}
