// A JSON null in a field that may be left out reads as absent (writers in Python emit null for
// "no value"); a null in a required field is still a problem at its file and line (SPEC §1).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { roundsOf, tokensOf } from '../eval/evaluate';
import { memorySource } from '../eval/test-support/memory-source';
import { jsonl, shopFiles } from '../eval/test-support/shop';
import { loadDataset, parseJsonlLine, readTrajectories } from './loader';
import { annotationSchema, datasetMetaSchema, groundTruthSchema, taskSchema, trajectorySchema } from './schemas';
import { fastAnnotation, fastGroundTruth, fastTask } from './task-fast';
import { fastTrajectory } from './trajectory-fast';
import type { Problem } from './types';

type Line = Record<string, unknown>;
type Path = (string | number)[];

const call = { tool_name: 'add_to_cart', parameters: { user_id: 'u1', product_name: 'Green Apple', quantity: 2 } };
const ref = { id: 'r1', description: 'the apple in my hand', entity: 'Green Apple', start: 1, end: 4 };
const meta: Line = { id: 'shop', name: 'Shop', version: '1', modes: ['static'], profile: 'paper' };
const task: Line = { id: 't1', scenario: 'shop', instruction: 'Buy it.', image_description: 'a hand', video: 'videos/t1.webm', fps: 30, user_id: 'u1', extra: 1 };
const truth: Line = { task_id: 't1', calls: [call], visual_refs: [ref], source: 'adjudicated', adjudicator: 'ann', note: 'checked', extra: 1 };
const annotation: Line = { task_id: 't1', annotator: 'ann', calls: [call], visual_refs: [ref], status: 'draft', revision: 2, updated_at: '2026-01-01T00:00:00Z' };
const trajectory: Line = {
  id: 'a1',
  task_id: 't1',
  model: 'm',
  mode: 'static',
  dialogue: [{ role: 'user', turn: 0, content: 'hi' }, { role: 'agent', turn: 1, content: 'ok' }],
  tool_calls: [{ turn: 1, calls: [call], results: 'done' }, { turn: 2, calls: [], call }],
  rounds_count: 3,
  input_tokens: 10,
  output_tokens: 5,
  tool_calls_count: 1,
  extra: 1,
};

const schemas = { 'dataset.json': datasetMetaSchema, tasks: taskSchema, ground_truth: groundTruthSchema, annotations: annotationSchema, trajectories: trajectorySchema };
const lines: Record<keyof typeof schemas, Line> = { 'dataset.json': meta, tasks: task, ground_truth: truth, annotations: annotation, trajectories: trajectory };
const fastPaths: Partial<Record<keyof typeof schemas, (value: unknown) => unknown>> = { tasks: fastTask, ground_truth: fastGroundTruth, annotations: fastAnnotation, trajectories: fastTrajectory };

/** Every field that may be left out, by record; nested ones by path. */
const OPTIONAL: [keyof typeof schemas, Path][] = [
  ['dataset.json', ['modes']],
  ['dataset.json', ['profile']],
  ['tasks', ['image_description']],
  ['tasks', ['video']],
  ['tasks', ['fps']],
  ['tasks', ['user_id']],
  ['ground_truth', ['visual_refs']],
  ['ground_truth', ['visual_refs', 0, 'description']],
  ['ground_truth', ['source']],
  ['ground_truth', ['adjudicator']],
  ['ground_truth', ['note']],
  ['annotations', ['annotator']],
  ['annotations', ['visual_refs']],
  ['annotations', ['visual_refs', 0, 'description']],
  ['annotations', ['updated_at']],
  ['trajectories', ['dialogue']],
  ['trajectories', ['dialogue', 1, 'turn']],
  ['trajectories', ['tool_calls']],
  ['trajectories', ['tool_calls', 0, 'turn']],
  ['trajectories', ['tool_calls', 1, 'calls']], // a legacy item: its `call` stands in
  ['trajectories', ['rounds_count']],
  ['trajectories', ['input_tokens']],
  ['trajectories', ['output_tokens']],
  ['trajectories', ['tool_calls_count']],
];

/** A deep copy of `line` with the field at `path` set to `value`, or removed when `value` is undefined. */
function withField(line: Line, path: Path, value: unknown): Line {
  const copy = structuredClone(line);
  let holder = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (value === undefined) delete holder[last];
  else holder[last] = value;
  return copy;
}

/** A line as the loader and the evaluator read it: through the fast path, if any, then zod (or zod alone). */
function parse(kind: keyof typeof schemas, line: Line, fast = true) {
  return parseJsonlLine(JSON.stringify(line), 1, schemas[kind] as z.ZodType, fast ? fastPaths[kind] : undefined);
}

describe('null in a field that may be left out (SPEC §1, §4-§6, §10)', () => {
  it.each(OPTIONAL)('%s: a null %j reads as the field left out', (kind, path) => {
    const withNull = withField(lines[kind], path, null);
    const without = withField(lines[kind], path, undefined);
    expect(parse(kind, without)).toMatchObject({ ok: true });
    // No key left holding undefined (toStrictEqual tells them apart) ...
    expect(parse(kind, withNull)).toStrictEqual(parse(kind, without));
    // ... and the same fields in the same order (the score cache hashes tasks and ground truth as JSON).
    expect(JSON.stringify(parse(kind, withNull, false))).toBe(JSON.stringify(parse(kind, without, false)));
  });

  it('loads a dataset with every optional field null as the same dataset without those fields, with no problem', async () => {
    const nulls = (line: Line, keys: string[]) => ({ ...line, ...Object.fromEntries(keys.map((k) => [k, null])) });
    const absent = (line: Line, keys: string[]) => Object.fromEntries(Object.entries(line).filter(([k]) => !keys.includes(k)));
    const files = (edit: (line: Line, keys: string[]) => Line) =>
      shopFiles({
        'dataset.json': JSON.stringify(edit(meta, ['profile', 'modes'])),
        'tasks.jsonl': jsonl([
          edit({ ...task, id: 't1' }, ['image_description', 'video', 'fps', 'user_id']),
          edit({ ...task, id: 't2', fps: 25, user_id: 7 }, ['fps', 'user_id']),
        ]),
        'ground_truth.jsonl': jsonl([edit({ ...truth, task_id: 't1' }, ['source', 'adjudicator', 'note', 'visual_refs']), edit({ ...truth, task_id: 't2' }, ['adjudicator', 'note'])]),
        'annotations/ann.jsonl': jsonl([edit(annotation, ['annotator', 'visual_refs', 'updated_at'])]),
      });
    const withNulls = await loadDataset(memorySource(files(nulls)));
    const without = await loadDataset(memorySource(files(absent)));
    expect(withNulls.problems).toEqual([]);
    expect(without.problems).toEqual([]);
    expect([...withNulls.tasks.keys()]).toEqual(['t1', 't2']);
    expect([...withNulls.groundTruth.keys()]).toEqual(['t1', 't2']);
    expect(withNulls.meta).toStrictEqual(without.meta);
    expect(withNulls.tasks).toStrictEqual(without.tasks);
    expect(withNulls.groundTruth).toStrictEqual(without.groundTruth);
    expect(withNulls.annotations).toStrictEqual(without.annotations);
    expect(withNulls.meta.modes).toEqual([]);
    expect(withNulls.tasks.get('t1')?.video).toBe('');
  });

  it('reads null counts as missing: rounds count the agent messages, tokens are 0 (§10)', async () => {
    const problems: Problem[] = [];
    const line = { ...trajectory, rounds_count: null, input_tokens: null, output_tokens: null, tool_calls_count: null };
    const out = [];
    for await (const t of readTrajectories([jsonl([line])], 'trajectories/a.jsonl', problems)) out.push(t);
    expect(problems).toEqual([]);
    expect(out).toHaveLength(1);
    expect(roundsOf(out[0])).toBe(1);
    expect(tokensOf(out[0])).toBe(0);
    expect(out[0]).not.toHaveProperty('rounds_count');
  });
});

describe('null in a required field is still a problem at its file and line', () => {
  const REQUIRED: [string, string, Line, Path][] = [
    ['tasks.jsonl', 'id', task, ['id']],
    ['tasks.jsonl', 'scenario', task, ['scenario']],
    ['tasks.jsonl', 'instruction', task, ['instruction']],
    ['ground_truth.jsonl', 'calls', truth, ['calls']],
    ['ground_truth.jsonl', 'calls[0].tool_name', truth, ['calls', 0, 'tool_name']],
    ['ground_truth.jsonl', 'visual_refs[0].entity', truth, ['visual_refs', 0, 'entity']],
    ['annotations/ann.jsonl', 'status', annotation, ['status']],
    ['annotations/ann.jsonl', 'revision', annotation, ['revision']],
    ['trajectories/a.jsonl', 'model', trajectory, ['model']],
    ['trajectories/a.jsonl', 'mode', trajectory, ['mode']],
    ['trajectories/a.jsonl', 'id', trajectory, ['id']],
    ['trajectories/a.jsonl', 'dialogue[0].role', trajectory, ['dialogue', 0, 'role']],
  ];

  it.each(REQUIRED)('%s: a null %s is a problem', async (file, field, line, path) => {
    const good = file.startsWith('ground_truth') ? { ...line, task_id: 't2' } : line;
    const text = jsonl([good, withField(line, path, null)]);
    const problems: Problem[] = [];
    if (file.startsWith('trajectories/')) {
      for await (const t of readTrajectories([text], file, problems)) expect(t.id).toBe('a1');
    } else {
      const d = await loadDataset(memorySource(shopFiles({ [file]: text })));
      problems.push(...d.problems.filter((p) => p.file === file)); // (the shop's other files may refer to t2)
    }
    expect(problems).toEqual([{ file, line: 2, message: expect.stringContaining(`field ${field}`) }]);
  });

  it('reports a null name in dataset.json at its line', async () => {
    const text = JSON.stringify({ ...meta, name: null }, null, 2);
    const d = await loadDataset(memorySource(shopFiles({ 'dataset.json': text })));
    expect(d.problems).toEqual([{ file: 'dataset.json', line: 3, message: expect.stringContaining('field name') }]);
  });
});

describe('optional fields are not loosened otherwise', () => {
  const WRONG: [keyof typeof schemas, string, unknown][] = [
    ['dataset.json', 'profile', 'other'],
    ['dataset.json', 'modes', 'static'],
    ['tasks', 'fps', '30'],
    ['tasks', 'fps', 0],
    ['tasks', 'user_id', true],
    ['tasks', 'video', 3],
    ['ground_truth', 'adjudicator', 5],
    ['ground_truth', 'source', ''],
    ['annotations', 'annotator', []],
    ['trajectories', 'rounds_count', -1],
    ['trajectories', 'input_tokens', '10'],
    ['trajectories', 'dialogue', 'hi'],
    ['trajectories', 'tool_calls', {}],
  ];

  it.each(WRONG)('%s: %s = %j is still a problem', (kind, key, value) => {
    expect(parse(kind, { ...lines[kind], [key]: value })).toMatchObject({ ok: false, message: expect.stringContaining(`field ${key}`) });
  });
});
