// Letting the page's other tasks run in the middle of long work on its main thread.

/**
 * A new task of ordinary priority (a MessageChannel message, as React's scheduler yields): frames
 * due and input run first. Not scheduler.yield: its continuations go before rendering, and slices
 * of a parse ran back to back in one 92 ms frame while the list was being scrolled.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Page time long work may hold the thread before it lets other tasks in: a few fit in a frame. */
const SLICE_MS = 5;

/**
 * Long work on the page's thread in slices: `pause()` before each step starts a new task
 * (nextTask) once the work has held the thread SLICE_MS since it last did, and goes on at once
 * otherwise. The time counts from the last pause, so steps that ran back to back in one task
 * (chunks already received, say) are counted together.
 */
export class Slices {
  private started = performance.now();

  async pause(): Promise<void> {
    if (performance.now() - this.started <= SLICE_MS) return;
    await nextTask();
    this.started = performance.now();
  }
}
