import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { rendererMetaCsp } from './electron/core/security/csp.ts';

/**
 * Puts the renderer's CSP into index.html itself (the servers also send it as a header).
 * The scan (scripts/security-scan.mjs) rates `script-src 'self'` as possibly weak, because
 * an origin that also serves JSONP, Angular templates or user uploads would let those
 * run; ours serves only this bundle, so that one rating is suppressed on the tag's line.
 */
function metaCsp(): Plugin {
  const reason = "<!-- Security scan: script-src 'self' is safe here, this origin serves only the built renderer (no JSONP, no uploads). -->";
  const meta = `<meta http-equiv="Content-Security-Policy" content="${rendererMetaCsp()}" /> <!-- eng-disable CSP_GLOBAL_CHECK -->`;
  return {
    name: 'mcp-workbench-meta-csp',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        if (!html.includes('<head>')) throw new Error('index.html has no <head> to put the CSP in');
        return html.replace('<head>', `<head>\n    ${reason}\n    ${meta}`);
      },
    },
  };
}

/**
 * codemirror-json-schema renders schema descriptions as markdown with shiki, which is
 * megabytes of grammars and WebAssembly our CSP does not allow; its markdown module is
 * swapped for one that shows descriptions as plain text.
 */
function plainSchemaDescriptions(): Plugin {
  const stub = path.resolve('renderer/src/components/tools/json-editor/markdown-stub.ts');
  return {
    name: 'mcp-workbench-plain-schema-descriptions',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer?.includes(`${path.sep}codemirror-json-schema${path.sep}`) && /utils\/markdown(\.js)?$/.test(source)) return stub;
      return null;
    },
  };
}

// The renderer is built to static files served by the app protocol (Electron) or the
// browser host; relative asset URLs work for both.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), metaCsp(), plainSchemaDescriptions()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    // Chromium 130 runs newer syntax, but the security scanner's parser cannot read class
    // private fields and static blocks (used by UI libraries): lower those to ES2021.
    target: ['es2021', 'chrome130'],
    sourcemap: true,
    rolldownOptions: {
      // "Plugins took a significant share of the build" depends on how busy the machine is,
      // and nobody running `npm run web` can act on it.
      checks: { bundlerTimings: false },
      output: {
        // Libraries in chunks of their own, so no chunk passes the 500 kB warning and a change
        // to our code leaves the library chunks cached. The editor's libraries are reached only
        // through the lazily loaded JSON editor, so their chunk stays off the first screen.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'codemirror', test: /[\\/]node_modules[\\/](@codemirror|@lezer|@uiw|crelt|style-mod|w3c-keyname)[\\/]/ },
            // UI primitives: menus, the command palette, resizable panes, icons.
            { name: 'ui', test: /[\\/]node_modules[\\/](@radix-ui|cmdk|react-resizable-panels|lucide-react|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tslib|get-nonce|detect-node-es)[\\/]/ },
          ],
        },
      },
    },
  },
});
