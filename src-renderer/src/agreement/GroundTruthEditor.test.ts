// The ground-truth editor's reading of its text: calls, or why there are none (a JSON error by line).
import { expect, it } from 'vitest';
import type { ToolCall } from '../../../shared/format/types';
import { callsText, parseCallsText } from './GroundTruthEditor';

it('reads back the calls it wrote, one per line', () => {
  const calls: ToolCall[] = [{ tool_name: 'get_price', parameters: { product_name: 'Penne' } }, { tool_name: 'add_to_cart', parameters: { qty: 2 } }];
  const text = callsText(calls);
  expect(text.split('\n')).toHaveLength(5);
  expect(parseCallsText(text)).toEqual({ calls });
});

it('says the line of a JSON error, and what a call must be', () => {
  expect(parseCallsText('[\n  {"tool_name": "x", "parameters": {}},\n  {"tool_name": "y" "parameters": {}}\n]')).toEqual({ error: 'line 3: invalid JSON: CommaExpected' });
  expect(parseCallsText('{"tool_name": "x"}')).toEqual({ error: 'the calls are a JSON array of {"tool_name", "parameters"} objects' });
  expect(parseCallsText('[{"tool_name": "x", "parameters": []}]')).toEqual({ error: 'call 1 is not a {"tool_name": string, "parameters": object} object' });
});
