// What a clip's VideoPlayer reports (the frame on screen, the media's metadata, playing or not,
// an error, a file cut short), written into its controller's store.
import { useCallback, useEffect, useRef } from 'react';
import { isDatasetRelativePath } from '../../../shared/format/dataset-path';
import type { ClipController } from './clipController';
import { traceClip } from './clipTrace';
import { fileIsMissing, NOT_THERE, OUTSIDE_DATASET } from './missingClip';
import type { VideoMeta, VideoPlayerProps } from './videoPlayerTypes';

export type PlayerReports = Pick<VideoPlayerProps, 'onFrame' | 'onMeta' | 'onPlayingChange' | 'onError' | 'onCutShort' | 'onFileFrames'>;

/** The player's callbacks for the clip `src` (the dataset's `videoName`) at `fps`. */
export function usePlayerReports(controller: ClipController, src: string | null, videoName: string, declaredFps: number | undefined, fps: number): PlayerReports {
  const { store } = controller;
  const onMeta = useCallback((meta: VideoMeta) => controller.metaLoaded(meta, declaredFps, fps), [controller, declaredFps, fps]);
  const onFrame = useCallback(
    (frame: number) => {
      traceClip('frame', frame);
      store.setState({ frame });
    },
    [store],
  );
  const onPlayingChange = useCallback((playing: boolean) => store.setState({ playing }), [store]);
  const currentSrc = useRef(src);
  useEffect(() => {
    currentSrc.current = src;
  }, [src]);
  const onError = useCallback(
    (message: string) => {
      if (!isDatasetRelativePath(videoName)) {
        store.setState({ clipError: OUTSIDE_DATASET });
        return;
      }
      store.setState({ clipError: message });
      // The <video> says the same of a file that is not there and of one it cannot play: the host's
      // answer tells them apart (an imported release ships no clips).
      if (src)
        void fileIsMissing(src).then((missing) => {
          if (missing && currentSrc.current === src && store.getState().clipError === message) store.setState({ clipError: NOT_THERE });
        });
    },
    [store, src, videoName],
  );
  const onCutShort = useCallback((end: number, declared: number) => store.setState({ clipCutShort: { end, declared } }), [store]);
  const onFileFrames = useCallback((frames: number) => store.setState({ clipFileFrames: frames }), [store]);
  return { onFrame, onMeta, onPlayingChange, onError, onCutShort, onFileFrames };
}
