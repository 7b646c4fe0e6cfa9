import { describe, expect, it } from 'vitest';
import { progressReporter } from './progress';

function run(isTerminal: boolean, updatesAt: number[], doneAt: number): string {
  let time = 0;
  let text = '';
  const progress = progressReporter('evaluating', { isTerminal, write: (t) => (text += t) }, () => time);
  for (const at of updatesAt) {
    time = at;
    progress.update(at, 60_000);
  }
  time = doneAt;
  progress.finish();
  return text;
}

const everySecond = Array.from({ length: 45 }, (_, i) => (i + 1) * 1000);

describe('progress on stderr', () => {
  it('into a log: nothing in the first 2 s, then a line every 10 s, and the time taken', () => {
    expect(run(false, everySecond, 45_500).split('\n')).toEqual([
      'evaluating: 3% (2.0 s)',
      'evaluating: 20% (12.0 s)',
      'evaluating: 37% (22.0 s)',
      'evaluating: 53% (32.0 s)',
      'evaluating: 70% (42.0 s)',
      'evaluating: done in 45.5 s',
      '',
    ]);
  });

  it('at a terminal: one line rewritten in place, ended by the time taken', () => {
    const text = run(true, everySecond, 45_500);
    expect(text.split('\n')).toHaveLength(2);
    expect(text.split('\r').filter(Boolean)).toHaveLength(45);
    expect(text.endsWith('\revaluating: done in 45.5 s\u001b[K\n')).toBe(true);
  });

  it('says nothing of a command done within 2 s', () => {
    expect(run(false, [500, 1500], 1900)).toBe('');
    expect(run(true, [500, 1500], 1900)).toBe('');
  });
});
