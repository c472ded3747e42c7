/** See refuse-run-as-node.ts: why the app refuses to start with ELECTRON_RUN_AS_NODE set. */
const RUN_AS_NODE_VARIABLE = 'ELECTRON_RUN_AS_NODE';

/** The message to exit with, or undefined when the app may start (the variable unset or empty, as Electron reads it). */
export function runAsNodeRefusal(env: NodeJS.ProcessEnv): string | undefined {
  if (!env[RUN_AS_NODE_VARIABLE]) return undefined;
  return `MCP Workbench was started with ${RUN_AS_NODE_VARIABLE} set, which asks for a plain Node.js; the app does not run as one, so it stops here. Unset ${RUN_AS_NODE_VARIABLE} to start the app.`;
}
