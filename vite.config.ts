import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer is built to static files served by the app protocol (Electron) or the
// browser host; relative asset URLs work for both.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: true,
  },
});
