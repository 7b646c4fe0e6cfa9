import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestingDepth, safeJsonParse } from './safe-json';

/** The rule as first written: scan the text's nesting, refuse past the limit, else parse. */
function scanThenParse(text: string, maxDepth: number) {
  const depth = nestingDepth(text);
  if (depth > maxDepth) return { ok: false, message: `nesting depth ${depth} exceeds the limit of ${maxDepth}` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `invalid JSON: ${(error as Error).message}` };
  }
}

const nest = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);

describe('safeJsonParse', () => {
  it('answers as scanning before parsing would, for any text and limit', () => {
    const json = fc.jsonValue({ maxDepth: 8 }).map((v) => JSON.stringify(v));
    const broken = json.map((t) => t.slice(0, Math.max(0, t.length - 1)));
    const nested = fc.tuple(fc.integer({ min: 0, max: 40 }), json).map(([d, t]) => `{"a": ${nest(d, t)}, "b": "[[[["}`);
    const text = fc.oneof(json, broken, nested, fc.string());
    fc.assert(
      fc.property(text, fc.oneof(fc.integer({ min: 0, max: 20 }), fc.double({ min: 0, max: 20, noNaN: true })), (t, limit) => {
        expect(safeJsonParse(t, limit)).toEqual(scanThenParse(t, limit));
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses a nest past the limit with its depth, whether parsed first or scanned first', () => {
    expect(safeJsonParse(nest(65))).toEqual({ ok: false, message: 'nesting depth 65 exceeds the limit of 64' });
    expect(safeJsonParse(nest(64)).ok).toBe(true);
    expect(safeJsonParse(nest(20_000))).toEqual({ ok: false, message: 'nesting depth 20000 exceeds the limit of 64' });
    expect(safeJsonParse(nest(65).slice(0, -1))).toEqual({ ok: false, message: 'nesting depth 65 exceeds the limit of 64' });
  });

  it('counts own keys only, whatever the prototype holds', () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.polluted = [[[[1]]]];
    try {
      expect(safeJsonParse('{"a": 1}', 3)).toEqual({ ok: true, value: { a: 1 } });
    } finally {
      delete prototype.polluted;
    }
  });

  it('keeps keys named __proto__ and counts their depth', () => {
    const parsed = safeJsonParse('{"__proto__": [[1]]}', 2);
    expect(parsed).toEqual({ ok: false, message: 'nesting depth 3 exceeds the limit of 2' });
    const kept = safeJsonParse('{"__proto__": {"x": 1}}');
    expect(kept.ok && Object.hasOwn(kept.value as object, '__proto__')).toBe(true);
  });
});
