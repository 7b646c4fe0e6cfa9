// The ground-truth editor's reading of its text: calls, or why there are none (a JSON error by line).
import { expect, it } from 'vitest';
import type { GroundTruth, ToolCall } from '../../../shared/format/types';
import { callsText, correctedLine, parseCallsText } from './GroundTruthEditor';
import { groundTruthText, parseGroundTruth, replaceGroundTruthLines } from './model';

it('reads back the calls it wrote, one per line', () => {
  const calls: ToolCall[] = [{ tool_name: 'get_price', parameters: { product_name: 'Penne' } }, { tool_name: 'add_to_cart', parameters: { qty: 2 } }];
  const text = callsText(calls);
  expect(text.split('\n')).toHaveLength(5);
  expect(parseCallsText(text)).toEqual({ calls });
});

it('says the line of a JSON error, and what a call must be', () => {
  expect(parseCallsText('[\n  {"tool_name": "x", "parameters": {}},\n  {"tool_name": "y" "parameters": {}}\n]')).toEqual({ error: "line 3: invalid JSON: ',' expected between two entries" });
  expect(parseCallsText('{"tool_name": "x"}')).toEqual({ error: 'the calls are a JSON array of {"tool_name", "parameters"} objects' });
  expect(parseCallsText('[{"tool_name": "x", "parameters": []}]')).toEqual({ error: 'call 1 is not a {"tool_name": string, "parameters": object} object' });
});

it('writes the line the edit began from with its calls, note and adjudicator replaced, its other fields kept', () => {
  const base = {
    task_id: 't1',
    calls: [{ tool_name: 'a', parameters: {} }],
    visual_refs: [{ id: 'r1', description: 'd', entity: 'e', start: 0, end: 1 }],
    source: 'agreed',
    adjudicator: 'carol',
    note: 'Single annotation, reviewed.',
    settled: { alice: 3 },
    reviewed_by: 'lab',
  } as GroundTruth;
  const calls: ToolCall[] = [{ tool_name: 'b', parameters: { x: 1 } }];
  expect(correctedLine(base, calls, ' dave ', 'Misspelt')).toEqual({ ...base, calls, source: 'adjudicated', adjudicator: 'dave', note: 'Misspelt' });
  expect(correctedLine(base, calls, 'dave', '  ')).not.toHaveProperty('note');
});

it("keeps a call's 1.0 from the file's line through the editor and back into the file (the egobench profile scores it apart from 1)", () => {
  const file = '{"task_id":"t1","calls":[{"tool_name":"add_dish_to_order","parameters":{"quantity":1.0,"n":2}}],"visual_refs":[],"source":"agreed"}\n';
  const base = parseGroundTruth(file).get('t1')!;
  const text = callsText(base.calls);
  expect(text).toContain('"quantity":1.0,"n":2');
  const parsed = parseCallsText(text);
  if (!('calls' in parsed)) throw new Error(parsed.error);
  // Only the note changed: the line written holds the float as it was.
  const written = replaceGroundTruthLines(file, [correctedLine(base, parsed.calls, 'carol', 'checked')]);
  expect(written).toContain('"parameters":{"quantity":1.0,"n":2}');
  // Someone else's 1 -> 1.0 is a change a write must see.
  expect(groundTruthText(parseGroundTruth(file.replace('1.0', '1')).get('t1')!)).not.toBe(groundTruthText(base));
});
