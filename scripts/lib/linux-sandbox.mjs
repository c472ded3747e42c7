// Ubuntu 24.04 and later (and other systems where AppArmor restricts unprivileged user
// namespaces) stop Chromium's namespace sandbox; Chromium then falls back to the setuid
// helper (chrome-sandbox), which in node_modules is not owned by root, so Electron prints
// one FATAL line and aborts (SIGTRAP) before any window — electron/electron#42510,
// electron-builder#8440. This recognises that exit from Electron's stderr and says how to
// fix it, instead of leaving a core-dump message.
import path from 'node:path';

/** Chromium's two messages for "no sandbox could start" (sandbox/linux/suid/client/setuid_sandbox_host.cc and zygote_host_impl_linux.cc). */
const ABORT_LINES = [/The SUID sandbox helper binary was found, but is not configured correctly/, /No usable sandbox!/];
/** How much of an unfinished line is kept between chunks (Chromium's line is ~300 characters). */
const KEPT = 4096;

/** Reads Electron's stderr as it passes and remembers whether the sandbox abort went by. */
export class SandboxAbortWatch {
  #partial = '';
  seen = false;

  /** @param {Buffer | string} chunk */
  feed(chunk) {
    if (this.seen) return;
    const text = this.#partial + chunk.toString();
    const lines = text.split('\n');
    this.#partial = (lines.pop() ?? '').slice(-KEPT);
    this.seen = lines.some((line) => ABORT_LINES.some((pattern) => pattern.test(line)));
  }

  /** The last line, if the stream ended without a newline. */
  end() {
    if (!this.seen) this.seen = ABORT_LINES.some((pattern) => pattern.test(this.#partial));
    this.#partial = '';
  }
}

/**
 * What to do about it, best first (the order of Chromium's
 * docs/security/apparmor-userns-restrictions.md): a profile that lets this one binary use
 * user namespaces; the setuid helper; lifting the restriction for the whole system; and,
 * for development only, no sandbox at all.
 * @param {string} binary the Electron executable that aborted
 * @returns {string}
 */
export function sandboxRemedy(binary) {
  const helper = path.join(path.dirname(binary), 'chrome-sandbox');
  const profile = '/etc/apparmor.d/mcp-workbench-dev-electron';
  return [
    '',
    'Electron aborted because its sandbox could not start: this Linux (Ubuntu 24.04 or newer, or another',
    'system where AppArmor restricts unprivileged user namespaces) blocks it. Any one of these fixes it',
    '(docs/packaging.md, "Linux: the sandbox on Ubuntu 24.04 and newer", explains each):',
    '',
    '  1. Allow this Electron binary, and only it, to use user namespaces (an AppArmor profile):',
    `       printf 'abi <abi/4.0>,\\ninclude <tunables/global>\\nprofile mcp-workbench-dev-electron "${binary}" flags=(unconfined) {\\n  userns,\\n}\\n' | sudo tee ${profile}`,
    `       sudo apparmor_parser -r ${profile}`,
    '',
    "  2. Or make Electron's setuid sandbox helper owned by root (again after each npm ci):",
    `       sudo chown root:root "${helper}" && sudo chmod 4755 "${helper}"`,
    '',
    '  3. Or lift the restriction for every program until the next reboot (weakens the whole system):',
    '       sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0',
    '',
    '  4. Last resort, for development only: no sandbox for any page of the app (never for daily use):',
    '       npm start -- --no-sandbox',
  ].join('\n');
}
