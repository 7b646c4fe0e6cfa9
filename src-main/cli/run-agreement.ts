// `egostudio agreement`: SPEC §11 for two annotators over the tasks both have annotated.
import type { SqlJsStatic } from 'sql.js';
import { stateKey } from '../../shared/engine/state';
import {
  compareCallLists,
  summarizeAgreement,
  type AgreementSummary,
  type TaskAgreement,
} from '../../shared/eval/agreement';
import { normalizeCalls, toolMap } from '../../shared/eval/calls';
import { matchContext, scenarioCache } from '../../shared/eval/paper-profile';
import { compareCodePoints } from '../../shared/format/codepoint';
import type { LoadedDataset } from '../../shared/format/loader';
import type { Problem, ToolCall } from '../../shared/format/types';
import { engineProvider } from '../../shared/eval/engine-provider';

export interface AgreementReport {
  tasks: TaskAgreement[];
  summary: AgreementSummary;
  problems: Problem[];
}

export function agreementReport(dataset: LoadedDataset, SQL: SqlJsStatic, a: string, b: string): AgreementReport {
  const problems = [...dataset.problems];
  const engines = engineProvider(SQL, dataset, problems);
  const byA = dataset.annotations.get(a);
  const byB = dataset.annotations.get(b);
  for (const [name, found] of [[a, byA], [b, byB]] as const)
    if (!found) problems.push({ file: `annotations/${name}.jsonl`, line: 0, message: `no annotations for annotator "${name}"` });
  const taskIds = [...(byA?.keys() ?? [])].filter((id) => byB?.has(id)).sort(compareCodePoints);
  const tasks: TaskAgreement[] = [];
  const pooled: { scenario: string; calls: ToolCall[] }[] = [];
  try {
    for (const taskId of taskIds) {
      const scenarioId = dataset.tasks.get(taskId)!.scenario;
      const engine = engines(scenarioId);
      if ('error' in engine) {
        problems.push({ file: engine.file, line: 0, message: `task "${taskId}" left out: scenario cannot run (${engine.error})` });
        continue;
      }
      const { tools, writeTools } = scenarioCache(dataset.scenarios.get(scenarioId)!);
      const callsA = normalizeCalls(byA!.get(taskId)!.calls);
      const callsB = normalizeCalls(byB!.get(taskId)!.calls);
      const comparison = compareCallLists(callsA, callsB, tools, matchContext(engine));
      const finalState = (calls: ToolCall[]) => stateKey(engine.execute(calls.filter((c) => writeTools.has(c.tool_name))).state);
      tasks.push({
        task_id: taskId,
        exact: comparison.exact,
        seq_exact: comparison.seq_exact,
        call_f1: comparison.call_f1,
        state_equal: finalState(callsA) === finalState(callsB),
      });
      pooled.push({ scenario: scenarioId, calls: callsA }, { scenario: scenarioId, calls: callsB });
    }
    const toolNames = pooled.map((p) => new Set(p.calls.map((c) => c.tool_name)));
    const summary = summarizeAgreement(tasks, (i, j) => {
      const x = pooled[i];
      const y = pooled[j];
      // Calls of different tools never match: no comparison needed when no tool is shared.
      if (x.calls.length === 0 || y.calls.length === 0) return x.calls.length === y.calls.length ? 0 : 1;
      if (![...toolNames[i]].some((name) => toolNames[j].has(name))) return 1;
      // Across scenarios the tool definitions differ; compare with the default rules only.
      const sameScenario = x.scenario === y.scenario;
      const engine = engines(x.scenario);
      const tools = sameScenario ? scenarioCache(dataset.scenarios.get(x.scenario)!).tools : toolMap([]);
      const ctx = sameScenario && !('error' in engine) ? matchContext(engine) : { entities: () => new Set<number>() };
      return 1 - compareCallLists(x.calls, y.calls, tools, ctx).call_f1;
    });
    return { tasks, summary, problems };
  } finally {
    engines.closeAll();
  }
}
