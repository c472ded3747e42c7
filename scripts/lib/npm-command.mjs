// npm as the `npm run` that started this script ran it (npm_execpath: its npm-cli.js, run
// on this Node), else the npm on PATH (spawned with cross-spawn, which finds npm.cmd on
// Windows and quotes its arguments there).
/**
 * @param {string[]} args
 * @returns {{ command: string, args: string[] }}
 */
export function npmCommand(args) {
  const execpath = process.env.npm_execpath;
  if (execpath && /\.[cm]?js$/.test(execpath)) return { command: process.execPath, args: [execpath, ...args] };
  return { command: 'npm', args };
}
