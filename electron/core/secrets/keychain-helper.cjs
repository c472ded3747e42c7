// Runs in a child process of its own: reads (or first saves) the secret store's key in the
// system keychain. It is a separate process because a keychain can block: opening a
// Secret Service connection is a synchronous call that waits forever for a bus that does
// not answer, or for an unlock prompt nobody sees. The parent kills this process when it
// takes too long; nothing in the parent can hang.
//
// Request (one JSON text): { service, account, candidate }, where candidate is the key to
// save when the entry does not exist yet. Answer (one JSON text): { ok: true, key, created }
// or { ok: false, message }. Under Node both go over stdin and stdout; in an Electron
// utility process (which has no stdin) over its parent port. The key never appears on a
// command line.
'use strict';

/** @type {typeof import('@napi-rs/keyring') | undefined} */
let keyring;
/** Why the library could not be loaded (no prebuilt binary for this platform, say), for the answer. */
let loadProblem = '';
try {
  keyring = require('@napi-rs/keyring');
} catch (error) {
  loadProblem = `the keychain library could not be loaded (${/** @type {Error} */ (error).message.split('\n')[0]})`;
}

/** Electron's utility processes talk to their parent through this port. */
const parentPort = /** @type {{ parentPort?: { on(event: 'message', listener: (event: { data: unknown }) => void): void, postMessage(message: unknown): void } }} */ (
  /** @type {unknown} */ (process)
).parentPort;

/** @param {unknown} answer */
function reply(answer) {
  if (parentPort) parentPort.postMessage(JSON.stringify(answer));
  else process.stdout.write(JSON.stringify(answer));
}

/** @param {string} text */
function answer(text) {
  Promise.resolve()
    .then(() => readOrCreate(JSON.parse(text)))
    .then(reply, (/** @type {Error} */ error) => reply({ ok: false, message: String(error && error.message ? error.message : error) }));
}

/** @param {{ service: string, account: string, candidate: string }} request */
async function readOrCreate(request) {
  // On Linux, only the Secret Service keeps a value past this login session; the kernel
  // keyring (the library's automatic second choice) does not, so it is never used.
  if (!keyring) return { ok: false, message: loadProblem };
  const entry = new keyring.AsyncEntry(request.service, request.account, { linux: { store: 'secret-service' } });
  const existing = await entry.getPassword();
  if (existing) return { ok: true, key: existing, created: false };
  await entry.setPassword(request.candidate);
  // Read back: a keychain that accepts a value but cannot return it must not be trusted
  // with the key every secret is encrypted with.
  const saved = await entry.getPassword();
  if (saved !== request.candidate) return { ok: false, message: 'the keychain did not keep the value it was given' };
  return { ok: true, key: saved, created: true };
}

if (parentPort) {
  parentPort.on('message', (event) => answer(String(event.data)));
} else {
  let input = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => (input += chunk));
  process.stdin.on('end', () => answer(input));
}
