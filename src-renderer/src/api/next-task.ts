// Letting the page's other tasks run in the middle of long work on its main thread.

/**
 * A new task of ordinary priority (a MessageChannel message, as React's scheduler yields): frames
 * due and input run first. Not scheduler.yield: its continuations go before rendering, and slices
 * of a parse ran back to back in one 92 ms frame while the list was being scrolled.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
