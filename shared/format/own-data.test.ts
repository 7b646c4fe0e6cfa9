import { describe, expect, it } from 'vitest';
import { dataRecord, setOwn } from './own-data';

describe('setOwn', () => {
  it('stores every name as own data, on plain and prototype-less objects alike, and reaches no prototype', () => {
    for (const target of [{} as Record<string, unknown>, dataRecord<unknown>()]) {
      const prototype = Object.getPrototypeOf(target);
      for (const key of ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'plain']) setOwn(target, key, { key });
      expect(Object.getPrototypeOf(target)).toBe(prototype);
      expect(Object.keys(target)).toEqual(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'plain']);
      for (const key of Object.keys(target)) expect(Object.getOwnPropertyDescriptor(target, key)).toEqual({ value: { key }, enumerable: true, writable: true, configurable: true });
      setOwn(target, '__proto__', 2);
      setOwn(target, 'plain', 3);
      expect([Object.getOwnPropertyDescriptor(target, '__proto__')?.value, target.plain]).toEqual([2, 3]);
    }
    expect(({} as Record<string, unknown>).key).toBeUndefined();
  });
});
