// Once the metadata is known, whether the file holds what it declares: a copy broken off plays
// (black, with no error, when it ends right after its header) while the counter runs to the end.
// Then how many frames it holds, every packet counted, which the clip compares with its count.
import { useEffect } from 'react';
import { heldBlob } from './clipCache';
import { countClipFrames, isCutShort, probeClipLength } from './frameCache';
import type { PlayerParts } from './playerParts';

/** Probes the clip held in memory once `meta` (its metadata is loaded) and reports it if it is cut short. */
export function useCutShortProbe(parts: PlayerParts, meta: boolean, src: string | null): void {
  const { latestRef } = parts;
  useEffect(() => {
    const blob = meta && src ? heldBlob(src) : null;
    if (!blob) return;
    let current = true;
    void probeClipLength(blob).then((length) => {
      if (current && isCutShort(length, latestRef.current.fps)) latestRef.current.onCutShort?.(length.end!, length.declared!);
    });
    void countClipFrames(blob).then((frames) => {
      if (current && frames !== null) latestRef.current.onFileFrames?.(frames);
    });
    return () => {
      current = false;
    };
  }, [latestRef, meta, src]);
}
