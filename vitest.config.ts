import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,electron,renderer,scripts,tests,bench}/**/*.test.{ts,tsx}'],
    // Real processes and sockets: give slow machines room, never rely on timing.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    env: {
      // A stray require('electron') must never try to download the binary.
      ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent/electron-dist',
    },
  },
});
