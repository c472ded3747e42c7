/**
 * Credentials passed as command-line arguments (`--api-key sk-…`, `--token=…`). Only env
 * and header values can be kept in the secret store, so these are masked in the import
 * preview and the user is told to move them into the environment.
 */
const CREDENTIAL_FLAG = /^--?(api[-_]?key|apikey|access[-_]?token|auth[-_]?token|token|password|passwd|secret|client[-_]?secret|private[-_]?key|pat)$/i;

/** Indices of the arguments that hold a credential value, with the flag naming it. */
export function credentialArgs(args: readonly string[]): Array<{ index: number; flag: string }> {
  const out: Array<{ index: number; flag: string }> = [];
  for (const [index, arg] of args.entries()) {
    const eq = arg.indexOf('=');
    if (eq > 0 && CREDENTIAL_FLAG.test(arg.slice(0, eq))) out.push({ index, flag: arg.slice(0, eq) });
    else if (CREDENTIAL_FLAG.test(arg) && index + 1 < args.length && !args[index + 1]!.startsWith('-')) out.push({ index: index + 1, flag: arg });
  }
  // A reference (`${API_KEY}`) is not a credential written out.
  return out.filter(({ index }) => !/^\$\{[^}]+\}$/.test(valueOf(args[index]!)));
}

function valueOf(arg: string): string {
  return arg.startsWith('-') && arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : arg;
}

/** The arguments with credential values replaced by `mask`. */
export function maskCredentialArgs(args: readonly string[], mask: string): string[] {
  const out = [...args];
  for (const { index } of credentialArgs(args)) {
    const arg = out[index]!;
    out[index] = arg.startsWith('-') && arg.includes('=') ? `${arg.slice(0, arg.indexOf('=') + 1)}${mask}` : mask;
  }
  return out;
}
