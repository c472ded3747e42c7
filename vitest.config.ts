import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,electron,renderer,scripts,tests,bench}/**/*.test.{ts,tsx}'],
    // Real processes and sockets: give slow machines room, never rely on timing.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Most test files wait on real processes and sockets rather than the CPU, so two files
    // side by side fit even two cores (vitest's default would leave one core idle there).
    maxWorkers: Math.max(2, os.availableParallelism()),
    env: {
      // A stray require('electron') must never try to download the binary.
      ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent/electron-dist',
    },
  },
});
