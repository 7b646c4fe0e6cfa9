// The bundled sample dataset (datasets/egobench-sample) follows the contract: it loads with no
// problem, every ground-truth call runs on the engine, every taxonomy label occurs for every
// model, and each clip is a 10-30 s, 30 fps VP9 WebM of at most 1.5 MB with a readable frame index.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../shared/engine/engine';
import type { LoadedDataset } from '../../../shared/format/loader';
import { loadDataset } from '../../../shared/format/loader';
import { nodeDatasetSource } from '../../services/evaluation/node-source';
import { loadSqlJs } from '../../services/sql-node';
import { frameIndexBitmap, INDEX_BOX, WIDTH, HEIGHT } from './render';
import { evaluateSample } from './verify';
import { MODELS, MODES } from './trajectories';

const ROOT = path.resolve(__dirname, '../../../datasets/egobench-sample');
const SCENARIOS = ['retail', 'restaurant', 'kitchen', 'warehouse', 'household'];
const LABELS = ['correct', 'syntactic', 'perception', 'hallucination', 'logic', 'over_operation'];

let dataset: LoadedDataset;
beforeAll(async () => {
  dataset = await loadDataset(nodeDatasetSource(ROOT));
});

describe('egobench-sample data', () => {
  it('loads with zero problems and has the promised size', () => {
    expect(dataset.problems).toEqual([]);
    expect(dataset.meta).toMatchObject({ id: 'egobench-sample', version: '1', modes: ['dynamic_easy', 'dynamic_hard', 'static'] });
    expect([...dataset.scenarios.keys()].sort()).toEqual([...SCENARIOS].sort());
    expect(dataset.tasks.size).toBeGreaterThanOrEqual(30);
    for (const s of SCENARIOS) {
      const tasks = [...dataset.tasks.values()].filter((t) => t.scenario === s);
      expect(tasks.length, s).toBeGreaterThanOrEqual(6);
      const lib = dataset.scenarios.get(s)!.library;
      expect(lib.tools.length, s).toBeGreaterThanOrEqual(12);
      expect(lib.state_tables.length, s).toBeGreaterThan(0);
    }
    for (const t of dataset.tasks.values()) {
      expect(t.fps).toBe(30);
      expect(t.video).toBe(`videos/${t.id}.webm`);
      expect(dataset.groundTruth.has(t.id), t.id).toBe(true);
    }
  });

  it('uses x-match and x-ordered somewhere', () => {
    const text = SCENARIOS.map((s) => readFileSync(path.join(ROOT, 'scenarios', s, 'tools.json'), 'utf8')).join('\n');
    expect(text).toContain('"x-match"');
    expect(text).toContain('"x-ordered": true');
  });

  it('has two annotators covering at least 20 tasks together, with revisions', () => {
    const alice = dataset.annotations.get('alice')!;
    const bob = dataset.annotations.get('bob')!;
    const both = [...alice.keys()].filter((k) => bob.has(k));
    expect(both.length).toBeGreaterThanOrEqual(20);
    expect([...alice.keys()].some((k) => !bob.has(k))).toBe(true);
    expect([...bob.keys()].some((k) => !alice.has(k))).toBe(true);
    const lines = readFileSync(path.join(ROOT, 'annotations', 'bob.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.some((l) => l.revision >= 3)).toBe(true);
    const differing = both.filter((k) => JSON.stringify(alice.get(k)!.calls) !== JSON.stringify(bob.get(k)!.calls));
    expect(differing.length).toBeGreaterThanOrEqual(5);
  });

  it('every ground-truth call executes, visual refs lie inside the clip', async () => {
    const SQL = await loadSqlJs();
    for (const s of SCENARIOS) {
      const engine = createEngine(SQL, dataset.scenarios.get(s)!);
      for (const t of [...dataset.tasks.values()].filter((x) => x.scenario === s)) {
        const gt = dataset.groundTruth.get(t.id)!;
        expect(gt.visual_refs.length, t.id).toBeGreaterThan(0);
        for (const r of gt.visual_refs) {
          expect(r.start).toBeGreaterThanOrEqual(0);
          expect(r.end).toBeGreaterThan(r.start!);
          expect(r.end).toBeLessThanOrEqual(30);
        }
        const { results } = engine.execute(gt.calls);
        results.forEach((r, i) => expect(r.ok, `${t.id} call ${i} ${JSON.stringify(r.result)}`).toBe(true));
      }
      engine.close();
    }
  });

  it('has 3 models x 3 modes over all tasks, and every label occurs for every model', async () => {
    const { rows } = await evaluateSample(ROOT);
    expect(rows.length).toBe(MODELS.length * MODES.length * dataset.tasks.size);
    for (const model of MODELS) {
      const labels = new Set(rows.filter((r) => r.model === model).map((r) => r.label));
      for (const l of LABELS) expect(labels.has(l), `${model} lacks ${l}`).toBe(true);
    }
    // both results encodings, and items without results
    const text = MODELS.flatMap((m) => MODES.map((mode) => readFileSync(path.join(ROOT, 'trajectories', m, `${mode}.jsonl`), 'utf8'))).join('\n');
    const items = text.trim().split('\n').filter(Boolean).flatMap((l) => JSON.parse(l).tool_calls as { results?: unknown }[]);
    expect(items.some((i) => typeof i.results === 'string')).toBe(true);
    expect(items.some((i) => Array.isArray(i.results))).toBe(true);
    expect(items.some((i) => i.results === undefined)).toBe(true);
  }, 180_000);
});

const hasFfprobe = spawnSync('ffprobe', ['-version']).status === 0;
describe.skipIf(!hasFfprobe)('egobench-sample clips (ffprobe)', () => {
  it('each clip is VP9 WebM, 30 fps, 10-30 s, at most 1.5 MB', () => {
    const files = readdirSync(path.join(ROOT, 'videos')).filter((f) => f.endsWith('.webm'));
    expect(files.length).toBe(dataset.tasks.size);
    for (const f of files) {
      const file = path.join(ROOT, 'videos', f);
      expect(statSync(file).size, f).toBeLessThanOrEqual(1.5 * 1024 * 1024);
      const info = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file], { encoding: 'utf8' }));
      const v = info.streams.find((s: { codec_type: string }) => s.codec_type === 'video');
      expect(v.codec_name, f).toBe('vp9');
      expect(v.r_frame_rate, f).toBe('30/1');
      const duration = Number(info.format.duration);
      expect(duration, f).toBeGreaterThanOrEqual(10);
      expect(duration, f).toBeLessThanOrEqual(30);
    }
  });

  it('burns the frame index into the top-left corner', () => {
    const file = path.join(ROOT, 'videos', 'retail-01.webm');
    for (const n of [0, 45, 200]) {
      const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-vf', `select=eq(n\\,${n})`, '-vsync', '0', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 1 << 24 });
      expect(raw.length).toBe(WIDTH * HEIGHT * 3);
      const diff = (m: number) => {
        const want = frameIndexBitmap(m);
        let sum = 0;
        for (let y = 0; y < INDEX_BOX.h; y++)
          for (let x = 0; x < INDEX_BOX.w * 3; x++) sum += Math.abs(raw[(y * WIDTH) * 3 + x] - want[y * INDEX_BOX.w * 3 + x]);
        return sum / (INDEX_BOX.w * INDEX_BOX.h * 3);
      };
      const own = diff(n);
      expect(own, `frame ${n}`).toBeLessThan(25);
      for (const other of [n + 1, n + 10, n + 100]) expect(diff(other), `frame ${n} vs ${other}`).toBeGreaterThan(own + 5);
    }
  });
});

if (!hasFfprobe) console.warn('sample-dataset.test: ffprobe is not installed; clip checks are skipped');
