// What Replay's evidence panels read from a label's evidence (SPEC §9, shared/eval/paper-profile
// perceptionVerdict / hallucinationVerdict) and from the tool library: the parameter's schema at
// the evidence's path, and the database column its value names (x-match {entity}).
import { parameterLeaves } from '../../../../shared/eval/leaves';
import type { Evidence } from '../../../../shared/eval/profile';
import type { ParamSchema, ScenarioDef, ToolCall } from '../../../../shared/format/types';

export interface PerceptionEvidence {
  entity: string;
  visual_ref: string;
  path: string;
  gt_call: number;
  entry: number;
  tool_name: string;
  value: string;
}

export interface HallucinationEvidence {
  entry: number;
  turn: number;
  tool_name: string;
  path: string;
  value: string | number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function perceptionEvidence(evidence: Evidence): PerceptionEvidence | null {
  if (!isObject(evidence)) return null;
  const { entity, visual_ref, path, gt_call, entry, tool_name, value } = evidence;
  if (typeof entity !== 'string' || typeof visual_ref !== 'string' || typeof path !== 'string' || typeof gt_call !== 'number' || typeof entry !== 'number' || typeof tool_name !== 'string' || typeof value !== 'string') return null;
  return { entity, visual_ref, path, gt_call, entry, tool_name, value };
}

export function hallucinationEvidence(evidence: Evidence): HallucinationEvidence | null {
  if (!isObject(evidence)) return null;
  const { entry, turn, tool_name, path, value } = evidence;
  if (typeof entry !== 'number' || typeof turn !== 'number' || typeof tool_name !== 'string' || typeof path !== 'string' || (typeof value !== 'string' && typeof value !== 'number')) return null;
  return { entry, turn, tool_name, path, value };
}

/** The schema governing `path` of a call of `tool_name` (undefined when the tool or path is unknown). */
export function schemaAt(scenario: ScenarioDef, call: ToolCall, path: string): ParamSchema | undefined {
  const tool = scenario.library.tools.find((t) => t.name === call.tool_name);
  return parameterLeaves(call.parameters, tool?.parameters).find((leaf) => leaf.path === path)?.schema;
}

/** The TABLE.COLUMN a parameter's values name (x-match {entity}), or null. */
export function entityColumn(schema: ParamSchema | undefined): string | null {
  const match = schema?.['x-match'];
  return isObject(match) && typeof match.entity === 'string' ? match.entity : null;
}
