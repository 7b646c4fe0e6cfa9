import { describe, expect, it } from 'vitest';
import { parseJsonlLine } from './loader';
import { trajectorySchema, groundTruthSchema } from './schemas';
import { callsMayHoldWholeReals, copyWholeReals, holdsWholeReals, markWholeReals, stringifyKeepingWholeReals, trajectoryMayHoldWholeReals, wholeRealKeys, wholeRealText } from './whole-reals';
import { dropNullKeys, normalizeParameters } from '../engine/params';

const marked = (text: string) => {
  const value = JSON.parse(text) as Record<string, unknown>;
  markWholeReals(text, value);
  return value;
};

describe('whole reals', () => {
  it('marks a whole number written with a fraction, and nothing else (not an exponent: Python writes none below 1e16)', () => {
    const v = marked('{"a": 2.0, "b": 2, "c": 2.5, "d": 1e3, "e": 1.5e1, "f": 1e-3, "g": "2.0", "h": [3.00, 4, {"i": -0.0}], "j": 2.05}');
    expect([...wholeRealKeys(v)]).toEqual(['a']);
    expect([...wholeRealKeys(v.h as object)]).toEqual([0]);
    expect([...wholeRealKeys((v.h as object[])[2])]).toEqual(['i']);
    expect(holdsWholeReals(v)).toBe(true);
  });

  it('leaves a text without one unmarked, words that look like numbers included', () => {
    const v = marked('{"note": "costs 2.0 or 1e3", "n": 2, "list": [1, 2]}');
    expect(holdsWholeReals(v)).toBe(false);
    expect(stringifyKeepingWholeReals(v)).toBe(JSON.stringify(v));
  });

  it('takes a repeated key from its last value, as JSON.parse does', () => {
    expect([...wholeRealKeys(marked('{"q": 2.0, "q": 2}'))]).toEqual([]);
    expect([...wholeRealKeys(marked('{"q": 2, "q": 2.0}'))]).toEqual(['q']);
  });

  it('writes whole reals as Python writes floats, and the rest as JSON.stringify does', () => {
    const v = marked('{"included_dishes": [{"dish_name": "Tiramisu\\u00e8 \\"x\\"", "quantity": 2.0}], "n": 3, "z": 10000000000000000.0, "m": -0.0}');
    expect(stringifyKeepingWholeReals(v)).toBe('{"included_dishes":[{"dish_name":"Tiramisuè \\"x\\"","quantity":2.0}],"n":3,"z":1e+16,"m":-0.0}');
    expect(wholeRealText(123)).toBe('123.0');
    expect(wholeRealText(-4)).toBe('-4.0');
    expect(wholeRealText(1.5e17)).toBe('1.5e+17');
  });

  it('a copy keeps the marks of the numbers it kept (parameters with undeclared and null keys dropped)', () => {
    const v = marked('{"quantity": 2.0, "extra": 3.0, "items": [{"q": 1.0, "none": null}]}');
    const params = normalizeParameters({ type: 'object', properties: { quantity: {}, items: {} } }, v);
    expect(params).toEqual({ quantity: 2, items: [{ q: 1 }] });
    expect([...wholeRealKeys(params)]).toEqual(['quantity']);
    expect(stringifyKeepingWholeReals(params)).toBe('{"quantity":2.0,"items":[{"q":1.0}]}');
    const copy = dropNullKeys(v);
    copyWholeReals(v, copy);
    expect(stringifyKeepingWholeReals(copy)).toBe('{"quantity":2.0,"extra":3.0,"items":[{"q":1.0}]}');
  });

  it('a built value holding marked parts is written whole only when asked to look deep', () => {
    const params = marked('{"quantity": 2.0}');
    const record = { tool_calls: [{ calls: [{ tool_name: 't', parameters: params }] }] };
    expect(stringifyKeepingWholeReals(record)).toBe(JSON.stringify(record));
    expect(stringifyKeepingWholeReals(record, { deep: true })).toBe('{"tool_calls":[{"calls":[{"tool_name":"t","parameters":{"quantity":2.0}}]}]}');
  });

  it('a trajectory line keeps the marks on its calls through its schema, the legacy item format included', () => {
    const line = (item: string) => `{"id": "r", "task_id": "t", "model": "m", "mode": "static", "tool_calls": [${item}]}`;
    for (const item of ['{"turn": 0, "calls": [{"tool_name": "add", "parameters": {"quantity": 2.0}}]}', '{"turn": 0, "call": {"tool_name": "add", "parameters": {"quantity": 2.0}}}']) {
      const parsed = parseJsonlLine(line(item), 1, trajectorySchema, undefined, trajectoryMayHoldWholeReals);
      if (!parsed?.ok) throw new Error('not parsed');
      const call = (parsed.value as { tool_calls: { calls: { parameters: object }[] }[] }).tool_calls[0].calls[0];
      expect([...wholeRealKeys(call.parameters)]).toEqual(['quantity']);
    }
    // Without a whole number in the calls the text is not looked at again.
    expect(trajectoryMayHoldWholeReals(JSON.parse(line('{"calls": [{"tool_name": "add", "parameters": {"quantity": 2.5}}], "results": [{"content": "2.0", "n": 2}]}')))).toBe(false);
  });

  it('a ground-truth line keeps the marks on its calls', () => {
    const parsed = parseJsonlLine('{"task_id": "t", "calls": [{"tool_name": "add", "parameters": {"quantity": 2.0}}]}', 1, groundTruthSchema, undefined, callsMayHoldWholeReals);
    if (!parsed?.ok) throw new Error('not parsed');
    expect([...wholeRealKeys((parsed.value as { calls: { parameters: object }[] }).calls[0].parameters)]).toEqual(['quantity']);
  });
});
