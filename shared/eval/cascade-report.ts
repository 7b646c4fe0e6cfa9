// The whole SPEC §9 cascade of one trajectory under the paper profile: every predicate's verdict
// (held or not, with its evidence or the reason it does not hold), not just the first that fires.
// The Replay workspace shows it; the label itself still comes from paperProfile.score.
import type { JsonObject } from '../format/types';
import {
  hallucinationVerdict,
  paperMetrics,
  logicVerdict,
  overOperationEvidence,
  perceptionVerdict,
  syntacticVerdict,
  type CascadeInput,
} from './paper-profile';
import type { Evidence, Label, ScoringContext } from './profile';

export interface PredicateVerdict {
  label: Label;
  /** Whether the predicate holds for this trajectory (independently of earlier labels). */
  held: boolean;
  /** True for the label the cascade assigns: the first that holds. */
  fired: boolean;
  evidence: Evidence;
  /** Why it holds or does not, in words. */
  why: string;
}

export interface CascadeReport {
  joint_succ: boolean;
  tool_succ: boolean;
  result_succ: boolean;
  label: Label;
  predicates: PredicateVerdict[];
}

export function cascadeReport(ctx: ScoringContext): CascadeReport {
  const { metrics, cascadeInput: input } = paperMetrics(ctx);
  const { matched, gt_calls, tool_succ, result_succ, joint_succ } = metrics;
  const { entries } = input;
  // Later predicates assume well-formed entries (the syntactic label fires first otherwise); a
  // malformed entry stands in as a call of no tool with no parameters, which holds no value.
  const wellFormedInput: CascadeInput = {
    ...input,
    entries: entries.map((e) => (e.call ? e : { ...e, call: { tool_name: '', parameters: {} as JsonObject } })),
  };

  const predicates: Omit<PredicateVerdict, 'fired'>[] = [];
  predicates.push({
    label: 'correct',
    held: joint_succ,
    evidence: null,
    why: joint_succ
      ? 'JointSucc: every ground-truth call matched and the final state equals the ground truth’s'
      : `JointSucc fails: ${tool_succ ? 'ToolSucc holds' : `ToolSucc fails (${matched}/${gt_calls} matched)`}, ${result_succ ? 'ResultSucc holds' : 'ResultSucc fails (final state differs)'}`,
  });
  const syntactic = syntacticVerdict(input);
  predicates.push({
    label: 'syntactic',
    held: syntactic !== null,
    evidence: syntactic?.evidence ?? null,
    why: syntactic
      ? String((syntactic.evidence as { reason?: unknown } | null)?.reason ?? 'a call entry is malformed')
      : 'every entry is an object naming a library tool with parameters that fit its schema' +
        (ctx.trajectory.mode === 'static' ? '; a tool_calls item has turn 0' : ''),
  });
  const perception = perceptionVerdict(wellFormedInput);
  predicates.push({
    label: 'perception',
    held: perception !== null,
    evidence: perception?.evidence ?? null,
    why: perception
      ? describePerception(perception.evidence)
      : ctx.groundTruth.visual_refs.length === 0
        ? 'the ground truth has no visual references'
        : 'each visual reference’s entity is in an agent call, or no agent call of the same tool holds another string at its path',
  });
  const hallucination = hallucinationVerdict(wellFormedInput);
  predicates.push({
    label: 'hallucination',
    held: hallucination !== null,
    evidence: hallucination?.evidence ?? null,
    why: hallucination
      ? describeHallucination(hallucination.evidence)
      : 'every parameter value is grounded in the user’s messages, earlier results, the seed database or the enum',
  });
  const logic = logicVerdict(input);
  predicates.push({
    label: 'logic',
    held: logic !== null,
    evidence: logic?.evidence ?? null,
    why: logic ? `ToolSucc fails: ${gt_calls - matched} of ${gt_calls} ground-truth calls missing` : `ToolSucc holds: all ${gt_calls} ground-truth calls matched`,
  });
  // SPEC §9.5: everything else, that is all key calls made (ToolSucc) and yet no JointSucc. Where
  // ToolSucc fails it is not said to hold (logic comes first anyway: the label is the same).
  const overOperation = !joint_succ && tool_succ;
  predicates.push({
    label: 'over_operation',
    held: overOperation,
    evidence: overOperation ? overOperationEvidence(input) : null,
    why: joint_succ
      ? 'JointSucc holds'
      : !tool_succ
        ? 'not every key call was made (ToolSucc fails)'
        : result_succ
          ? 'fallback of the cascade (ResultSucc holds)'
          : 'fallback of the cascade: the final state differs from the ground truth’s',
  });

  let fired: Label | null = null;
  for (const p of predicates) {
    if (p.held) {
      fired = p.label;
      break;
    }
  }
  const label = fired ?? 'over_operation';
  return { joint_succ, tool_succ, result_succ, label, predicates: predicates.map((p) => ({ ...p, fired: p.label === label })) };
}

function describePerception(evidence: Evidence): string {
  const e = (evidence ?? {}) as { entity?: unknown; path?: unknown; value?: unknown; tool_name?: unknown };
  return `entity "${String(e.entity)}" appears in no agent call; ${String(e.tool_name)} got "${String(e.value)}" at ${String(e.path)}`;
}

function describeHallucination(evidence: Evidence): string {
  const e = (evidence ?? {}) as { path?: unknown; value?: unknown; tool_name?: unknown };
  return `${String(e.tool_name)} ${String(e.path)} = ${JSON.stringify(e.value)} is not grounded in what the agent had before the call`;
}
