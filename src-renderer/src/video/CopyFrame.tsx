// The transport's "Copy frame" button (Shift+C does the same) and what came of the last copy.
import { useSyncExternalStore } from 'react';
import type { ClipController } from './clipController';

/** Copy the frame on screen to the clipboard as a PNG, and what came of the last copy. */
export function CopyFrame({ controller, disabled = false }: { controller: ClipController; disabled?: boolean }) {
  const copied = useSyncExternalStore(controller.onCopied, () => controller.copied);
  return (
    <span className="copy-frame">
      <button type="button" disabled={disabled} onClick={() => void controller.copyFrame()} title="Copy the frame on screen as a PNG image (Shift+C)" data-testid="copy-frame">
        Copy frame
      </button>
      <span className="muted" role="status" data-testid="copy-frame-status" data-ok={copied?.ok}>
        {copied === null ? '' : copied.ok ? `frame ${copied.frame} copied as PNG` : `not copied: ${copied.message}`}
      </span>
    </span>
  );
}
