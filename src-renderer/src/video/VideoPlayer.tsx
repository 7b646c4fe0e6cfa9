// The clip: video.js around an HTML5 <video>, driven in integer frames. The parent owns the
// domain state (current frame, rate, loop); this component turns it into media operations and
// reports the frame actually presented (requestVideoFrameCallback) back.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import videojs from 'video.js';
import { estimateFps } from '../../../shared/frames/frames';
import { FrameClock } from './frameClock';

type Player = ReturnType<typeof videojs>;

export interface VideoHandle {
  seekFrame(frame: number): Promise<number>;
  play(): void;
  pause(): void;
  isPaused(): boolean;
  /** The <video> element, for drawing the current frame. */
  element(): HTMLVideoElement | null;
}

export interface VideoMeta {
  duration: number;
  width: number;
  height: number;
  /** Frame rate measured from presented frames while playing; null until known. */
  measuredFps: number | null;
}

export interface VideoPlayerProps {
  src: string | null;
  fps: number;
  rate: number;
  /** Inclusive frame range to loop while playing. */
  loop: { start: number; end: number } | null;
  onFrame(frame: number): void;
  onMeta(meta: VideoMeta): void;
  onPlayingChange(playing: boolean): void;
  onError(message: string): void;
}

export const VideoPlayer = forwardRef<VideoHandle, VideoPlayerProps>(function VideoPlayer(props, ref) {
  const host = useRef<HTMLDivElement>(null);
  const player = useRef<Player | null>(null);
  const clock = useRef<FrameClock | null>(null);
  const latest = useRef(props);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    latest.current = props;
  });

  useImperativeHandle(ref, () => ({
    seekFrame: (frame) => clock.current?.seek(frame) ?? Promise.resolve(frame),
    play: () => void player.current?.play()?.catch(() => undefined),
    pause: () => player.current?.pause(),
    isPaused: () => player.current?.paused() ?? true,
    element: () => host.current?.querySelector('video') ?? null,
  }));

  useEffect(() => {
    const container = host.current;
    if (!container || !props.src) return;
    // video.js replaces the element it is given; make a fresh one per mount (StrictMode mounts twice).
    const element = document.createElement('video-js');
    element.classList.add('vjs-fill');
    container.appendChild(element);
    const instance = videojs(element, { controls: false, preload: 'auto', muted: true, loop: false, fill: true, sources: [{ src: props.src }] });
    player.current = instance;
    const video = container.querySelector('video')!;
    const times: number[] = [];
    let measured: number | null = null;
    const frameClock = new FrameClock(video, latest.current.fps, (frame, mediaTime) => {
      const current = latest.current;
      if (!video.paused && measured === null) {
        times.push(mediaTime);
        if (times.length >= 12) {
          measured = estimateFps(times);
          current.onMeta({ duration: video.duration, width: video.videoWidth, height: video.videoHeight, measuredFps: measured });
        }
      }
      if (current.loop && !video.paused && frame > current.loop.end) void frameClock.seek(current.loop.start);
      current.onFrame(frame);
    });
    clock.current = frameClock;
    const onMeta = () => {
      latest.current.onMeta({ duration: video.duration, width: video.videoWidth, height: video.videoHeight, measuredFps: measured });
      setReady(true);
    };
    instance.on('loadedmetadata', onMeta);
    instance.on('play', () => latest.current.onPlayingChange(true));
    instance.on('pause', () => latest.current.onPlayingChange(false));
    instance.on('ended', () => latest.current.onPlayingChange(false));
    instance.on('error', () => latest.current.onError(instance.error()?.message || 'The clip cannot be played.'));
    return () => {
      frameClock.dispose();
      clock.current = null;
      player.current = null;
      instance.dispose();
      setReady(false);
    };
  }, [props.src]);

  useEffect(() => {
    clock.current?.setFps(props.fps);
  }, [props.fps]);

  useEffect(() => {
    player.current?.playbackRate(props.rate);
  }, [props.rate, ready]);

  return <div ref={host} className="video-host" data-ready={ready ? 'true' : 'false'} />;
});
