// Dialogue turns and tool calls of a trajectory on one timeline: per turn, the user's messages,
// then the agent's tool calls (in file order), then the agent's replies.
import type { Trajectory } from '../../../../shared/format/types';

export type TimelineEntry =
  | { kind: 'message'; role: 'user' | 'agent'; turn: number; content: string; key: string }
  | { kind: 'call'; turn: number; entry: number; key: string };

export function timelineOf(trajectory: Trajectory): TimelineEntry[] {
  const turns = new Set<number>();
  trajectory.dialogue.forEach((m) => turns.add(m.turn ?? 0));
  trajectory.tool_calls.forEach((item) => turns.add(item.turn));
  const out: TimelineEntry[] = [];
  const callIndexByItem: number[] = [];
  let n = 0;
  for (const item of trajectory.tool_calls) {
    callIndexByItem.push(n);
    n += item.calls.length;
  }
  for (const turn of [...turns].sort((a, b) => a - b)) {
    trajectory.dialogue.forEach((m, i) => {
      if ((m.turn ?? 0) === turn && m.role === 'user') out.push({ kind: 'message', role: 'user', turn, content: m.content, key: `m${i}` });
    });
    trajectory.tool_calls.forEach((item, itemIndex) => {
      if (item.turn !== turn) return;
      item.calls.forEach((_, position) => {
        const entry = callIndexByItem[itemIndex] + position;
        out.push({ kind: 'call', turn, entry, key: `c${entry}` });
      });
    });
    trajectory.dialogue.forEach((m, i) => {
      if ((m.turn ?? 0) === turn && m.role === 'agent') out.push({ kind: 'message', role: 'agent', turn, content: m.content, key: `m${i}` });
    });
  }
  return out;
}

/** The entry index an evidence object points at (SPEC §9: evidence.entry), or null. */
export function evidenceEntry(evidence: unknown): number | null {
  if (typeof evidence !== 'object' || evidence === null) return null;
  const e = evidence as { entry?: unknown; extra_calls?: unknown };
  if (typeof e.entry === 'number') return e.entry;
  if (Array.isArray(e.extra_calls) && e.extra_calls.length > 0) {
    const first = e.extra_calls[0] as { entry?: unknown };
    if (typeof first?.entry === 'number') return first.entry;
  }
  return null;
}
