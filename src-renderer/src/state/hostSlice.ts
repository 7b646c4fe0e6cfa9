// What the host says about itself (app.info): version, platform, Electron or browser.
import type { StateCreator } from 'zustand';
import type { AppInfo } from '../../../shared/api/studio-api';
import { studioApi } from '../api/studio';
import { describeHostFailure } from './hostErrors';
import type { StudioState } from './store';

export interface HostSlice {
  appInfo: AppInfo | null;
  loadAppInfo(): Promise<void>;
}

export const createHostSlice: StateCreator<StudioState, [], [], HostSlice> = (set, get) => ({
  appInfo: null,
  loadAppInfo: async () => {
    try {
      set({ appInfo: await studioApi().app.info() });
    } catch (error) {
      get().showMessage(describeHostFailure('Cannot reach the studio host', error), 'error');
    }
  },
});
