import { afterEach, describe, expect, it, vi } from 'vitest';
import { printProblems } from './terminal';

describe('printProblems', () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists the dataset's defining files' problems first, so a cause is not cut off behind its consequences", () => {
    let text = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((text += String(chunk)), true));
    const left = Array.from({ length: 60 }, (_, i) => ({ file: 'trajectories/m/easy.jsonl', line: i + 1, message: 'scenario "kitchen" cannot run; left out' }));
    printProblems([
      ...left,
      { file: 'scenarios/kitchen/data.sql', line: 0, message: 'task "k-1" left out: scenario cannot run' },
      { file: 'scenarios/kitchen/data.sql', line: 112, message: 'the statement at data.sql line 112 ran longer than 5 s' },
    ]);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('62 problem(s):');
    expect(lines[1]).toBe('  scenarios/kitchen/data.sql:112: the statement at data.sql line 112 ran longer than 5 s');
    expect(lines[2]).toBe('  scenarios/kitchen/data.sql:0: task "k-1" left out: scenario cannot run');
    expect(lines[3]).toBe('  trajectories/m/easy.jsonl:1: scenario "kitchen" cannot run; left out');
    expect(lines.at(-1)).toBe('  ... and 12 more (see --json)');
  });
});
