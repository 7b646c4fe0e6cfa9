// The parts of one VideoPlayer that live as long as it does, held in refs and shared by its
// hooks: the video.js player, the clock and stepper over its <video>, the source it shows.
import { useEffect, useRef, type RefObject } from 'react';
import type videojs from 'video.js';
import type { FrameClock } from './frameClock';
import type { FrameStepper } from './frameStepper';
import { sourceState, type SourceState } from './sourceState';
import type { VideoPlayerProps } from './videoPlayerTypes';

export type Player = ReturnType<typeof videojs>;

export interface PlayerParts {
  /** The element video.js draws into. */
  hostRef: RefObject<HTMLDivElement | null>;
  playerRef: RefObject<Player | null>;
  clockRef: RefObject<FrameClock | null>;
  stepperRef: RefObject<FrameStepper | null>;
  /** Points the clock at the player's current <video> (set up with the player). */
  bindClockRef: RefObject<() => void>;
  sourceRef: RefObject<SourceState>;
  /** The props of the last render, for the player's event handlers. */
  latestRef: RefObject<VideoPlayerProps>;
}

/** The player's refs (each the same object for the player's life), `latestRef` holding the last render's props. */
export function usePlayerParts(props: VideoPlayerProps): PlayerParts {
  const hostRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<Player | null>(null);
  const clockRef = useRef<FrameClock | null>(null);
  const stepperRef = useRef<FrameStepper | null>(null);
  const bindClockRef = useRef<() => void>(() => undefined);
  const sourceRef = useRef<SourceState>(sourceState(null));
  const latestRef = useRef(props);
  useEffect(() => {
    latestRef.current = props;
  });
  return { hostRef, playerRef, clockRef, stepperRef, bindClockRef, sourceRef, latestRef };
}
