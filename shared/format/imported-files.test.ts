import { describe, expect, it } from 'vitest';
import { wholeJsonDocument } from './imported-files';

describe('wholeJsonDocument', () => {
  const pretty = JSON.stringify([{ task_id: 'retail1-1' }, { task_id: 'retail1-2' }], null, 2);

  it('names a *.json holding one document over several lines (an EgoBench results file)', () => {
    expect(wholeJsonDocument('results/model/retail1_easy.json', pretty)).toMatch(/^one JSON document over several lines, not JSON Lines/);
    expect(wholeJsonDocument('RUNS.JSON', `\ufeff${JSON.stringify({ a: 1 }, null, 1)}\n`.slice(1))).not.toBeNull();
  });

  it('leaves JSON Lines alone, whatever the name, and a document that does not parse', () => {
    expect(wholeJsonDocument('runs.jsonl', pretty)).toBeNull();
    expect(wholeJsonDocument('runs.json', '{"id":"a"}\n{"id":"b"}\n')).toBeNull();
    expect(wholeJsonDocument('runs.json', '{"id":"a"}\n')).toBeNull();
    expect(wholeJsonDocument('runs.json', '[\n{"id": "a"\n')).toBeNull();
    expect(wholeJsonDocument('runs.json', `${'['.repeat(100)}\n${']'.repeat(100)}`)).toBeNull();
  });
});
