// What the host says about itself (app.info): version, platform, Electron or browser.
import type { StateCreator } from 'zustand';
import type { AppInfo } from '../../../shared/api/studio-api';
import { StudioError } from '../../../shared/api/studio-error';
import { studioApi } from '../api/studio';
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
      get().showMessage(`Cannot reach the host: ${StudioError.from(error).message}`, 'error');
    }
  },
});
