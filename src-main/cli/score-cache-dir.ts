// Where the CLI keeps the score cache (services/evaluation/score-cache.ts), for evaluate and report.
import os from 'node:os';
import path from 'node:path';
import { onScoreCacheOff } from '../services/evaluation/score-cache';
import { err } from './terminal';

/** $XDG_CACHE_HOME/egostudio/scores, else ~/.cache/egostudio/scores. */
export function defaultScoreCacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'egostudio', 'scores');
}

/**
 * The cache folder a scoring command's --no-cache and --cache-dir ask for (undefined: none). A cache
 * folder that cannot be made, read or written costs time, not the evaluation: one line says so.
 */
export function scoreCacheDirOf(values: { 'no-cache'?: boolean; 'cache-dir'?: string }): string | undefined {
  onScoreCacheOff((dir, reason) => err(`egostudio: score cache off: ${dir}: ${reason}; scoring without it\n`));
  return values['no-cache'] ? undefined : (values['cache-dir'] ?? defaultScoreCacheDir());
}
