// Packages that ship ESM only (no `require` export): a CommonJS bundle cannot load them from
// node_modules at run time, so the bundles that use them (the app's, the benchmarks') carry
// them in; every other package stays outside.
const ESM_ONLY = ['@modelcontextprotocol/ext-tasks'];

/** @type {import('esbuild').Plugin} */
export const externalExceptEsmOnly = {
  name: 'external-except-esm-only',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      ESM_ONLY.some((name) => args.path === name || args.path.startsWith(`${name}/`)) ? undefined : { path: args.path, external: true },
    );
  },
};
