import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordedResults, splitJoinedResults } from './results';

describe('SPEC §6 results encodings', () => {
  it('splits "; "-joined JSON documents, even with "; " inside strings', () => {
    expect(splitJoinedResults('{"a": "x; y"}; [1, 2]; "s; t"; 3; null')).toEqual([{ a: 'x; y' }, [1, 2], 's; t', 3, null]);
    expect(splitJoinedResults('{"only": true}')).toEqual([{ only: true }]);
  });

  it('refuses what is not a sequence of documents', () => {
    expect(splitJoinedResults('Added 2 apples; done')).toBeNull();
    expect(splitJoinedResults('{"a":1};{"b":2}')).toBeNull();
    expect(splitJoinedResults('{"a":1}; {"b":')).toBeNull();
    expect(splitJoinedResults('')).toBeNull();
  });

  it('gives one result per call by position, otherwise all of them to every call', () => {
    expect(recordedResults('{"a":1}; {"b":2}', 2)).toEqual({ kind: 'per-call', results: [[{ a: 1 }], [{ b: 2 }]] });
    expect(recordedResults('{"a":1}; {"b":2}', 3)).toEqual({ kind: 'shared', results: [{ a: 1 }, { b: 2 }] });
    expect(recordedResults('free text; more', 2)).toEqual({ kind: 'shared', results: ['free text; more'] });
    const messages = [
      { role: 'tool', tool_name: 'f', content: '{"x": 1}' },
      { role: 'tool', tool_name: 'g', content: 'plain' },
    ];
    expect(recordedResults(messages, 2)).toEqual({ kind: 'per-call', results: [[{ x: 1 }], ['plain']] });
    expect(recordedResults(messages, 1)).toEqual({ kind: 'shared', results: [{ x: 1 }, 'plain'] });
  });

  it('has no recorded results when the field is missing or null', () => {
    expect(recordedResults(undefined, 2)).toBeNull();
    expect(recordedResults(null, 2)).toBeNull();
  });

  it('reads a whole JSON text as one document, as parsing the whole text first would', () => {
    // The split skips the whole-text parse when a first document is followed by "; "; a text
    // that is one JSON value (spaces, strings with "; " and all) must still come back whole.
    const json = fc.jsonValue().map((v) => JSON.stringify(v, null, 1));
    const space = fc.stringMatching(/^[ \n\t\r]{0,3}$/);
    const padded = fc.tuple(space, json, space).map(([a, t, b]) => a + t + b);
    const text = fc.oneof(json, padded, fc.array(json, { minLength: 1, maxLength: 4 }).map((docs) => docs.join('; ')), fc.string(), fc.string().map((t) => `{"a": ${JSON.stringify(t)}}${t}`));
    fc.assert(
      fc.property(text, (t) => {
        let whole: unknown[] | undefined;
        try {
          whole = [JSON.parse(t)];
        } catch {
          whole = undefined;
        }
        if (whole) expect(splitJoinedResults(t)).toEqual(whole);
      }),
      { numRuns: 2000 },
    );
  });
});
