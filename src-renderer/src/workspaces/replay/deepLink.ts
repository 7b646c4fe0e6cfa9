// Deep links to a trajectory and step: `#/replay/<trajectory id>/<step>`. Ids may contain
// slashes (model/mode/task), so the id is URI-encoded; a raw id with slashes is accepted too.
// Steps are 1-based call numbers in the link (0: the trajectory without a selected call).

export interface ReplayLink {
  id: string;
  step: number;
}

export function replayHash(id: string, step?: number): string {
  return `#/replay/${encodeURIComponent(id)}${step !== undefined ? `/${step}` : ''}`;
}

export function parseReplayHash(hash: string): ReplayLink | null {
  const match = /^#?\/?replay\/(.+)$/.exec(hash);
  if (!match) return null;
  let rest = match[1];
  let step = 0;
  const last = /\/(\d+)$/.exec(rest);
  if (last) {
    step = Number(last[1]);
    rest = rest.slice(0, last.index);
  }
  if (rest === '') return null;
  let id: string;
  try {
    id = decodeURIComponent(rest);
  } catch {
    id = rest;
  }
  return { id, step };
}
