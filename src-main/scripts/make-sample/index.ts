// The sample dataset generator: `npm run make:sample [-- --skip-video] [--only task,...] [--no-verify]`.
// Writes datasets/egobench-sample/ deterministically (seeded PRNG only).
import { mkdirSync, rmSync, writeFileSync, existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createEngine } from '../../../shared/engine/engine';
import type { ScenarioEngine } from '../../../shared/engine/types';
import type { ToolDef } from '../../../shared/format/types';
import { loadSqlJs } from '../../services/sql-node';
import { makeAnnotations } from './annotations';
import { buildTask, checkGroundTruth, checkScenario, jsonl, scenarioDef, type BuiltTask } from './build';
import { groundTruthWithPlantedError } from './planted-error';
import { Rng } from './prng';
import { encodeClip } from './render';
import { household } from './scenarios/household';
import { kitchen } from './scenarios/kitchen';
import { restaurant } from './scenarios/restaurant';
import { retail } from './scenarios/retail';
import { warehouse } from './scenarios/warehouse';
import { buildRun, feasible, LABEL_OF, MODELS, MODES, type Context, type Intent, type Mode, type Trajectory } from './trajectories';
import { verifyLabels } from './verify';

export const DATASET_DIR = 'datasets/egobench-sample';

export function allScenarios() {
  return [retail(), restaurant(), kitchen(), warehouse(), household()];
}

const WEIGHTS: Record<string, Record<string, number>> = {
  'gpt-sim-4o': { correct: 0.42, syntactic: 0.07, perception: 0.13, hallucination: 0.1, logic: 0.18, over_operation: 0.1 },
  'qwen-sim-72b': { correct: 0.32, syntactic: 0.1, perception: 0.16, hallucination: 0.12, logic: 0.2, over_operation: 0.1 },
  'llama-sim-70b': { correct: 0.22, syntactic: 0.16, perception: 0.18, hallucination: 0.14, logic: 0.2, over_operation: 0.1 },
};
const ENCODING: Record<string, [number, number, number]> = {
  // shares of array / string / none
  'gpt-sim-4o': [0.75, 0.15, 0.1],
  'qwen-sim-72b': [0.2, 0.7, 0.1],
  'llama-sim-70b': [0.45, 0.4, 0.15],
};

/** Which failure each (task, mode) run of a model gets: every label at least twice per model. */
function assignIntents(model: string, slots: { ctx: Context; mode: Mode }[]): Intent[] {
  const rng = new Rng('intents:' + model);
  const order = rng.shuffle(slots.map((_, i) => i));
  const out: (Intent | undefined)[] = new Array(slots.length);
  const intentsOf = (label: string) => (Object.keys(LABEL_OF) as Intent[]).filter((i) => LABEL_OF[i] === label);
  const forced: Intent[] = ['syn_static_ask', 'syn_no_parameters', 'syn_schema', 'syn_unknown_tool', 'perception', 'perception', 'hall_user_id', 'hall_price',
    'logic_wrong_branch', 'logic_missing_write', 'logic_skip_read', 'over_extra_write', 'over_duplicate', 'correct', 'correct_extra_read'];
  for (const f of forced) {
    const slot = order.find((i) => out[i] === undefined && feasible(slots[i].ctx, slots[i].mode).includes(f));
    if (slot !== undefined) out[slot] = f;
  }
  const w = WEIGHTS[model];
  for (const i of order) {
    if (out[i] !== undefined) continue;
    const ok = feasible(slots[i].ctx, slots[i].mode);
    let x = rng.next();
    let label = 'correct';
    for (const [l, p] of Object.entries(w)) {
      if (x < p) { label = l; break; }
      x -= p;
    }
    if (slots[i].mode === 'dynamic_hard' && label === 'correct' && rng.chance(0.25)) label = 'logic';
    const choices = intentsOf(label).filter((c) => ok.includes(c));
    out[i] = choices.length ? rng.pick(choices) : 'correct';
  }
  return out as Intent[];
}

export async function main(argv: string[]): Promise<void> {
  const skipVideo = argv.includes('--skip-video');
  const noVerify = argv.includes('--no-verify');
  const onlyArg = argv.indexOf('--only');
  const only = onlyArg >= 0 ? new Set(argv[onlyArg + 1].split(',')) : null;
  const out = path.resolve(process.cwd(), DATASET_DIR);
  const t0 = Date.now();

  const scenarios = allScenarios();
  scenarios.forEach(checkScenario);
  const SQL = await loadSqlJs();
  const engines = new Map<string, ScenarioEngine>();
  const tools = new Map<string, Map<string, ToolDef>>();
  const writeTools = new Map<string, Set<string>>();
  for (const s of scenarios) {
    engines.set(s.id, createEngine(SQL, scenarioDef(s)));
    tools.set(s.id, new Map(s.tools.map((t) => [t.name, t])));
    writeTools.set(s.id, new Set(s.tools.filter((t) => t.effect === 'write').map((t) => t.name)));
    if (s.tools.length < 12) throw new Error(`${s.id}: only ${s.tools.length} tools`);
  }
  const built: BuiltTask[] = scenarios.flatMap((s) => s.tasks.map((t) => buildTask(s, t)));
  for (const b of built) checkGroundTruth(engines.get(b.scenario.id)!, b, writeTools.get(b.scenario.id)!);
  console.log(`make:sample: ${scenarios.length} scenarios, ${built.length} tasks; ground truth executes`);

  // data files
  for (const dir of ['scenarios', 'annotations', 'trajectories']) rmSync(path.join(out, dir), { recursive: true, force: true });
  mkdirSync(path.join(out, 'videos'), { recursive: true });
  writeFileSync(path.join(out, 'dataset.json'), JSON.stringify({ id: 'egobench-sample', name: 'EgoBench sample (synthetic)', version: '1', modes: ['dynamic_easy', 'dynamic_hard', 'static'] }, null, 2) + '\n');
  for (const s of scenarios) {
    const dir = path.join(out, 'scenarios', s.id);
    mkdirSync(dir, { recursive: true });
    const def = scenarioDef(s);
    writeFileSync(path.join(dir, 'schema.sql'), def.schemaSql);
    writeFileSync(path.join(dir, 'data.sql'), def.dataSql);
    writeFileSync(path.join(dir, 'tools.json'), JSON.stringify({ state_tables: s.state_tables, tools: s.tools }, null, 2) + '\n');
  }
  const { alice, bob } = makeAnnotations(built, writeTools);
  mkdirSync(path.join(out, 'annotations'), { recursive: true });
  writeFileSync(path.join(out, 'annotations', 'alice.jsonl'), jsonl(alice));
  writeFileSync(path.join(out, 'annotations', 'bob.jsonl'), jsonl(bob));
  writeFileSync(path.join(out, 'tasks.jsonl'), jsonl(built.map((b) => b.task)));
  writeFileSync(path.join(out, 'ground_truth.jsonl'), jsonl(built.map((b) => b.gt)));

  // trajectories: built, scored with the studio's evaluator, and rebuilt where the injected
  // failure did not get its label (another variant of the same failure kind is tried)
  type Slot = { model: string; mode: Mode; ctx: Context; intent: Intent; attempt: number; tried: Intent[]; run?: Trajectory };
  const slots: Slot[] = [];
  for (const model of MODELS) {
    const base = MODES.flatMap((mode) => built.map((b) => ({ mode, ctx: { built: b, engine: engines.get(b.scenario.id)!, tools: tools.get(b.scenario.id)!, writeTools: writeTools.get(b.scenario.id)! } as Context })));
    const intents = assignIntents(model, base);
    base.forEach((slot, i) => slots.push({ model, ...slot, intent: intents[i], attempt: 0, tried: [intents[i]] }));
  }
  const writeRuns = () => {
    rmSync(path.join(out, 'trajectories'), { recursive: true, force: true });
    for (const model of MODELS) {
      mkdirSync(path.join(out, 'trajectories', model), { recursive: true });
      for (const mode of MODES) {
        const runs = slots.filter((s) => s.model === model && s.mode === mode).map((s) => s.run!);
        writeFileSync(path.join(out, 'trajectories', model, `${mode}.jsonl`), jsonl(runs));
      }
    }
  };
  for (let round = 0; ; round++) {
    for (const s of slots) s.run ??= buildRun(s.ctx, s.model, s.mode, s.intent, s.attempt, ENCODING[s.model]);
    writeRuns();
    if (noVerify) break;
    const intended = new Map(slots.map((s) => [s.run!.id, s.intent]));
    const bad = await verifyLabels(out, intended, round >= 6);
    if (!bad.length) break;
    for (const id of bad) {
      const s = slots.find((x) => x.run?.id === id)!;
      s.run = undefined;
      s.attempt++;
      if (s.attempt % 2 === 0) {
        const ok = feasible(s.ctx, s.mode);
        const next = (Object.keys(LABEL_OF) as Intent[]).find((i) => LABEL_OF[i] === LABEL_OF[s.intent] && ok.includes(i) && !s.tried.includes(i));
        if (next) {
          s.intent = next;
          s.tried.push(next);
        }
      }
    }
  }
  // Written after the runs were checked against the true calls, so they stay as built.
  writeFileSync(path.join(out, 'ground_truth.jsonl'), jsonl(groundTruthWithPlantedError(built)));
  console.log(`make:sample: ${slots.length} trajectories, annotations alice ${alice.length} lines, bob ${bob.length} lines`);
  for (const e of engines.values()) e.close();

  if (!skipVideo) {
    for (const b of built) {
      if (only && !only.has(b.task.id)) continue;
      const file = path.join(out, b.task.video);
      await encodeClip(b.clip, file);
      console.log(`make:sample: ${b.task.video} ${(statSync(file).size / 1024).toFixed(0)} KB`);
    }
  }
  const total = dirSize(out);
  console.log(`make:sample: done in ${((Date.now() - t0) / 1000).toFixed(1)} s, dataset ${(total / 1024 / 1024).toFixed(2)} MB`);
}

function dirSize(dir: string): number {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? dirSize(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).size;
  return n;
}
