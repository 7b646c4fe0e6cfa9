import { defineConfig } from 'vitest/config';

// Unit tests live beside the code they test (*.test.ts / *.test.tsx). e2e/ is Playwright's.
export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'fuzz/**/*.test.ts', 'src-main/**/*.test.ts', 'src-renderer/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    pool: 'forks',
  },
});
