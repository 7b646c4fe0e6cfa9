// A value once it stopped changing for a moment: what a person is still typing is not acted on
// letter by letter (an adjudicator's name names a file; "al" on the way to "alice" is someone else's).
import { useEffect, useState } from 'react';

/** `value` as it was `ms` after its last change; its first value at once. */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
