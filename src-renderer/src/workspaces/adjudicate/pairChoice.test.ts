// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPairChoice, storePairChoice } from './pairChoice';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the pair chosen in Adjudicate', () => {
  it('is read back per dataset after it is stored', () => {
    storePairChoice('sample', ['alice', 'dana']);
    expect(readPairChoice('sample')).toEqual(['alice', 'dana']);
    expect(readPairChoice('other')).toEqual([null, null]);
  });

  it('is none when nothing, or not a pair of names, is stored', () => {
    expect(readPairChoice('sample')).toEqual([null, null]);
    for (const text of ['{', '"alice"', '["alice"]', '[1, 2]', '["a", "b", "c"]']) {
      sessionStorage.setItem('egostudio.adjudicate.pair.sample', text);
      expect(readPairChoice('sample')).toEqual([null, null]);
    }
    sessionStorage.setItem('egostudio.adjudicate.pair.sample', '[null, "dana"]');
    expect(readPairChoice('sample')).toEqual([null, 'dana']);
  });

  it('a storage that refuses it is no error', () => {
    vi.spyOn(sessionStorage, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => storePairChoice('sample', ['alice', 'bob'])).not.toThrow();
    expect(sessionStorage.getItem('egostudio.adjudicate.pair.sample')).toBeNull(); // the refusal was met
  });
});
