// Scenario lanes: every line of a chunk is scored by exactly one lane, whatever its bytes hold;
// lines go to their scenario's lane when their task is where trajectory writers put it; each
// (chunk, lane) job is taken once and a chunk's lanes merge back in line order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_LENGTH, splitByteLines } from '../../../shared/format/jsonl';
import type { Task } from '../../../shared/format/types';
import { bufferUtf8, type ChunkResult } from './batch-evaluator';
import { LaneReader, LaneSchedule, mergeLanes, planLanes, type Lanes } from './lanes';

const task = (id: string, scenario: string) => [id, { id, scenario } as Task] as const;
const tasks = new Map([task('r1', 'retail'), task('r2', 'retail'), task('k1', 'kitchen'), task('h1', 'household'), task('__proto__', 'kitchen')]);

describe('planLanes', () => {
  it('gives each scenario one lane, the largest first to the lane with the fewest tasks', () => {
    const lanes = planLanes({ tasks }, 2);
    expect(lanes.count).toBe(2);
    // kitchen and retail have two tasks each (kitchen first by name), household one.
    expect([...lanes.laneOfScenario]).toEqual([['kitchen', 0], ['retail', 1], ['household', 0]]);
  });
});

describe('LaneReader', () => {
  const lanes: Lanes = { count: 3, laneOfScenario: new Map([['retail', 1], ['kitchen', 2], ['household', 0]]) };
  const lanesOf = (lines: string[]) => {
    const bytes = Buffer.from(lines.join('\n'));
    const reader = new LaneReader(bytes, lanes, tasks);
    const out: number[] = [];
    let start = 0;
    for (const line of lines) {
      const end = start + Buffer.byteLength(line);
      out.push(reader.laneOf(start, end));
      start = end + 1;
    }
    return out;
  };

  it("reads the line's task from its bytes, with spaces around the colon", () => {
    expect(lanesOf(['{"id":"a","task_id":"r1"}', '{"task_id" : "k1", "id":"b"}', '{ "task_id":\t"h1" }', '{"task_id":"__proto__"}'])).toEqual([1, 2, 0, 2]);
  });

  it("gives lane 0 a line whose task it cannot read: no key, an unknown task, an escape, a key's value that is no string", () => {
    expect(lanesOf(['{"id":"a"}', '{"task_id":"nope"}', '{"task_id":"r\\u0031"}', '{"task_id":7}', 'not json', '', '{"task_id":"r1'])).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('does not take a later line\'s key for a line without one', () => {
    expect(lanesOf(['{"id":"a"}', '{"id":"b"}', '{"task_id":"k1"}', '{"x":1}', '{"task_id":"r2"}'])).toEqual([0, 0, 2, 0, 1]);
  });

  it('whatever the bytes, every line is kept by exactly one lane, and the lanes together give the lines splitByteLines gives', () => {
    const piece = fc.oneof(
      fc.constantFrom('\n', '"task_id"', ':', ' ', '"', '"r1"', '"k1"', '"h1"', '\\', '{', '}', 'é', '\r'),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const bytes = Buffer.from(parts.join(''));
        const whole = [...splitByteLines(bytes, bufferUtf8)];
        const byLane = [0, 1, 2].map((index) => {
          const reader = new LaneReader(bytes, lanes, tasks);
          return [...splitByteLines(bytes, bufferUtf8, MAX_LINE_LENGTH, (start, end) => reader.laneOf(start, end) === index)];
        });
        for (const lines of byLane) expect(lines.map((line) => line.lineNumber)).toEqual(whole.map((line) => line.lineNumber));
        whole.forEach((line, i) => {
          const kept = byLane.map((lines) => lines[i]).filter((other) => other.kind !== 'passed');
          expect(kept).toEqual([line]);
        });
      }),
      { numRuns: 2000 },
    );
  });
});

const result = (lines: number[], lineCount: number, misses = 1, read: number | null = 100): ChunkResult => ({
  records: lines.map((line) => ({ line, problem: `line ${line}` })),
  lineCount,
  memo: { hits: 2, misses },
  read,
});

describe('LaneSchedule', () => {
  it("takes its own lane's chunks in order, then the rest of the lane with the most left; every job once", () => {
    const schedule = new LaneSchedule(3, 2);
    expect(schedule.take(1)).toEqual({ chunk: 0, lane: 1 });
    expect(schedule.take(1)).toEqual({ chunk: 1, lane: 1 });
    expect(schedule.take(1)).toEqual({ chunk: 2, lane: 1 });
    expect(schedule.take(0)).toEqual({ chunk: 0, lane: 0 });
    expect(schedule.take(1)).toEqual({ chunk: 1, lane: 0 });
    expect(schedule.take(1)).toEqual({ chunk: 2, lane: 0 });
    expect(schedule.take(0)).toBeNull();
    expect(schedule.take(1)).toBeNull();
  });

  it('a thread numbered past the lanes (a kept pool one worker larger) takes a lane round again', () => {
    const schedule = new LaneSchedule(2, 2);
    expect(schedule.take(3)).toEqual({ chunk: 0, lane: 1 });
  });

  it("gives a chunk's result once all its lanes are in, merged in line order", () => {
    const schedule = new LaneSchedule(2, 2);
    expect(schedule.done({ chunk: 1, lane: 1 }, result([2, 5], 6))).toBeNull();
    expect(schedule.done({ chunk: 0, lane: 0 }, result([1], 3))).toBeNull();
    expect(schedule.done({ chunk: 1, lane: 0 }, result([1, 3, 6], 6, 4))).toEqual({
      records: [1, 2, 3, 5, 6].map((line) => ({ line, problem: `line ${line}` })),
      lineCount: 6,
      memo: { hits: 4, misses: 5 },
      read: 100,
    });
  });
});

describe('mergeLanes', () => {
  it('counts the lines of a lane that passed a huge chunk whole (lineCount 0) from the lane that read it', () => {
    expect(mergeLanes([result([], 0, 0, null), result([1], 1)]).lineCount).toBe(1);
  });

  it("is the file's one problem, no records, when the lanes read different bytes (the file changed meanwhile) or a lane could not read it", () => {
    const changed = { records: [], lineCount: 0, read: null, fileProblem: 'changed while it was being scored; score it again' };
    expect(mergeLanes([result([1], 2, 0, 100), result([2], 2, 0, 90)])).toMatchObject(changed);
    expect(mergeLanes([result([1], 2), result([2], 3)])).toMatchObject(changed);
    const gone = { ...result([], 0, 0, null), fileProblem: 'gone since it was listed (deleted or moved); left out' };
    expect(mergeLanes([result([1], 2), gone])).toMatchObject({ records: [], fileProblem: gone.fileProblem });
  });
});
