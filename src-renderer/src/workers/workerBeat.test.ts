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

  it('tells a change of scenario at once, throttle or not, and each scenario once while it lasts', () => {
    let now = 0;
    const posted: unknown[] = [];
    const beat = beater((message) => posted.push(message), () => now);
    beat();
    beat('kitchen'); // within the throttle: a change is said at once (the SQL that follows may never end)
    now += 10;
    beat('kitchen');
    beat('retail');
    now += BEAT_EVERY_MS;
    beat('retail');
    expect(posted).toEqual([{ type: 'alive' }, { type: 'alive', scenario: 'kitchen' }, { type: 'alive', scenario: 'retail' }, { type: 'alive' }]);
  });
});

describe('beatingEngine / beatingProvider', () => {
  it('beats, naming the scenario, before each engine method and passes its result through, on the engine itself', () => {
    const beats: (string | undefined)[] = [];
    const engine = {
      scenarioId: 'retail',
      rows: [1, 2],
      state() {
        return this.rows;
      },
    };
    const wrapped = beatingEngine(engine, (scenario) => beats.push(scenario));
    expect(wrapped.scenarioId).toBe('retail');
    expect(wrapped.state()).toEqual([1, 2]);
    expect(wrapped.state()).toBe(engine.rows);
    expect(beats).toEqual(['retail', 'retail']);
  });

  it('beats, naming the scenario, as an engine is built, builds each once, and passes unbuildable scenarios through', () => {
    const beats: (string | undefined)[] = [];
    let builds = 0;
    let closed = false;
    const inner = Object.assign(
      (id: string) => {
        builds++;
        return id === 'broken' ? { error: 'no such table', file: 'scenarios/broken/data.sql' } : ({ scenarioId: id, reset() {} } as never);
      },
      { closeAll: () => void (closed = true) },
    );
    const provider = beatingProvider(inner, (scenario) => beats.push(scenario));
    const engine = provider('retail');
    expect(provider('retail')).toBe(engine);
    expect(provider('broken')).toEqual({ error: 'no such table', file: 'scenarios/broken/data.sql' });
    expect(builds).toBe(2);
    expect(beats).toEqual(['retail', 'retail', 'broken']);
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
