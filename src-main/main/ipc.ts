// Registers every channel of the studio API on ipcMain through one helper that checks the
// sender frame and the arguments before any handler runs. Nothing else calls ipcMain.handle.
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { ipcInvokeChannel } from '../../shared/api/ipc-channels';
import { studioChannelNames, type StudioHandlers } from '../../shared/api/studio-api';
import { StudioError } from '../../shared/api/studio-error';
import { invokeStudioHandler } from '../services/studio-handlers';

export function registerStudioIpc(
  ipcMain: Pick<IpcMain, 'handle'>,
  handlers: StudioHandlers,
  isTrustedSender: (frameUrl: string) => boolean,
): void {
  for (const name of studioChannelNames) {
    ipcMain.handle(ipcInvokeChannel(name), async (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      try {
        const frameUrl = event.senderFrame?.url;
        if (!frameUrl || !isTrustedSender(frameUrl)) {
          throw new StudioError('forbidden', `IPC ${name} refused: sender is not the studio renderer`);
        }
        return await invokeStudioHandler(handlers, name, args);
      } catch (error) {
        const studioError = StudioError.from(error);
        if (studioError.code === 'internal') console.error(`ipc ${name}:`, error);
        // Only the message survives IPC, so the code travels in it.
        throw new Error(studioError.toWireMessage(), { cause: error });
      }
    });
  }
}
