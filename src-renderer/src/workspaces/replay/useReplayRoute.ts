// The trajectory and call the address names (#/replay/<id>/<call>), and going to another: a route
// written here with history.pushState/replaceState, which fire no hashchange.
import { useCallback } from 'react';
import { useHashValue } from '../useHashValue';
import { routeShown } from '../workspaces';
import { parseReplayHash, replayHash } from './deepLink';

export function useReplayRoute() {
  const [link, setLink] = useHashValue(parseReplayHash);
  const go = useCallback(
    (id: string, step: number, replace: boolean) => {
      const hash = replayHash(id, step);
      if (replace) window.history.replaceState(null, '', hash);
      else window.history.pushState(null, '', hash);
      routeShown(hash); // no hashchange tells useHashRoute
      setLink({ id, step });
    },
    [setLink],
  );
  return { link, go };
}
