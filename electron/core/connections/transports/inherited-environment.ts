/**
 * The environment a stdio server starts with before its entry's own variables: the SDK's
 * safe default set (getDefaultEnvironment in `@modelcontextprotocol/client/stdio`), the same
 * names and the same rule, kept here because that module loads the SDK's whole core (some
 * 0.7 MB) as it is imported. The CLI starts an ad-hoc server before it reads the SDK
 * (early-stdio-start.ts); with the SDK's function the server could start only after it.
 * inherited-environment.test.ts holds this to the SDK's own list and function.
 */

/** The variables a server inherits by default, as the SDK lists them for each platform. */
export const INHERITED_VARIABLES: readonly string[] =
  process.platform === 'win32'
    ? ['APPDATA', 'COMSPEC', 'HOMEDRIVE', 'HOMEPATH', 'LOCALAPPDATA', 'PATH', 'PATHEXT', 'PROCESSOR_ARCHITECTURE', 'PROGRAMDATA', 'PROGRAMFILES', 'PROGRAMFILES(X86)', 'PROGRAMW6432', 'SYSTEMDRIVE', 'SYSTEMROOT', 'TEMP', 'USERNAME', 'USERPROFILE', 'WINDIR']
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];

/** Those of `env`'s variables a server inherits; a value starting with "()" (a shell function, as Shellshock used them) is left out. */
export function inheritedEnvironment(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const inherited: Record<string, string> = {};
  for (const name of INHERITED_VARIABLES) {
    const value = env[name];
    if (value === undefined || value.startsWith('()')) continue;
    inherited[name] = value;
  }
  return inherited;
}
