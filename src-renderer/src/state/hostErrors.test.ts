import { describe, expect, it } from 'vitest';
import { StudioError } from '../../../shared/api/studio-error';
import { describeHostFailure } from './hostErrors';

describe('describeHostFailure', () => {
  it('says what failed, why in one line, and what to do, by error code', () => {
    expect(describeHostFailure('Cannot open the dataset', new StudioError('not-found', 'tasks.jsonl does not exist'))).toBe(
      'Cannot open the dataset: tasks.jsonl does not exist. It may have been moved or deleted: check the dataset folder, then reopen the dataset from the Datasets list.',
    );
    expect(describeHostFailure('Cannot write ground_truth.jsonl', new StudioError('not-open', 'dataset x is not open'))).toMatch(/Open the dataset again/);
    expect(describeHostFailure('Cannot write a.json', new StudioError('forbidden', '../a.json is outside the dataset'))).toMatch(/inside the dataset folder/);
    // A team host's refusal explains itself; the advice about folders was beside the point.
    expect(describeHostFailure('Cannot write ground_truth.jsonl', new StudioError('forbidden', 'Only an adjudicator writes ground_truth.jsonl (signed in as alice, annotator)'))).toBe(
      'Cannot write ground_truth.jsonl: Only an adjudicator writes ground_truth.jsonl (signed in as alice, annotator).',
    );
  });

  it('never passes on a stack or a bare HTTP code', () => {
    const crash = new Error('Boom\n    at handler (studio-handlers.ts:12:3)\n    at next (x.js:1:1)');
    const text = describeHostFailure('Cannot list the datasets', crash);
    expect(text).not.toContain('\n');
    expect(text).not.toMatch(/ at /);
    expect(text).toMatch(/^Cannot list the datasets: Boom\. Try again; if it repeats, the host’s terminal/);
    expect(describeHostFailure('Cannot save', new StudioError('internal', 'HTTP 401 from datasets.writeText'))).toMatch(/lost its access to the host: open the address the host printed/);
    expect(describeHostFailure('Cannot save', new StudioError('internal', 'HTTP 502 from datasets.writeText'))).toMatch(/The host failed: its terminal says why/);
  });

  it('recognises an unreachable host, a full disk, missing permissions, and Electron-wrapped codes', () => {
    expect(describeHostFailure('Cannot reach the studio host', new TypeError('Failed to fetch'))).toMatch(/not answering: check that it still runs/);
    expect(describeHostFailure('Cannot write x', new Error('ENOSPC: no space left on device, write'))).toMatch(/disk is full/);
    expect(describeHostFailure('Cannot write x', new Error('EACCES: permission denied, open'))).toMatch(/permissions/);
    const wrapped = new Error("Error invoking remote method 'datasets.open': Error: [not-open] dataset tiny is not open");
    expect(describeHostFailure('Cannot read', wrapped)).toBe('Cannot read: dataset tiny is not open. Open the dataset again from the Datasets list.');
    expect(describeHostFailure('Cannot read', '')).toMatch(/^Cannot read: no reason given\./);
  });
});
