import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests live beside the code they test (*.test.ts / *.test.tsx). e2e/ is Playwright's.
export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'fuzz/**/*.test.ts', 'src-main/**/*.test.ts', 'src-renderer/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Stylesheets are empty in tests unless named here; ?raw imports of these read their text.
    css: { include: [/replay\.css/] },
    testTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: on CI's two cores, one file at a time.
    // Two forks took the suite from 281-314 s to 191 s there (the tests wait on child processes,
    // files and workers as much as they compute).
    maxWorkers: availableParallelism(),
  },
});
