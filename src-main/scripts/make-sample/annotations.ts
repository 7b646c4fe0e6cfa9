// Two synthetic annotators with realistic disagreements and revisions (SPEC §5).
import type { Annotation, GroundTruth, JsonObject, ToolCall, VisualRef } from '../../../shared/format/types';
import { Rng } from './prng';
import type { BuiltTask } from './build';

type Flaw = 'order' | 'missed_retrieval' | 'wrong_quantity' | 'wrong_entity';

function flawed(b: BuiltTask, flaw: Flaw, writeTools: Set<string>, rng: Rng): { calls: ToolCall[]; refs: VisualRef[] } | null {
  const calls = structuredClone(b.calls);
  const refs = structuredClone(b.gt.visual_refs);
  switch (flaw) {
    case 'order': {
      for (let i = 0; i + 1 < calls.length; i++) {
        if (JSON.stringify(calls[i]) !== JSON.stringify(calls[i + 1]) && !(writeTools.has(calls[i].tool_name) && writeTools.has(calls[i + 1].tool_name))) {
          [calls[i], calls[i + 1]] = [calls[i + 1], calls[i]];
          return { calls, refs };
        }
      }
      return null;
    }
    case 'missed_retrieval': {
      const reads = calls.map((c, i) => [c, i] as const).filter(([c]) => !writeTools.has(c.tool_name));
      if (reads.length < 2) return null;
      calls.splice(rng.pick(reads)[1], 1);
      return { calls, refs };
    }
    case 'wrong_quantity': {
      for (const c of calls) {
        if (!writeTools.has(c.tool_name)) continue;
        for (const k of ['qty', 'quantity', 'servings', 'count']) {
          if (typeof c.parameters[k] === 'number') {
            c.parameters[k] = (c.parameters[k] as number) + 1;
            return { calls, refs };
          }
        }
      }
      return null;
    }
    case 'wrong_entity': {
      const ref = refs[0];
      const others = b.clip.objects.map((o) => o.label).filter((n) => !refs.some((r) => r.entity === n));
      const wrong = rng.pick(others);
      const swap = (v: unknown): unknown =>
        typeof v === 'string' ? (v === ref.entity ? wrong : v) : Array.isArray(v) ? v.map(swap) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)])) : v;
      const out = calls.map((c) => ({ tool_name: c.tool_name, parameters: swap(c.parameters) as JsonObject }));
      ref.entity = wrong;
      return { calls: out, refs };
    }
  }
}

function jitter(refs: VisualRef[], rng: Rng): VisualRef[] {
  // The sample's references are all timed (only imported ones are not).
  return refs.map((r) => ({ ...r, start: Math.max(0, Math.round(((r.start ?? 0) + rng.int(-2, 2) / 10) * 10) / 10), end: Math.round(((r.end ?? 0) + rng.int(-2, 1) / 10) * 10) / 10 }));
}

export function makeAnnotations(built: BuiltTask[], writeTools: Map<string, Set<string>>): { alice: Annotation[]; bob: Annotation[] } {
  const rng = new Rng('annotations');
  const order = rng.shuffle(built.map((_, i) => i));
  const alice: Annotation[] = [];
  const bob: Annotation[] = [];
  let clock = Date.UTC(2026, 3, 20, 9, 0, 0);
  const stamp = () => {
    clock += rng.int(2, 25) * 60_000;
    return new Date(clock).toISOString().replace(/\.\d{3}Z$/, 'Z');
  };
  const flaws: Flaw[] = ['order', 'missed_retrieval', 'wrong_quantity', 'wrong_entity'];
  order.forEach((idx, k) => {
    const b = built[idx];
    const wt = writeTools.get(b.scenario.id)!;
    const who: ('alice' | 'bob')[] = k < 24 ? ['alice', 'bob'] : k < 27 ? ['alice'] : k < 29 ? ['bob'] : [];
    const gt: GroundTruth = b.gt;
    if (who.length === 0) {
      gt.source = 'adjudicated';
      gt.adjudicator = 'carol';
      gt.note = 'Not annotated yet; written directly by the adjudicator.';
      return;
    }
    // in 10 of the 24 double-annotated tasks one annotator's final answer differs from the truth
    let dissent: { who: 'alice' | 'bob'; flaw: Flaw; result: { calls: ToolCall[]; refs: VisualRef[] } } | null = null;
    if (who.length === 2 && k % 12 < 5) {
      const w = k % 2 === 0 ? 'alice' : 'bob';
      for (let j = 0; j < flaws.length && !dissent; j++) {
        const flaw = flaws[(k + j) % flaws.length];
        const r = flawed(b, flaw, wt, rng);
        if (r) dissent = { who: w, flaw, result: r };
      }
    }
    for (const name of who) {
      const out = name === 'alice' ? alice : bob;
      const final = dissent && dissent.who === name ? dissent.result : { calls: structuredClone(b.calls), refs: structuredClone(b.gt.visual_refs) };
      const half = Math.max(1, Math.ceil(b.calls.length / 2));
      out.push({ task_id: b.task.id, annotator: name, calls: structuredClone(b.calls.slice(0, half)), visual_refs: jitter(final.refs, rng), status: 'draft', revision: 1, updated_at: stamp() });
      // a few annotators submit a mistake first and fix it in a third revision
      const fixLater = !dissent && k % 5 === 1 && name === 'bob';
      if (fixLater) {
        const wrong = flawed(b, 'wrong_quantity', wt, rng) ?? flawed(b, 'missed_retrieval', wt, rng);
        if (wrong) out.push({ task_id: b.task.id, annotator: name, calls: wrong.calls, visual_refs: final.refs, status: 'submitted', revision: 2, updated_at: stamp() });
        out.push({ task_id: b.task.id, annotator: name, calls: final.calls, visual_refs: final.refs, status: 'submitted', revision: wrong ? 3 : 2, updated_at: stamp() });
      } else {
        out.push({ task_id: b.task.id, annotator: name, calls: final.calls, visual_refs: final.refs, status: k % 7 === 3 ? 'draft' : 'submitted', revision: 2, updated_at: stamp() });
      }
    }
    if (dissent) {
      gt.source = 'adjudicated';
      gt.adjudicator = 'carol';
      gt.note = `${dissent.who} ${({ order: 'ordered two calls differently', missed_retrieval: 'left out a retrieval', wrong_quantity: 'used a wrong quantity', wrong_entity: 'named a different object from the clip' })[dissent.flaw]}; the other annotation was kept.`;
    } else if (who.length === 1) {
      gt.source = 'adjudicated';
      gt.adjudicator = 'carol';
      gt.note = `Single annotation by ${who[0]}, reviewed.`;
    } else {
      gt.source = 'agreed';
    }
  });
  const byTime = (a: Annotation, b: Annotation) => a.updated_at.localeCompare(b.updated_at);
  return { alice: alice.sort(byTime), bob: bob.sort(byTime) };
}
