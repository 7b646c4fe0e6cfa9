// The watch buffer between a scoring worker and its pool: what the pool reads of a call that runs
// too long, and that a call it gives up on is refused by the worker's engines from then on.
import { describe, expect, it } from 'vitest';
import type { ScenarioEngine } from '../../../shared/engine/types';
import type { ScenarioDef } from '../../../shared/format/types';
import { lineKey, lineLimitMs, lineWatch, overrun, watchBuffer, watchedEngines, WatchPhase, type Overrun } from './watchdog';

const scenario = { id: 'shop', library: { tools: [{ name: 'a\ud800b' }, { name: 'search' }] } } as unknown as ScenarioDef;

/** Engines of one scenario whose call() lets the test read the buffer as the pool would, mid-call. */
function watched(blockedCalls: Map<string, Set<string>>) {
  const buffer = watchBuffer();
  let seen: Overrun | null = null;
  const engine = {
    scenarioId: 'shop',
    call: () => {
      seen = overrun(buffer, ['shop'], -1, Date.now() + 1); // "past the limit" at once
      return { ok: true, result: 'done' };
    },
    precheck: () => null,
    close: () => undefined,
  } as unknown as ScenarioEngine;
  const inner = Object.assign(() => engine, { closeAll: () => undefined });
  const engines = watchedEngines(inner, buffer, ['shop'], new Map(), new Map([['shop', scenario]]), blockedCalls);
  return { engine: engines('shop') as ScenarioEngine, seen: () => seen, buffer };
}

describe('watch buffer', () => {
  it('names the running call by its key, which the worker then refuses once given up on (a lone surrogate included)', () => {
    const blocked = new Map<string, Set<string>>();
    const { engine, seen, buffer } = watched(blocked);
    const call = { tool_name: 'a\ud800b', parameters: { q: 'x\udc00' } };
    engine.call(call);
    const stuck = seen()!;
    expect(stuck).toMatchObject({ phase: WatchPhase.Call, scenario: 'shop', what: 0 });
    // JSON.stringify escapes the parameters' lone surrogate; the tool name's is decoded as U+FFFD.
    expect(stuck.callKey).toBe('a\ufffdb\u0000{"q":"x\\udc00"}');
    // Idle again once the call returned: nothing to read.
    expect(overrun(buffer, ['shop'], -1, Date.now() + 1)).toBeNull();
    blocked.set('shop', new Set([stuck.callKey!]));
    expect(() => engine.call(call)).toThrow(/a call of tool "a.b" with parameters .* ran past the time limit earlier in this evaluation; left out/);
    // Another call of the scenario still runs.
    expect(engine.call({ tool_name: 'search', parameters: { q: 'x' } })).toEqual({ ok: true, result: 'done' });
  });

  it('a key too long for the buffer is not written: the pool then gives up on the scenario', () => {
    const { engine, seen } = watched(new Map());
    engine.call({ tool_name: 'search', parameters: { q: 'x'.repeat(20_000) } });
    expect(seen()).toMatchObject({ phase: WatchPhase.Call, what: 1 });
    expect(seen()!.callKey).toBeUndefined();
  });
});

describe('line clock', () => {
  const chunk = { fileIndex: 2, chunkIndex: 5 };

  it('names the trajectory line past its limit (the limit, at least 10 s); a line given up on is not begun', () => {
    const buffer = watchBuffer();
    const clock = lineWatch(buffer, new Map([[lineKey(chunk, 9), 'given up']]));
    expect(clock.begin(chunk, 9)).toBe('given up');
    expect(overrun(buffer, ['shop'], 1000, Date.now() + 60_000)).toBeNull();
    expect(clock.begin(chunk, 3)).toBeUndefined();
    expect(lineLimitMs(1000)).toBe(10_000);
    expect(lineLimitMs(60_000)).toBe(60_000);
    expect(overrun(buffer, ['shop'], 1000, Date.now() + 5_000)).toBeNull();
    expect(overrun(buffer, ['shop'], 1000, Date.now() + 11_000)).toMatchObject({ phase: WatchPhase.Line, lineKey: '2:5:3' });
    clock.end();
    expect(overrun(buffer, ['shop'], 1000, Date.now() + 60_000)).toBeNull();
  });

  it('judges a call running in the line by its own clock: the line counts only its time before the call', () => {
    const buffer = watchBuffer();
    const clock = lineWatch(buffer, new Map());
    const seen: (Overrun | null)[] = [];
    const engine = {
      scenarioId: 'shop',
      call: () => {
        const started = Date.now();
        // 10 ms short of the call's limit: the line (begun 30 ms before the call) is past its 10 s, the call is not past its own.
        seen.push(overrun(buffer, ['shop'], 10_000, started + 9_990));
        seen.push(overrun(buffer, ['shop'], 10_000, started + 10_050));
        return { ok: true };
      },
      close: () => undefined,
    } as unknown as ScenarioEngine;
    const engines = watchedEngines(Object.assign(() => engine, { closeAll: () => undefined }), buffer, ['shop'], new Map(), new Map([['shop', scenario]]));
    clock.begin(chunk, 1);
    const until = Date.now() + 30;
    while (Date.now() < until); // the line's own work before the call
    (engines('shop') as ScenarioEngine).call({ tool_name: 'search', parameters: {} });
    expect(seen[0]).toBeNull();
    expect(seen[1]).toMatchObject({ phase: WatchPhase.Call });
    clock.end();
  });

  it('does not count the time a scenario database takes to build', () => {
    const buffer = watchBuffer();
    const clock = lineWatch(buffer, new Map());
    const engine = { scenarioId: 'shop', close: () => undefined } as unknown as ScenarioEngine;
    const slow = () => {
      const until = Date.now() + 60;
      while (Date.now() < until); // a seed taking 60 ms
      return engine;
    };
    const engines = watchedEngines(Object.assign(slow, { closeAll: () => undefined }), buffer, ['shop'], new Map(), new Map([['shop', scenario]]));
    clock.begin(chunk, 1);
    const begun = Date.now();
    engines('shop');
    // The line's clock moved on by the seed's 60 ms: 10,030 ms after it began it has run less than its 10 s.
    expect(overrun(buffer, ['shop'], 1000, begun + 10_030)).toBeNull();
    expect(overrun(buffer, ['shop'], 1000, begun + 10_100)).toMatchObject({ phase: WatchPhase.Line });
    clock.end();
  });
});
