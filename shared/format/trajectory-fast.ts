// A fast path for the commonest record, a well-formed trajectory line: plain checks that accept
// only what `trajectorySchema` accepts and build the same value. Anything unusual returns null
// and goes through zod, which also words the problem. (zod costs twice JSON.parse per line.)
import type { DialogueMessage, ToolCallItem, Trajectory } from './types';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isFinite(v) && v >= 0);
const isId = (v: unknown) => (typeof v === 'string' && v.length > 0) || (typeof v === 'number' && Number.isFinite(v));

export function fastTrajectory(value: unknown): Trajectory | null {
  if (!isObject(value)) return null;
  const { id, task_id, model, mode, dialogue, tool_calls } = value;
  if (!isId(id) || !isId(task_id)) return null;
  if (typeof model !== 'string' || model === '' || typeof mode !== 'string' || mode === '') return null;
  if (!isCount(value.rounds_count) || !isCount(value.input_tokens) || !isCount(value.output_tokens) || !isCount(value.tool_calls_count)) return null;

  const messages: DialogueMessage[] = [];
  if (dialogue !== undefined) {
    if (!Array.isArray(dialogue)) return null;
    for (const m of dialogue) {
      if (!isObject(m) || typeof m.role !== 'string' || typeof m.content !== 'string') return null;
      if (m.turn !== undefined && (typeof m.turn !== 'number' || !Number.isFinite(m.turn))) return null;
      messages.push(m as unknown as DialogueMessage);
    }
  }
  const items: ToolCallItem[] = [];
  if (tool_calls !== undefined) {
    if (!Array.isArray(tool_calls)) return null;
    let previousTurn = 0;
    for (const item of tool_calls) {
      if (!isObject(item) || !Array.isArray(item.calls)) return null; // legacy items: zod's path
      if (item.turn !== undefined && (typeof item.turn !== 'number' || !Number.isFinite(item.turn))) return null;
      previousTurn = (item.turn as number | undefined) ?? previousTurn;
      items.push({ turn: previousTurn, calls: item.calls, results: item.results });
    }
  }
  return { ...value, id: String(id), task_id: String(task_id), model, mode, dialogue: messages, tool_calls: items } as Trajectory;
}
