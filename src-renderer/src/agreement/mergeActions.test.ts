import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../../../shared/format/types';
import { NEW_CALL, rowChoice } from './mergeActions';
import type { MergeRow } from './mergeOrder';

const callsA: ToolCall[] = [{ tool_name: 'a0', parameters: { n: 1 } }];
const callsB: ToolCall[] = [{ tool_name: 'b0', parameters: {} }, { tool_name: 'b1', parameters: {} }];
const near: MergeRow = { kind: 'near', a: 0, b: 1, differing: [] };
const text = (call: unknown) => JSON.stringify(call, null, 1);

describe("a row's choice", () => {
  it('is the choice alone unless it is an edit', () => {
    expect(rowChoice(near, { choice: 'edit', text: 'x' }, 'b', callsA, callsB)).toEqual({ choice: 'b' });
  });

  it("edits the call the row shows: A's by default, B's where B's was taken or is the default", () => {
    expect(rowChoice(near, undefined, 'edit', callsA, callsB)).toEqual({ choice: 'edit', text: text(callsA[0]) });
    expect(rowChoice(near, { choice: 'b' }, 'edit', callsA, callsB)).toEqual({ choice: 'edit', text: text(callsB[1]) });
    expect(rowChoice({ kind: 'onlyB', b: 0 }, undefined, 'edit', callsA, callsB)).toEqual({ choice: 'edit', text: text(callsB[0]) });
  });

  it('keeps an edit begun before, and begins an added call blank', () => {
    expect(rowChoice(near, { choice: 'a', text: 'typed' }, 'edit', callsA, callsB)).toEqual({ choice: 'edit', text: 'typed' });
    expect(rowChoice({ kind: 'added', n: 1 }, undefined, 'edit', callsA, callsB)).toEqual({ choice: 'edit', text: text(NEW_CALL) });
  });
});
