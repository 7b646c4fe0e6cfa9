import { afterEach, describe, expect, it, vi } from 'vitest';
import { workerCount } from './command-line';
import { evaluateSpec } from './commands';

describe('workerCount', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps a count up to the cores, and lowers a larger one to them, saying so on stderr', () => {
    const said = vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    expect(workerCount(evaluateSpec, undefined, 2)).toBeUndefined();
    expect(workerCount(evaluateSpec, '0', 2)).toBe(0);
    expect(workerCount(evaluateSpec, '2', 2)).toBe(2);
    expect(said).not.toHaveBeenCalled();
    expect(workerCount(evaluateSpec, '100', 2)).toBe(2);
    expect(said).toHaveBeenCalledWith("egostudio evaluate: --workers 100 is more than this machine's 2 core(s); scoring with 2\n");
  });

  it('refuses what is not a whole number of at least 0', () => {
    expect(() => workerCount(evaluateSpec, 'many', 2)).toThrow('--workers takes a whole number of at least 0, not "many"');
  });
});
