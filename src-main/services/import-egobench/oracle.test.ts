// The `egobench` profile against the official scripts' own output on every task we have it for:
// the oracle set beside the release (../shared/egobench/oracle: 374 trajectories over seven more
// variants, with the official evaluator's figures and the official error analysis's label) and
// the release's retail1 file (32 tasks, figures only). Skips with a message without the release.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importEgobench } from './index';
import { asOfficial, differingFields, OFFICIAL_LABELS, readOfficial, scoreImportedFile } from './official-check';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RELEASE = path.resolve(REPO_ROOT, '../shared/egobench');
const ORACLE = path.join(RELEASE, 'oracle');

const hasOracle = existsSync(path.join(ORACLE, 'expected/labels.json'));
if (!hasOracle) console.warn(`[egobench oracle] ${ORACLE} not found: the comparison with the official scripts' output is skipped.`);

const temps: string[] = [];
afterAll(async () => {
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});

interface FileCase {
  /** `kitchen1_static` */
  name: string;
  model: string;
  evalFile: string;
  labels?: Array<{ task_id: number | string; label: string }>;
}

describe.skipIf(!hasOracle)('egobench profile vs the official scripts', () => {
  it('equals the official evaluator and error analysis on every task', { timeout: 300_000 }, async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'egobench-oracle-'));
    temps.push(out);
    const imported = await importEgobench(RELEASE, out, { results: [path.join(ORACLE, 'results')] });
    expect(imported.problems).toEqual([]);

    const labels = JSON.parse(await readFile(path.join(ORACLE, 'expected/labels.json'), 'utf8')) as Record<string, FileCase['labels']>;
    const cases: FileCase[] = [
      { name: 'retail1_easy', model: 'Qwen3.5-397B-A17B', evalFile: path.join(RELEASE, 'official-eval/Qwen3.5-397B-A17B/retail1_easy_eval.json') },
      ...Object.keys(labels).sort().map((name) => ({ name, model: 'OracleAgent', evalFile: path.join(ORACLE, `expected/eval/${name}_eval.json`), labels: labels[name] })),
    ];

    let equal = 0;
    let total = 0;
    const differences: string[] = [];
    for (const c of cases) {
      const official = readOfficial(JSON.parse(await readFile(c.evalFile, 'utf8')));
      const { scores, problems } = await scoreImportedFile(out, `trajectories/${c.model}/${c.name}.jsonl`);
      expect(problems, c.name).toEqual([]);
      const ours = asOfficial(scores).tasks;
      const labelOf = new Map((c.labels ?? []).map((l) => [String(l.task_id), OFFICIAL_LABELS[l.label] ?? l.label]));
      official.tasks.forEach((o, i) => {
        total += 1;
        const mine = ours[i];
        const wrong = differingFields(o, mine);
        const label = labelOf.get(String(o.task_id));
        if (label !== undefined && scores[i]?.score.label !== label) wrong.push(`label ${scores[i]?.score.label} (official ${label})`);
        if (wrong.length === 0) equal += 1;
        else differences.push(`${c.name} task ${o.task_id}: ${wrong.join(', ')}`);
      });
    }
    console.log(`[egobench oracle] ${equal}/${total} tasks equal`);
    if (differences.length) console.log(differences.join('\n'));
    expect(differences).toEqual([]);
    expect(total).toBe(406);
  });
});
