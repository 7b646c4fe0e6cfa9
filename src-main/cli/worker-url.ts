// Where the CLI bundle put its evaluation worker: beside egostudio.mjs in out/cli/. Run from the
// sources (tests), none: evaluateFolder then takes the CLI's built one.
export const cliEvalWorker: URL | undefined = import.meta.url.endsWith('.ts') ? undefined : new URL('./eval-worker.mjs', import.meta.url);
