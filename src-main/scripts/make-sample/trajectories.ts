// Deterministic synthetic agent runs in the paper's case-study format (SPEC §6), with the
// failures agents make injected on purpose. Each run carries the label it is built to get.
import type { Json, JsonObject, ToolCall, ToolDef } from '../../../shared/format/types';
import type { ScenarioEngine } from '../../../shared/engine/types';
import { Rng, round2 } from './prng';
import type { BuiltTask } from './build';
import { entityRows } from './build';

export const MODELS = ['gpt-sim-4o', 'qwen-sim-72b', 'llama-sim-70b'] as const;
export const MODES = ['dynamic_easy', 'dynamic_hard', 'static'] as const;
export type Mode = (typeof MODES)[number];

export type Intent =
  | 'correct'
  | 'correct_extra_read'
  | 'syn_no_parameters'
  | 'syn_parameters_string'
  | 'syn_unknown_tool'
  | 'syn_schema'
  | 'syn_static_ask'
  | 'perception'
  | 'hall_user_id'
  | 'hall_price'
  | 'logic_skip_read'
  | 'logic_missing_write'
  | 'logic_wrong_branch'
  | 'over_extra_write'
  | 'over_duplicate';

export const LABEL_OF: Record<Intent, string> = {
  correct: 'correct', correct_extra_read: 'correct',
  syn_no_parameters: 'syntactic', syn_parameters_string: 'syntactic', syn_unknown_tool: 'syntactic', syn_schema: 'syntactic', syn_static_ask: 'syntactic',
  perception: 'perception', hall_user_id: 'hallucination', hall_price: 'hallucination',
  logic_skip_read: 'logic', logic_missing_write: 'logic', logic_wrong_branch: 'logic',
  over_extra_write: 'over_operation', over_duplicate: 'over_operation',
};

const HARD_NOISE = [
  'Although I had checked the price ranges before, I never knew which ones were really discounted.',
  'By the way, my friend told me the store moved some shelves around last week.',
  'I changed a few things in my account last month, but that should not matter now.',
  'Sorry, it is a bit noisy here and I keep getting distracted.',
  'I think I asked something similar last time, but I forgot the answer.',
  'My sister usually does this, so bear with me.',
];
const STATIC_TAIL = ' I have stated all my requirements. Please do not ask me anything further. Complete all of these requirements before speaking to me again.';

interface PlannedTurn {
  user: string;
  calls: unknown[]; // raw entries, kept as written
  agentAsks?: string; // the agent replies with a question and no calls
}

export interface Trajectory {
  id: string;
  task_id: string;
  model: string;
  mode: Mode;
  dialogue: { role: 'user' | 'agent'; turn: number; content: string }[];
  tool_calls: { turn: number; calls: unknown[]; results?: Json }[];
  rounds_count: number;
  input_tokens: number;
  output_tokens: number;
  tool_calls_count: number;
}

function deepReplace(v: Json, from: string, to: string): Json {
  if (typeof v === 'string') return v === from ? to : v;
  if (Array.isArray(v)) return v.map((x) => deepReplace(x, from, to));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deepReplace(x, from, to)]));
  return v;
}

function stripSentencesWith(text: string, needle: string): string {
  return text.split(/(?<=[.?!])\s+/).filter((s) => !s.includes(needle)).join(' ').trim();
}

/** Numbers a run may draw on before a call: digits in user messages and numbers in earlier results. */
function collectNumbers(v: unknown, out: number[]): void {
  if (typeof v === 'number') out.push(v);
  else if (typeof v === 'string') for (const m of v.matchAll(/-?\d+(\.\d+)?/g)) out.push(Number(m[0]));
  else if (Array.isArray(v)) v.forEach((x) => collectNumbers(x, out));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => collectNumbers(x, out));
}

export interface Context {
  built: BuiltTask;
  engine: ScenarioEngine;
  tools: Map<string, ToolDef>;
  writeTools: Set<string>;
}

function stateKey(ctx: Context, calls: unknown[]): string {
  const key = JSON.stringify(ctx.engine.execute(calls).state);
  ctx.engine.reset();
  return key;
}

/** Positions (in the flat call list) of writes whose repetition changes the final state. */
function duplicableWrites(ctx: Context): number[] {
  const calls = ctx.built.calls;
  const gtKey = stateKey(ctx, calls);
  const out: number[] = [];
  calls.forEach((c, i) => {
    if (!ctx.writeTools.has(c.tool_name)) return;
    const dup = [...calls.slice(0, i + 1), c, ...calls.slice(i + 1)];
    if (stateKey(ctx, dup) !== gtKey) out.push(i);
  });
  return out;
}

function extraBranchChangesState(ctx: Context): boolean {
  const wb = ctx.built.spec.wrong_branch;
  if (!wb) return false;
  const gtJson = new Set(ctx.built.spec.turns[wb.at].calls.map((c) => JSON.stringify(c)));
  const extra = wb.calls.filter((c) => !gtJson.has(JSON.stringify(c)) && ctx.writeTools.has(c.tool_name));
  if (!extra.length) return false;
  return stateKey(ctx, [...ctx.built.calls, ...extra]) !== stateKey(ctx, ctx.built.calls);
}

const feasibleCache = new Map<Context['built'], { dup: number[]; extra: boolean }>();

/** The intents a task allows (some need a write with a price, a wrong branch, ...). */
export function feasible(ctx: Context, mode: Mode): Intent[] {
  if (!feasibleCache.has(ctx.built)) feasibleCache.set(ctx.built, { dup: duplicableWrites(ctx), extra: extraBranchChangesState(ctx) });
  const cached = feasibleCache.get(ctx.built)!;
  const { spec } = ctx.built;
  const calls = ctx.built.calls;
  const writes = calls.filter((c) => ctx.writeTools.has(c.tool_name));
  const reads = calls.filter((c) => !ctx.writeTools.has(c.tool_name));
  const out: Intent[] = ['correct', 'correct_extra_read', 'syn_no_parameters', 'syn_parameters_string', 'syn_unknown_tool', 'perception', 'logic_missing_write'];
  if (cached.dup.length) out.push('over_duplicate');
  if (writes.some((c) => Object.values(c.parameters).some((v) => Number.isInteger(v)))) out.push('syn_schema');
  if (mode === 'static') out.push('syn_static_ask');
  if (calls.some((c) => typeof c.parameters.user_id === 'string')) out.push('hall_user_id');
  if (writes.some((c) => typeof c.parameters.price === 'number' || typeof c.parameters.unit_price === 'number')) out.push('hall_price');
  if (reads.length >= 2) out.push('logic_skip_read');
  if (spec.wrong_branch) out.push('logic_wrong_branch');
  if (cached.extra) out.push('over_extra_write');
  return out;
}

export function planRun(ctx: Context, intent: Intent, mode: Mode, rng: Rng, attempt = 0): PlannedTurn[] {
  const { spec } = ctx.built;
  const uid = spec.user_id;
  let turns: PlannedTurn[] = spec.turns.map((t) => ({ user: t.user, calls: t.calls.map((c) => structuredClone(c) as unknown) }));
  const isWrite = (c: unknown) => ctx.writeTools.has((c as ToolCall).tool_name);
  const pickIndex = (pred: (c: ToolCall) => boolean, prefer: 'first' | 'last' | 'random' = 'random'): [number, number] | null => {
    const found: [number, number][] = [];
    turns.forEach((t, ti) => t.calls.forEach((c, ci) => pred(c as ToolCall) && found.push([ti, ci])));
    if (!found.length) return null;
    return prefer === 'first' ? found[0] : prefer === 'last' ? found[found.length - 1] : rng.pick(found);
  };

  switch (intent) {
    case 'correct':
      break;
    case 'correct_extra_read': {
      // re-checks something harmless once more
      const at = pickIndex((c) => !isWrite(c));
      if (at) turns[at[0]].calls.splice(at[1] + 1, 0, structuredClone(turns[at[0]].calls[at[1]]));
      break;
    }
    case 'syn_no_parameters': {
      const at = pickIndex((c) => !isWrite(c), 'first')!;
      const c = turns[at[0]].calls[at[1]] as ToolCall;
      turns[at[0]].calls[at[1]] = rng.chance(0.5) ? { tool_name: c.tool_name } : { tool_name: c.tool_name, arguments: c.parameters };
      break;
    }
    case 'syn_parameters_string': {
      const at = pickIndex(() => true)!;
      const c = turns[at[0]].calls[at[1]] as ToolCall;
      turns[at[0]].calls[at[1]] = { tool_name: c.tool_name, parameters: JSON.stringify(c.parameters) };
      break;
    }
    case 'syn_unknown_tool': {
      const at = pickIndex((c) => !isWrite(c))!;
      const c = turns[at[0]].calls[at[1]] as ToolCall;
      const invented = c.tool_name.startsWith('get_') ? c.tool_name.replace(/^get_/, 'lookup_') : `search_${c.tool_name.replace(/^find_/, '')}`;
      turns[at[0]].calls[at[1]] = { tool_name: invented, parameters: c.parameters };
      break;
    }
    case 'syn_schema': {
      const at = pickIndex((c) => isWrite(c) && Object.values(c.parameters).some((v) => Number.isInteger(v)))!;
      const c = structuredClone(turns[at[0]].calls[at[1]]) as ToolCall;
      const key = Object.keys(c.parameters).find((k) => Number.isInteger(c.parameters[k]))!;
      c.parameters[key] = String(c.parameters[key]); // "2" instead of 2
      turns[at[0]].calls[at[1]] = c;
      break;
    }
    case 'syn_static_ask':
      break; // shaped in buildRun
    case 'perception': {
      const entities = spec.refs.map((r) => r.entity);
      const e = rng.pick(entities);
      const scene = ctx.built.clip.objects.map((o) => o.label).filter((n) => !entities.includes(n));
      const others = spec.actions.map((a) => a[1]).filter((n) => !entities.includes(n));
      const wrong = others.length ? rng.pick(others) : rng.pick(scene);
      const rows = entityRows(ctx.built.scenario);
      const col = ctx.built.scenario.entity.column;
      const re = rows.find((r) => r[col] === e)!;
      const rw = rows.find((r) => r[col] === wrong)!;
      turns = turns.map((t) => ({
        ...t,
        calls: t.calls.map((raw) => {
          const c = raw as ToolCall;
          const p = deepReplace(c.parameters, e, wrong) as JsonObject;
          const mentions = JSON.stringify(c.parameters).includes(JSON.stringify(e));
          if (mentions && isWrite(c)) {
            for (const k of Object.keys(p)) if (k in re && k !== col && re[k] === p[k] && rw[k] !== null && rw[k] !== undefined) p[k] = rw[k] as Json;
          }
          return { tool_name: c.tool_name, parameters: p };
        }),
      }));
      break;
    }
    case 'hall_user_id': {
      const fake = `user_${rng.int(1000, 9899)}`;
      turns = turns.map((t) => ({
        user: stripSentencesWith(t.user, uid) || t.user.replace(uid, 'me'),
        calls: t.calls.map((c) => deepReplace((c as ToolCall) as unknown as Json, uid, fake)),
      }));
      break;
    }
    case 'hall_price': {
      const at = pickIndex((c) => isWrite(c) && (typeof c.parameters.price === 'number' || typeof c.parameters.unit_price === 'number'))!;
      const w = turns[at[0]].calls[at[1]] as ToolCall;
      const key = typeof w.parameters.price === 'number' ? 'price' : 'unit_price';
      const entityVal = Object.values(w.parameters).find((v) => typeof v === 'string' && v !== uid && entityRows(ctx.built.scenario).some((r) => r[ctx.built.scenario.entity.column] === v));
      // the agent never looks the entity's price up: drop the earlier reads about it
      turns = turns.map((t, ti) => ({
        ...t,
        calls: t.calls.filter((c, ci) => {
          if (ti > at[0] || (ti === at[0] && ci >= at[1])) return true;
          const cc = c as ToolCall;
          return isWrite(cc) || !JSON.stringify(cc.parameters).includes(JSON.stringify(entityVal));
        }),
      }));
      const w2 = structuredClone(w);
      const orig = w.parameters[key] as number;
      w2.parameters[key] = round2(Math.floor(orig * 1.15) + 0.95 + (orig > 20 ? 2 : 0));
      turns = turns.map((t) => ({ ...t, calls: t.calls.map((c) => (c === w ? w2 : c)) }));
      break;
    }
    case 'logic_skip_read': {
      // a read whose results later calls do not need (later attempts try earlier reads)
      const found: [number, number][] = [];
      turns.forEach((t, ti) => t.calls.forEach((c, ci) => !isWrite(c) && found.push([ti, ci])));
      const at = found[Math.max(0, found.length - 1 - attempt)];
      turns[at[0]].calls.splice(at[1], 1);
      break;
    }
    case 'logic_missing_write': {
      const at = pickIndex((c) => isWrite(c), 'last')!;
      turns[at[0]].calls.splice(at[1], 1);
      break;
    }
    case 'logic_wrong_branch': {
      const wb = spec.wrong_branch!;
      turns[wb.at].calls = wb.calls.map((c) => structuredClone(c));
      break;
    }
    case 'over_extra_write': {
      // both branches: the right one, then the writes of the branch not taken
      const wb = spec.wrong_branch!;
      const gtJson = new Set(turns[wb.at].calls.map((c) => JSON.stringify(c)));
      const extra = wb.calls.filter((c) => !gtJson.has(JSON.stringify(c)) && isWrite(c));
      if (extra.length) {
        turns[wb.at].calls.push(...extra.map((c) => structuredClone(c)));
        break;
      }
      const at = pickIndex((c) => isWrite(c), 'last')!;
      turns[at[0]].calls.splice(at[1] + 1, 0, structuredClone(turns[at[0]].calls[at[1]]));
      break;
    }
    case 'over_duplicate': {
      const dup = feasibleCache.get(ctx.built)?.dup ?? [];
      const flat = dup.length ? dup[attempt % dup.length] : -1;
      let k = 0;
      let done = false;
      turns.forEach((t) => {
        const n = t.calls.length;
        if (!done && flat >= k && flat < k + n) {
          t.calls.splice(flat - k + 1, 0, structuredClone(t.calls[flat - k]));
          done = true;
        }
        k += n;
      });
      break;
    }
  }
  return turns;
}

function summarize(result: Json): string {
  const s = JSON.stringify(result);
  if (result && typeof result === 'object' && !Array.isArray(result) && 'message' in result) return String((result as JsonObject).message);
  return s.length > 180 ? s.slice(0, 177) + '...' : s;
}

export function buildRun(ctx: Context, model: string, mode: Mode, intent: Intent, attempt: number, encodingShares: [number, number, number]): Trajectory {
  const b = ctx.built;
  const rng = new Rng(`run:${model}:${mode}:${b.task.id}:${attempt}`);
  const encoding = () => {
    const x = rng.next();
    return x < encodingShares[0] ? 'array' : x < encodingShares[0] + encodingShares[1] ? 'string' : 'none';
  };
  let planned = planRun(ctx, intent, mode, rng, attempt);
  if (mode === 'dynamic_hard') {
    planned = planned.map((t, i) => (i === 0 || rng.chance(0.5) ? { ...t, user: `${t.user} ${rng.pick(HARD_NOISE)}` } : t));
  }
  if (mode === 'static') {
    const all = planned.flatMap((t) => t.calls);
    const text = planned.map((t) => t.user).join(' ') + STATIC_TAIL;
    if (intent === 'syn_static_ask') {
      const lastWrite = [...all.keys()].filter((i) => ctx.writeTools.has((all[i] as ToolCall).tool_name)).pop() ?? all.length;
      const partial = rng.chance(0.5) ? all.slice(0, lastWrite) : [];
      planned = [
        { user: text, calls: [], agentAsks: 'Before I change anything, could you confirm which item you mean and that you want me to go ahead?' },
        { user: 'I have already stated all my requirements. Please just do it.', calls: partial, agentAsks: partial.length ? 'I have checked the details. Shall I now go ahead with the changes to your account?' : undefined },
      ];
    } else {
      planned = [{ user: text, calls: all }];
    }
  }

  ctx.engine.reset();
  const dialogue: Trajectory['dialogue'] = [];
  const items: Trajectory['tool_calls'] = [];
  let inTok = 0;
  let outTok = 0;
  let nCalls = 0;
  planned.forEach((t, turn) => {
    dialogue.push({ role: 'user', turn, content: t.user });
    const summaries: string[] = [];
    // split the turn's calls into items of one to three parallel calls
    let i = 0;
    while (i < t.calls.length) {
      const n = Math.min(t.calls.length - i, rng.pick([1, 1, 2, 3]));
      const calls = t.calls.slice(i, i + n);
      i += n;
      const results = calls.map((c) => ctx.engine.call(c).result as Json);
      nCalls += calls.length;
      summaries.push(...results.map(summarize));
      const enc = encoding();
      const item: Trajectory['tool_calls'][number] = { turn, calls };
      if (enc === 'string') item.results = results.map((r) => JSON.stringify(r)).join('; ');
      else if (enc === 'array') {
        item.results = calls.map((c, k) => {
          const cc = c as Record<string, unknown>;
          const m: JsonObject = { role: 'tool' };
          if (typeof cc.tool_name === 'string') m.tool_name = cc.tool_name;
          if (cc.parameters !== undefined) m.parameters = cc.parameters as Json;
          m.content = JSON.stringify(results[k]);
          return m;
        });
      }
      items.push(item);
      inTok += 1800 + rng.int(200, 900) * calls.length;
    }
    const reply = t.agentAsks ?? (summaries.length
      ? `I used the tools for your request. ${summaries.slice(-3).join(' ')}`
      : 'I could not find what you need.');
    dialogue.push({ role: 'agent', turn, content: reply });
    inTok += 7000 + turn * 4200 + rng.int(0, 2500);
    outTok += 120 + rng.int(0, 260) + 70 * t.calls.length;
  });
  ctx.engine.reset();
  return {
    id: `${model}/${mode}/${b.task.id}`,
    task_id: b.task.id,
    model,
    mode,
    dialogue,
    tool_calls: items,
    rounds_count: planned.length,
    input_tokens: inTok,
    output_tokens: outTok,
    tool_calls_count: nCalls,
  };
}

/** Checks a hallucination run really invents a number or id, and that no other run does (approx. SPEC §9.3). */
export function numbersOf(t: Trajectory): number[] {
  const out: number[] = [];
  for (const m of t.dialogue) if (m.role === 'user') collectNumbers(m.content, out);
  for (const it of t.tool_calls) collectNumbers(it.results ?? null, out);
  return out;
}
