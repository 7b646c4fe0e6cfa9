import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { holdStdoutForJson, printProblems } from './terminal';

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

describe('printProblems, tasks.jsonl not read', () => {
  afterEach(() => vi.restoreAllMocks());
  it('says tasks.jsonl first when it could not be read at all: the ground truth\'s unknown tasks follow from it', () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    const unknown = Array.from({ length: 60 }, (_, i) => ({ file: 'ground_truth.jsonl', line: i + 1, message: `unknown task "t${i}"; left out` }));
    printProblems([...unknown, { file: 'tasks.jsonl', line: 0, message: 'missing' }]);
    expect(written.join('').split('\n')[1]).toBe('  tasks.jsonl:0: missing');
  });
});

describe('holdStdoutForJson', () => {
  it('refuses before any scoring a --json that names no file, or a folder', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'egostudio-json-'));
    try {
      expect(() => holdStdoutForJson('')).toThrow('--json needs a file name (or - for standard output)');
      expect(() => holdStdoutForJson(folder)).toThrow(`--json ${folder} is a folder: give the file's name`);
      expect(() => holdStdoutForJson(path.join(folder, 'report.json'))).not.toThrow();
      expect(() => holdStdoutForJson(undefined)).not.toThrow();
    } finally {
      holdStdoutForJson(undefined);
      await rm(folder, { recursive: true, force: true });
    }
  });
});
