// Steps that come faster than seeks end: each counts from the frame the previous step asked for,
// whatever order the seeks end in.
import { describe, expect, it } from 'vitest';
import { ClipController } from './clipController';
import type { VideoHandle } from './videoPlayerTypes';

/** A player whose seeks end when the test says, in any order. */
function slowPlayer() {
  const asked: number[] = [];
  const ends: ((frame: number) => void)[] = [];
  const handle: VideoHandle = {
    seekFrame: (frame) => {
      asked.push(frame);
      return new Promise<number>((resolve) => ends.push(resolve));
    },
    play: () => {},
    pause: () => {},
    isPaused: () => true,
  };
  /** Ends seek `index` (0 for the first asked), reporting its frame presented. */
  const end = async (index: number) => {
    ends[index](asked[index]);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { handle, asked, end };
}

describe('frame steps while seeks are in flight', () => {
  it('counts from the last frame asked for, when an earlier seek to the same frame ends late', async () => {
    const clip = new ClipController();
    clip.store.setState({ frameCount: 300, frame: 3 });
    const player = slowPlayer();
    clip.attach(player.handle);
    // F-V-V-C from 3 (CI's lost step): 13, 23, then 13 again.
    void clip.stepFrames(10);
    void clip.stepFrames(10);
    void clip.stepFrames(-10);
    expect(player.asked).toEqual([13, 23, 13]);
    clip.store.setState({ frame: 23 }); // 23 is presented first
    await player.end(1);
    await player.end(0); // the first seek to 13 ends late: the third is still on its way
    void clip.stepFrames(-1); // D
    expect(player.asked.at(-1)).toBe(12);
  });

  it('counts from the frame on screen once every seek has ended', async () => {
    const clip = new ClipController();
    clip.store.setState({ frameCount: 300, frame: 3 });
    const player = slowPlayer();
    clip.attach(player.handle);
    void clip.stepFrames(10);
    clip.store.setState({ frame: 13 });
    await player.end(0);
    clip.store.setState({ frame: 14 }); // e.g. played on a frame
    void clip.stepFrames(1);
    expect(player.asked.at(-1)).toBe(15);
  });

  it('gives a mark the frame the steps asked for while their seeks are on their way, else the frame on screen', async () => {
    const clip = new ClipController();
    clip.store.setState({ frameCount: 300, frame: 0 });
    const player = slowPlayer();
    clip.attach(player.handle);
    void clip.stepFrames(10);
    void clip.stepFrames(10);
    void clip.stepFrames(10);
    // V V V then I at once: frame 0 is still on screen, 30 is what was asked.
    expect(clip.intendedFrame()).toBe(30);
    clip.store.setState({ frame: 30 });
    for (const index of [0, 1, 2]) await player.end(index);
    clip.store.setState({ frame: 31 }); // played on a frame: the screen's again
    expect(clip.intendedFrame()).toBe(31);
  });
});

describe('a loop switched on', () => {
  function player(paused: boolean) {
    const calls: string[] = [];
    const ends: (() => void)[] = [];
    const handle: VideoHandle = {
      seekFrame: (frame) => {
        calls.push(`seek ${frame}`);
        return new Promise<number>((resolve) => ends.push(() => resolve(frame)));
      },
      play: () => void calls.push('play'),
      pause: () => void calls.push('pause'),
      isPaused: () => paused,
    };
    const endSeek = async (index: number) => {
      ends[index]();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    return { handle, calls, endSeek };
  }

  /** A paused clip at Out of the loop In 30 / Out 50, the loop just switched on. */
  function pausedAtOut() {
    const clip = new ClipController();
    const loop = { start: 30, end: 50 };
    clip.store.setState({ frameCount: 300, frame: 50, loop });
    const { handle, calls, endSeek } = player(true);
    clip.attach(handle);
    clip.loopStarted(loop);
    return { clip, loop, calls, endSeek };
  }

  it('while paused, plays the range from its start once the seek there has ended', async () => {
    const { calls, endSeek } = pausedAtOut();
    expect(calls).toEqual(['pause', 'seek 30']);
    await endSeek(0);
    expect(calls.at(-1)).toBe('play');
  });

  it('does not play when the loop was switched off, or another seek came, before the seek ended', async () => {
    const { clip, loop, calls, endSeek } = pausedAtOut();
    clip.store.setState({ loop: null });
    await endSeek(0);
    expect(calls).not.toContain('play');
    clip.store.setState({ loop });
    clip.loopStarted(loop);
    void clip.stepFrames(1);
    await endSeek(1);
    await endSeek(2);
    expect(calls).not.toContain('play');
  });

  it('while playing, leaves the clip alone (the player keeps to the range)', () => {
    const clip = new ClipController();
    const loop = { start: 30, end: 50 };
    clip.store.setState({ frameCount: 300, frame: 10, loop });
    const { handle, calls } = player(false);
    clip.attach(handle);
    clip.loopStarted(loop);
    expect(calls).toEqual([]);
  });
});

describe('a clip that cannot be shown', () => {
  it('takes no step and no seek: the counter stays where it was', async () => {
    const clip = new ClipController();
    clip.store.setState({ frameCount: 0, frame: 0, clipError: 'The file is not there' });
    const player = slowPlayer();
    clip.attach(player.handle);
    void clip.stepFrames(1);
    void clip.stepFrames(10);
    await clip.seekFrame(40);
    expect(player.asked).toEqual([]);
    expect(clip.intendedFrame()).toBe(0);
    // The clip shows again (its metadata arrived): steps go through.
    clip.store.setState({ clipError: null, frameCount: 300 });
    void clip.stepFrames(1);
    expect(player.asked).toEqual([1]);
  });
});

describe('the frame count', () => {
  it('counts from the first frame when the clip starts after media time 0', () => {
    // WebM with `-output_ts_offset 0.5`: the element's duration (5.5 s) counts from media time 0,
    // its 150 frames from 0.5 s; counted from 0 there were 165, the last 15 never shown.
    const clip = new ClipController();
    clip.metaLoaded({ duration: 5.5, width: 320, height: 240, measuredFps: null, start: 0.5, packetFps: 30 }, 30, 30);
    expect(clip.store.getState()).toMatchObject({ frameCount: 150, clipStart: 0.5 });
    clip.metaLoaded({ duration: 5, width: 320, height: 240, measuredFps: null, start: 0, packetFps: null }, 30, 30);
    expect(clip.store.getState()).toMatchObject({ frameCount: 150, clipStart: 0 });
  });
});
