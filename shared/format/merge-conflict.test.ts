import { describe, expect, it } from 'vitest';
import { mergeConflictBlocks, mergeMarkerOf } from './merge-conflict';

describe('git merge-conflict markers', () => {
  it('knows the three markers, alone or with a label, and nothing like them', () => {
    expect(['<<<<<<< HEAD', '<<<<<<<', '=======', '=======\r', '>>>>>>> origin/main'].map(mergeMarkerOf)).toEqual(['begin', 'begin', 'between', 'between', 'end']);
    expect(['<<<<<<<<', '======= x', '>>>>>>', ' =======', '{"a": "======="}'].map(mergeMarkerOf)).toEqual([null, 'between', null, null, null]);
    // diff3's base part, and a tab after the marker.
    expect(['||||||| merged common ancestors', '|||||||', '<<<<<<<\tHEAD'].map(mergeMarkerOf)).toEqual(['base', 'base', 'begin']);
  });

  it('finds each block from its first marker to its last, an unclosed one to the end of the file', () => {
    const lines = ['{}', '<<<<<<< HEAD', '{"a":1}', '=======', '{"a":2}', '>>>>>>> theirs', '{}', '<<<<<<< HEAD', '{}'];
    expect(mergeConflictBlocks(lines)).toEqual([
      { first: 2, last: 6 },
      { first: 8, last: 9 },
    ]);
  });
});
