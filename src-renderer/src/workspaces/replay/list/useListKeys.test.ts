import { describe, expect, it } from 'vitest';
import { listTarget } from './useListKeys';

describe('listTarget', () => {
  it('steps, pages and jumps within the list, clamped at its ends', () => {
    expect(listTarget(3, 'next', 10, 4)).toBe(4);
    expect(listTarget(9, 'next', 10, 4)).toBe(9);
    expect(listTarget(0, 'previous', 10, 4)).toBe(0);
    expect(listTarget(3, 'page-down', 10, 4)).toBe(7);
    expect(listTarget(8, 'page-down', 10, 4)).toBe(9);
    expect(listTarget(2, 'page-up', 10, 4)).toBe(0);
    expect(listTarget(5, 'first', 10, 4)).toBe(0);
    expect(listTarget(5, 'last', 10, 4)).toBe(9);
  });

  it('starts from the top going down, from the bottom going up, when nothing of the list is open', () => {
    expect(listTarget(-1, 'next', 10, 4)).toBe(0);
    expect(listTarget(-1, 'page-down', 10, 4)).toBe(0);
    expect(listTarget(-1, 'previous', 10, 4)).toBe(9);
    expect(listTarget(-1, 'page-up', 10, 4)).toBe(9);
  });

  it('goes on from where the open run was when the list dropped it (a review under "Failures not reviewed"): the run that followed took its place', () => {
    // Run 3 of 10 left the list (now 9): the next is the one now at 3, the previous at 2.
    expect(listTarget(-1, 'next', 9, 4, 3)).toBe(3);
    expect(listTarget(-1, 'previous', 9, 4, 3)).toBe(2);
    expect(listTarget(-1, 'page-down', 9, 4, 3)).toBe(6);
    expect(listTarget(-1, 'page-up', 9, 4, 3)).toBe(0);
    expect(listTarget(-1, 'first', 9, 4, 3)).toBe(0);
    // It was the last: nothing follows it; the previous is the new last.
    expect(listTarget(-1, 'next', 9, 4, 9)).toBe(-1);
    expect(listTarget(-1, 'previous', 9, 4, 9)).toBe(8);
  });

  it('goes nowhere in an empty list, and a page is at least one row', () => {
    expect(listTarget(-1, 'next', 0, 4)).toBe(-1);
    expect(listTarget(3, 'page-down', 10, 0)).toBe(4);
  });
});
