// The Replay view the address names (routes.ts): the task matrix, the compare view, the audit; null for the list.
import { parseReplayView, type ReplayView } from './routes';
import { useHashValue } from '../useHashValue';

export function useReplayView(): ReplayView | null {
  return useHashValue(parseReplayView)[0];
}
