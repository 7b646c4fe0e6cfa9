// Assembles tasks, clips, ground truth and engines from the scenario specs.
import type { GroundTruth, Json, ScenarioDef, Task, ToolCall, VisualRef } from '../../../shared/format/types';
import type { ScenarioEngine } from '../../../shared/engine/types';
import { Rng } from './prng';
import { ClipRenderer, SHAPES, type ClipSpec, type SceneObject, type Shape } from './render';
import { dataSql, schemaSql, type ScenarioSpec, type TaskSpec } from './model';

export interface BuiltTask {
  scenario: ScenarioSpec;
  spec: TaskSpec;
  task: Task;
  clip: ClipSpec;
  gt: GroundTruth; // source/adjudicator filled later
  calls: ToolCall[];
}

export function scenarioDef(s: ScenarioSpec): ScenarioDef {
  return { id: s.id, schemaSql: schemaSql(s), dataSql: dataSql(s), library: { state_tables: s.state_tables, tools: s.tools } };
}

export function entityRows(s: ScenarioSpec) {
  return s.tables.find((t) => t.name === s.entity.table)!.rows;
}

export function entityNames(s: ScenarioSpec): string[] {
  return entityRows(s).map((r) => r[s.entity.column] as string);
}

/** Sanity rules the generator relies on: distinct entity names, none containing another. */
export function checkScenario(s: ScenarioSpec): void {
  const names = entityNames(s);
  for (const a of names)
    for (const b of names)
      if (a !== b && a.toLowerCase().includes(b.toLowerCase())) throw new Error(`${s.id}: entity "${a}" contains "${b}"`);
  const known = new Set(names);
  for (const t of s.tasks) {
    for (const [, e] of t.actions) if (!known.has(e)) throw new Error(`${t.id}: unknown entity ${e}`);
    for (const e of t.extra ?? []) if (!known.has(e)) throw new Error(`${t.id}: unknown entity ${e}`);
    for (const r of t.refs) if (!known.has(r.entity)) throw new Error(`${t.id}: unknown ref entity ${r.entity}`);
    if (!t.turns[0].user.includes(t.user_id)) throw new Error(`${t.id}: the first turn must give the user id`);
  }
  const json = JSON.stringify(s.tables);
  if (json.includes('; ')) throw new Error(`${s.id}: seed text must not hold "; " (it splits results)`);
}

export function clipSpec(s: ScenarioSpec, t: TaskSpec): ClipSpec {
  const rows = new Map(entityRows(s).map((r) => [r[s.entity.column] as string, r]));
  const rng = new Rng('scene:' + t.id);
  const names: string[] = [];
  for (const [, e] of t.actions) if (!names.includes(e)) names.push(e);
  for (const e of t.extra ?? []) if (!names.includes(e)) names.push(e);
  const pool = rng.shuffle(entityNames(s).filter((n) => !names.includes(n)));
  while (names.length < 8 && pool.length) names.push(pool.pop()!);
  const order = rng.shuffle([...names]);
  const objects: SceneObject[] = order.map((n) => {
    const r = rows.get(n)!;
    const shape = String(r.shape);
    return {
      label: n,
      colour: String(r.colour),
      shape: (SHAPES as string[]).includes(shape) ? (shape as Shape) : 'box',
      row: s.rowOf(r),
      tag: s.tagOf?.(r),
    };
  });
  return {
    seed: t.id,
    backdrop: t.backdrop,
    objects,
    actions: t.actions.map(([kind, e, hand]) => ({ kind, target: order.indexOf(e), hand })),
  };
}

export function buildTask(s: ScenarioSpec, t: TaskSpec): BuiltTask {
  const clip = clipSpec(s, t);
  const r = new ClipRenderer(clip);
  const vis = r.visibility();
  const refs: VisualRef[] = t.refs.map((ref, i) => {
    const a = r.timed[ref.action];
    if (clip.objects[a.target].label !== ref.entity) throw new Error(`${t.id}: ref ${i} does not match action ${ref.action}`);
    const { start, end } = r.intervalOf(vis, a.target, (a.start + a.end) / 2);
    return { id: `${t.id}-ref${i + 1}`, description: ref.description, entity: ref.entity, start, end };
  });
  const calls = t.turns.flatMap((x) => x.calls);
  const task: Task = {
    id: t.id, scenario: s.id, instruction: t.instruction, image_description: t.image_description,
    video: `videos/${t.id}.webm`, fps: 30, user_id: t.user_id,
  };
  return { scenario: s, spec: t, task, clip, calls, gt: { task_id: t.id, calls, visual_refs: refs, source: 'agreed' } };
}

/** Every ground-truth call succeeds, and every write changes the state. */
export function checkGroundTruth(engine: ScenarioEngine, b: BuiltTask, writeTools: Set<string>): void {
  engine.reset();
  for (const c of b.calls) {
    const before = JSON.stringify(engine.state());
    const res = engine.call(c);
    if (!res.ok) throw new Error(`${b.task.id}: GT call ${c.tool_name} failed: ${JSON.stringify(res.result)}`);
    if (writeTools.has(c.tool_name) && JSON.stringify(engine.state()) === before)
      throw new Error(`${b.task.id}: GT write ${c.tool_name} ${JSON.stringify(c.parameters)} changed nothing`);
    if (JSON.stringify(res.result).includes('; ')) throw new Error(`${b.task.id}: result holds "; "`);
  }
  engine.reset();
}

export function jsonl(values: Json[] | object[]): string {
  return values.map((v) => JSON.stringify(v)).join('\n') + '\n';
}
