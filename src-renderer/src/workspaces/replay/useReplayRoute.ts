// The trajectory and call the address names (#/replay/<id>/<call>), and going to another: a route
// written here with history.pushState/replaceState, which fire no hashchange.
import { useCallback } from 'react';
import { useHashValue } from '../useHashValue';
import { routeShown } from '../workspaces';
import { parseReplayHash, replayHash } from './deepLink';

/**
 * How a move is written to the history: 'push' a new entry (a run picked with the mouse), 'replace'
 * the current one (a step through the calls), or 'walk': a run opened from the keyboard, one entry
 * for the whole walk (README), so Back returns to the run the walk started from.
 */
export type RouteMove = 'push' | 'replace' | 'walk';

/** Marks the history entry a keyboard walk writes (history.state). */
const WALK = 'replay-walk';

export function useReplayRoute() {
  const [link, setLink] = useHashValue(parseReplayHash);
  const go = useCallback(
    (id: string, step: number, move: RouteMove) => {
      const hash = replayHash(id, step);
      const walking = window.history.state === WALK;
      // A step keeps the entry's mark; a walk's first run is an entry of its own, its next ones replace it.
      if (move === 'replace' || (move === 'walk' && walking)) window.history.replaceState(window.history.state, '', hash);
      else window.history.pushState(move === 'walk' ? WALK : null, '', hash);
      routeShown(hash); // no hashchange tells useHashRoute
      setLink({ id, step });
    },
    [setLink],
  );
  return { link, go };
}
