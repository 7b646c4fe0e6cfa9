// What a workspace reads from the address (#/replay/<id>, #/adjudicate/<task>, ...), kept in step
// with it: a pasted link, Back and Forward change it. The setter is for a route the workspace wrote
// itself with history.replaceState/pushState, which fire no hashchange.
import { useEffect, useState } from 'react';

/** `parse` must be stable (a module function, or memoised). */
export function useHashValue<T>(parse: (hash: string) => T): [T, (value: T) => void] {
  const [value, setValue] = useState(() => parse(window.location.hash));
  useEffect(() => {
    const sync = () => setValue(parse(window.location.hash));
    window.addEventListener('hashchange', sync);
    return () => window.removeEventListener('hashchange', sync);
  }, [parse]);
  return [value, setValue];
}
