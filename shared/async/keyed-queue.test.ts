import { describe, expect, it } from 'vitest';
import { keyedQueue } from './keyed-queue';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('keyedQueue', () => {
  it("runs one key's work in the order asked, after a failure too, and other keys meanwhile", async () => {
    const queue = keyedQueue();
    const ended: string[] = [];
    const slow = queue('a', async () => {
      await later(20);
      ended.push('a1');
      throw new Error('a1 failed');
    });
    const next = queue('a', async () => {
      ended.push('a2');
      return 'a2';
    });
    const other = queue('b', async () => {
      ended.push('b1');
    });
    await expect(slow).rejects.toThrow('a1 failed');
    await expect(next).resolves.toBe('a2');
    await other;
    expect(ended).toEqual(['b1', 'a1', 'a2']);
  });
});
