import { describe, expect, it } from 'vitest';
import { trimSpace } from './whitespace';

describe('trimSpace', () => {
  it("trims Unicode's White_Space at both ends, not U+FEFF, and leaves the inside", () => {
    expect(trimSpace('  get_price\t\n')).toBe('get_price');
    expect(trimSpace('\u0085get price\u3000')).toBe('get price');
    expect(trimSpace('\uFEFFget_price')).toBe('\uFEFFget_price');
    expect(trimSpace(' \u00a0 ')).toBe('');
    expect(trimSpace('\u2010x\u2010')).toBe('\u2010x\u2010'); // a hyphen in the tested range is not whitespace
    expect(trimSpace('')).toBe('');
  });
});
