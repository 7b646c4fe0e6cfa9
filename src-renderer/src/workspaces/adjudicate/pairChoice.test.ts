import { describe, expect, it } from 'vitest';
import { readPairChoice, storePairChoice } from './pairChoice';

/** A Storage of a Map, as the tab's sessionStorage keeps strings. */
function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('the pair chosen in Adjudicate', () => {
  it('is read back per dataset after it is stored', () => {
    const storage = memoryStorage();
    storePairChoice(storage, 'sample', ['alice', 'dana']);
    expect(readPairChoice(storage, 'sample')).toEqual(['alice', 'dana']);
    expect(readPairChoice(storage, 'other')).toEqual([null, null]);
  });

  it('is none when nothing, or not a pair of names, is stored', () => {
    const storage = memoryStorage();
    expect(readPairChoice(undefined, 'sample')).toEqual([null, null]);
    for (const text of ['{', '"alice"', '["alice"]', '[1, 2]', '["a", "b", "c"]']) {
      storage.items.set('egostudio.adjudicate.pair.sample', text);
      expect(readPairChoice(storage, 'sample')).toEqual([null, null]);
    }
    storage.items.set('egostudio.adjudicate.pair.sample', '[null, "dana"]');
    expect(readPairChoice(storage, 'sample')).toEqual([null, 'dana']);
  });

  it('a storage that refuses it is no error', () => {
    const refusing = { setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => storePairChoice(refusing, 'sample', ['alice', 'bob'])).not.toThrow();
  });
});
