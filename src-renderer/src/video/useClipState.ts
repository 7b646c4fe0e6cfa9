// A clip controller's state in React: one value of it, re-rendering when that value changes.
import { useSyncExternalStore } from 'react';
import type { ClipController, ClipState } from './clipController';

export function useClipState<T>(controller: ClipController, select: (state: ClipState) => T): T {
  return useSyncExternalStore(controller.store.subscribe, () => select(controller.store.getState()));
}
