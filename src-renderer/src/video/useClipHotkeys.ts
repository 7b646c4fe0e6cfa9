// The keymap's clip actions (D/F, C/V, Space, Shift+C) for one player, while it is shown.
import { useHotkeyAction } from '../hotkeys/useHotkeys';
import type { ClipController } from './clipController';

export function useClipHotkeys(controller: ClipController): void {
  useHotkeyAction('clip.play', controller.togglePlay);
  useHotkeyAction('clip.frame-back', () => void controller.stepFrames(-1));
  useHotkeyAction('clip.frame-forward', () => void controller.stepFrames(1));
  useHotkeyAction('clip.ten-back', () => void controller.stepFrames(-10));
  useHotkeyAction('clip.ten-forward', () => void controller.stepFrames(10));
  useHotkeyAction('clip.copy-frame', () => void controller.copyFrame());
}
