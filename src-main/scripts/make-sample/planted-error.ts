// The one ground-truth error the sample carries on purpose, for the ground-truth audit
// (shared/eval/gt-audit.ts): retail-03's adjudicator typed the wrong allergen into the
// retrieval. The runs are built and checked against the true calls; only ground_truth.jsonl
// gets the planted value, so all three models "violate" it the same way.
import type { GroundTruth } from '../../../shared/format/types';
import type { BuiltTask } from './build';

export const PLANTED_ERROR = {
  task: 'retail-03',
  tool: 'find_products_without_allergen',
  param: 'allergen',
  truth: 'gluten',
  planted: 'milk',
} as const;

/** The ground truth to write: the planted task's one call with the wrong value, the rest as built. */
export function groundTruthWithPlantedError(built: readonly BuiltTask[]): GroundTruth[] {
  const { task, tool, param, truth, planted } = PLANTED_ERROR;
  const target = built.find((b) => b.task.id === task);
  const at = target?.gt.calls.findIndex((c) => c.tool_name === tool && c.parameters[param] === truth) ?? -1;
  if (!target || at < 0) throw new Error(`planted error: ${task} has no ${tool} call with ${param} "${truth}"; update planted-error.ts`);
  return built.map((b) =>
    b !== target
      ? b.gt
      : { ...b.gt, calls: b.gt.calls.map((c, i) => (i === at ? { tool_name: c.tool_name, parameters: { ...c.parameters, [param]: planted } } : c)) },
  );
}
