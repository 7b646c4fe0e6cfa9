import { describe, expect, it } from 'vitest';
import type { Trajectory } from '../../../../shared/format/types';
import { evidenceEntry, timelineOf } from './timeline';

const trajectory: Trajectory = {
  id: 't',
  task_id: 'x',
  model: 'm',
  mode: 'dynamic_easy',
  dialogue: [
    { role: 'user', turn: 0, content: 'hi' },
    { role: 'agent', turn: 0, content: 'which one?' },
    { role: 'user', turn: 1, content: 'the red one' },
    { role: 'agent', turn: 1, content: 'done' },
  ],
  tool_calls: [
    { turn: 0, calls: [{ tool_name: 'a', parameters: {} }] },
    { turn: 1, calls: [{ tool_name: 'b', parameters: {} }, 'bad'] },
  ],
};

describe('timeline', () => {
  it('orders user messages, calls, agent replies per turn; entries numbered globally', () => {
    expect(timelineOf(trajectory).map((e) => (e.kind === 'call' ? `call${e.entry}` : `${e.role}${e.turn}`))).toEqual([
      'user0',
      'call0',
      'agent0',
      'user1',
      'call1',
      'call2',
      'agent1',
    ]);
  });
  it('finds the evidence entry', () => {
    expect(evidenceEntry({ entry: 2 })).toBe(2);
    expect(evidenceEntry({ extra_calls: [{ entry: 4 }] })).toBe(4);
    expect(evidenceEntry({ missing: [] })).toBeNull();
    expect(evidenceEntry(null)).toBeNull();
  });
});
