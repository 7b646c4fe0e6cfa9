import { describe, expect, it } from 'vitest';
import { summarizeAgreement, type TaskAgreement } from '../../../shared/eval/agreement';
import { BEAT_EVERY_MS, beater, beatingEngine, beatingProvider } from './workerBeat';

describe('beater', () => {
  it('posts at most one beat per BEAT_EVERY_MS, however often it is called', () => {
    let now = 0;
    const posted: unknown[] = [];
    const beat = beater((message) => posted.push(message), () => now);
    for (; now < 10 * BEAT_EVERY_MS; now += 10) beat();
    expect(posted).toHaveLength(10);
    expect(posted[0]).toEqual({ type: 'alive' });
  });
});

describe('beatingEngine / beatingProvider', () => {
  it('beats before each engine method and passes its result through, on the engine itself', () => {
    let beats = 0;
    const engine = {
      scenarioId: 'retail',
      rows: [1, 2],
      state() {
        return this.rows;
      },
    };
    const wrapped = beatingEngine(engine, () => beats++);
    expect(wrapped.scenarioId).toBe('retail');
    expect(wrapped.state()).toEqual([1, 2]);
    expect(wrapped.state()).toBe(engine.rows);
    expect(beats).toBe(2);
  });

  it('beats as an engine is built, builds each once, and passes unbuildable scenarios through', () => {
    let beats = 0;
    let builds = 0;
    let closed = false;
    const inner = Object.assign(
      (id: string) => {
        builds++;
        return id === 'broken' ? { error: 'no such table', file: 'scenarios/broken/data.sql' } : ({ scenarioId: id, reset() {} } as never);
      },
      { closeAll: () => void (closed = true) },
    );
    const provider = beatingProvider(inner, () => beats++);
    const engine = provider('retail');
    expect(provider('retail')).toBe(engine);
    expect(provider('broken')).toEqual({ error: 'no such table', file: 'scenarios/broken/data.sql' });
    expect(builds).toBe(2);
    expect(beats).toBe(3);
    provider.closeAll();
    expect(closed).toBe(true);
  });
});

describe('the shared agreement loops', () => {
  it("tell their progress once per pooled annotation in alpha's pairs (pure JS, no engine call to beat)", () => {
    const tasks: TaskAgreement[] = Array.from({ length: 5 }, (_, i) => ({ task_id: `t${i}`, exact: false, seq_exact: false, call_f1: 0.5, state_equal: true }));
    let ticks = 0;
    const summary = summarizeAgreement(tasks, () => 1, () => ticks++);
    expect(ticks).toBe(10);
    expect(summary.tasks).toBe(5);
  });
});
