import { describe, expect, it } from 'vitest';
import { aggregate, stratumFigures, type ScoredTrajectory } from './aggregate';
import { PAPER_LABELS } from './paper-profile';

function row(over: Partial<ScoredTrajectory>): ScoredTrajectory {
  return {
    id: 'x', task_id: 't', model: 'm', mode: 'dynamic_easy', scenario: 'a',
    matched: 1, gt_calls: 2, agent_calls: 2, tool_succ: false, result_succ: false, joint_succ: false,
    label: 'logic', evidence: null, rounds: 4, tokens: 1000, ...over,
  };
}
const ok = { matched: 2, tool_succ: true, result_succ: true, joint_succ: true, label: 'correct' as const };

describe('SPEC §10 aggregation', () => {
  it('computes a stratum', () => {
    const f = stratumFigures([row(ok), row({ agent_calls: 4 })], PAPER_LABELS);
    expect(f.tool_succ).toBe(0.5);
    expect(f.micro_acc).toBe(3 / 4);
    expect(f.tool_prec).toBe(3 / 6);
    expect(f.tool_f1).toBeCloseTo((2 * 0.5 * 0.75) / 1.25, 12);
    expect(f.tool_eff).toBeCloseTo(100 / 6, 12);
    expect(f.turn_eff).toBe(100 / 8);
    expect(f.token_eff).toBe(1e6 / 2000);
    expect(f.labels).toMatchObject({ correct: 0.5, logic: 0.5, syntactic: 0 });
  });

  it('nulls a figure whose denominator is 0', () => {
    const f = stratumFigures([row({ gt_calls: 0, matched: 0, agent_calls: 0, rounds: 0, tokens: 0 })], PAPER_LABELS);
    expect(f).toMatchObject({ micro_acc: null, tool_prec: null, tool_f1: null, tool_eff: null, turn_eff: null, token_eff: null, tool_succ: 0 });
  });

  it('weights strata by the scenario task counts, means modes and scenarios', () => {
    const rows = [
      row({ ...ok, scenario: 'a', mode: 'easy' }),
      row({ scenario: 'b', mode: 'easy' }),
      row({ ...ok, scenario: 'b', mode: 'static' }),
    ];
    const m = aggregate(rows, new Map([['a', 3], ['b', 1]]), PAPER_LABELS).m;
    expect(m.modes.easy.joint_succ).toBe(0.75); // (3*1 + 1*0) / 4
    expect(m.modes.static.joint_succ).toBe(1); // only b has static trajectories
    expect(m.overall.joint_succ).toBe(0.875);
    expect(m.scenarios.b.joint_succ).toBe(0.5);
    expect(m.scenarios.a.joint_succ).toBe(1);
  });

  it('renormalises weights over the non-null figures', () => {
    const rows = [row({ ...ok, scenario: 'a', tokens: 0 }), row({ ...ok, scenario: 'b', tokens: 500, rounds: 2 })];
    const m = aggregate(rows, new Map([['a', 3], ['b', 1]]), PAPER_LABELS).m;
    expect(m.modes.dynamic_easy.token_eff).toBe(2000); // a's is null, b's weight becomes 1
    expect(m.modes.dynamic_easy.turn_eff).toBeCloseTo((3 * 25 + 1 * 50) / 4, 12);
  });
});

describe('names from data', () => {
  it('counts every model, mode and scenario, __proto__, constructor and prototype included', () => {
    const names = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
    const rows = names.flatMap((name) => [row({ ...ok, model: name, mode: name, scenario: name }), row({ model: name, mode: 'static', scenario: 'a' })]);
    const models = aggregate(rows, new Map([...names, 'a'].map((name) => [name, 1])), PAPER_LABELS);
    expect(Object.keys(models).sort()).toEqual([...names].sort());
    for (const name of names) {
      const figures = Object.getOwnPropertyDescriptor(models, name)!.value as (typeof models)[string];
      expect(Object.keys(figures.modes).sort(), name).toEqual([name, 'static'].sort());
      expect(Object.getOwnPropertyDescriptor(figures.modes, name)!.value.joint_succ, name).toBe(1);
      expect(Object.keys(figures.scenarios).sort(), name).toEqual([name, 'a'].sort());
      expect(figures.overall.joint_succ, name).toBe(0.5);
    }
    // And they survive the JSON report.
    expect(Object.keys(JSON.parse(JSON.stringify(models))).sort()).toEqual([...names].sort());
  });
});
