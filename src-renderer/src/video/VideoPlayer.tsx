// The clip: video.js around an HTML5 <video>, driven in integer frames. The parent owns the
// domain state (current frame, rate, loop); this component turns it into media operations and
// reports the frame actually presented (requestVideoFrameCallback) back.
//
// One video.js player lives as long as the component: a new task changes its source (from the
// in-memory clip cache when the clip is held there), it is never torn down and rebuilt.
import { forwardRef, useEffect, useImperativeHandle, useState } from 'react';
import { usePlayerParts } from './playerParts';
import { useCutShortProbe } from './useCutShortProbe';
import { useDecodedSteps } from './useDecodedSteps';
import { useSourceSwitch } from './useSourceSwitch';
import { useVideoJsPlayer } from './useVideoJsPlayer';
import type { VideoHandle, VideoPlayerProps } from './videoPlayerTypes';

export const VideoPlayer = forwardRef<VideoHandle, VideoPlayerProps>(function VideoPlayer(props, ref) {
  const parts = usePlayerParts(props);
  const { hostRef, playerRef, clockRef, stepperRef, sourceRef } = parts;
  // The source whose metadata is loaded / whose first frame has been presented (keyed by source,
  // so nothing reads as ready between a source change and the effect that loads it).
  const [metaOf, setMetaOf] = useState<string | null>(null);
  const [shownOf, setShownOf] = useState<string | null>(null);
  const meta = props.src !== null && metaOf === props.src;
  const shown = props.src !== null && shownOf === props.src;

  useImperativeHandle(ref, () => ({
    seekFrame: async (frame) => {
      const state = sourceRef.current;
      await state.ready;
      // A seek asked for a clip that has been replaced meanwhile is not the new clip's.
      if (sourceRef.current !== state) return frame;
      return (await stepperRef.current?.seek(frame)) ?? frame;
    },
    play: () => {
      // From the frame on screen: the <video> may not have caught up with decoded steps yet.
      void (stepperRef.current?.sync() ?? Promise.resolve()).then(() => playerRef.current?.play()?.catch(() => undefined));
    },
    pause: () => {
      // Already paused (the usual case while stepping): nothing to do.
      if (playerRef.current && !playerRef.current.paused()) playerRef.current.pause();
    },
    isPaused: () => playerRef.current?.paused() ?? true,
  }));

  useVideoJsPlayer(parts, setMetaOf, setShownOf);
  useSourceSwitch(parts, props.src);

  useEffect(() => {
    clockRef.current?.setFps(props.fps);
  }, [clockRef, props.fps]);

  useCutShortProbe(parts, meta, props.src);
  useDecodedSteps(parts, shown && meta, props.src, props.fps);

  // Loading a new source sets the element's rate back to its default (the media load algorithm):
  // `meta` (the new clip's metadata known) applies the chosen rate again.
  useEffect(() => {
    playerRef.current?.playbackRate(props.rate);
  }, [playerRef, props.rate, meta]);

  // data-ready: the first frame of the current source has been presented; data-meta: its metadata is known.
  return <div ref={hostRef} className="video-host" data-src={props.src ?? ''} data-meta={meta ? 'true' : 'false'} data-ready={shown ? 'true' : 'false'} />;
});
