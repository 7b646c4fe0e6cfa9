// Replay's views besides one trajectory: `#/replay/matrix`, `#/replay/audit` and
// `#/replay/compare/<id>,<id>[,...]` (two to four runs; each id URI-encoded, so an id's own
// slashes and commas survive; a raw id with slashes is accepted too).

export type ReplayView = { kind: 'matrix' } | { kind: 'audit' } | { kind: 'compare'; ids: string[] };

export const MATRIX_HASH = '#/replay/matrix';
export const AUDIT_HASH = '#/replay/audit';

export function compareHash(ids: readonly string[]): string {
  return `#/replay/compare/${ids.map(encodeURIComponent).join(',')}`;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The view a hash names, or null for the list and a trajectory (`#/replay/<id>/<step>`). */
export function parseReplayView(hash: string): ReplayView | null {
  const rest = /^#?\/?replay\/(.*)$/.exec(hash)?.[1];
  if (rest === undefined) return null;
  if (rest === 'matrix') return { kind: 'matrix' };
  if (rest === 'audit') return { kind: 'audit' };
  const compare = /^compare\/(.+)$/.exec(rest);
  if (!compare) return null;
  const ids = compare[1].split(',').filter(Boolean).map(decode);
  return { kind: 'compare', ids };
}
