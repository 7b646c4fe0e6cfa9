// The environment `npm start` gives Electron: the user's, less what would make it run as something
// else than the studio.

/** Variables that must not reach the Electron app `npm start` opens. */
export const droppedVariables = [
  // Set by some shells and tools; it would turn Electron into plain Node.
  'ELECTRON_RUN_AS_NODE',
  // electron-vite's dev server (set by `electron-vite dev`, never by `npm start`): a stray value
  // would load the window from that address instead of the built studio.
  'ELECTRON_RENDERER_URL',
];

/** A copy of `env` without the dropped variables. */
export function electronEnvironment(env) {
  const copy = { ...env };
  for (const name of droppedVariables) delete copy[name];
  return copy;
}
