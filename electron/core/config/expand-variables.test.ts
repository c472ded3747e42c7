import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../shared/config/server-config';
import { expandConfig, expandString, variablesIn, type ExpandContext } from './expand-variables';
import { newSecretKey } from './secret-fields';

/** Keys the app made for the "demo" server's fields. */
const K = { token: newSecretKey('demo', ['env', 'TOKEN']), auth: newSecretKey('demo', ['headers', 'Authorization']), ide: newSecretKey('demo', ['authToken']) };

const ctx = (env: Record<string, string>, secrets: Record<string, string> = {}): ExpandContext => ({
  server: 'demo',
  env,
  secret: async (key) => secrets[key],
});

describe('variable expansion', () => {
  it('expands ${VAR} and ${VAR:-default}, an empty value counting as set', async () => {
    const c = ctx({ HOME: '/home/me', EMPTY: '' });
    expect(await expandString('${HOME}/bin', 'command', c)).toBe('/home/me/bin');
    expect(await expandString('${PORT:-8080}', 'url', c)).toBe('8080');
    expect(await expandString('${HOME:-/nope}', 'url', c)).toBe('/home/me');
    expect(await expandString('x${EMPTY:-fallback}y', 'url', c)).toBe('xy');
    expect(await expandString('${A:-}', 'url', c)).toBe('');
    expect(await expandString('${URL:-http://h:1/a?b=c}', 'url', c)).toBe('http://h:1/a?b=c');
    expect(await expandString('no variables', 'url', c)).toBe('no variables');
    expect(await expandString('$HOME stays', 'url', c)).toBe('$HOME stays');
  });

  it('reads ${env:VAR}, the editors\' spelling, as ${VAR}', async () => {
    const c = ctx({ HOME: '/home/ana' });
    expect(await expandString('${env:HOME}/.local/bin/mcp-notes', 'command', c)).toBe('/home/ana/.local/bin/mcp-notes');
    expect(await expandString('${env:PORT:-3000}', 'url', c)).toBe('3000');
    expect(variablesIn('${env:HOME}')).toEqual([{ name: 'HOME' }]);
    await expect(expandString('${env:NOTES_DIR}', 'args[0]', c)).rejects.toThrow(/uses \$\{NOTES_DIR\}, which is not set/);
  });

  it('names the server, the field and the variable when one is missing', async () => {
    await expect(expandString('Bearer ${API_TOKEN}', 'headers.Authorization', ctx({}))).rejects.toThrow(
      'Server "demo": headers.Authorization uses ${API_TOKEN}, which is not set. Set it in the environment, or give a default like ${API_TOKEN:-value}.',
    );
    await expect(expandString('${A}-${B}', 'args[1]', ctx({}))).rejects.toThrow(/args\[1\] uses \$\{A\}, \$\{B\}, which are not set/);
  });

  it('fills in secrets from the store, literally, and reports each one; a missing one is named without its value', async () => {
    const seen: string[] = [];
    const c = { ...ctx({ X: 'x' }, { [K.token]: 'sec${X}ret' }), onSecret: (v: string) => seen.push(v) };
    expect(await expandString(`\${secret:${K.token}}`, 'env.TOKEN', c, ['env', 'TOKEN'])).toBe('sec${X}ret');
    expect(seen).toEqual(['sec${X}ret']);
    await expect(expandString('${secret:demo.env.TOKEN.00000000000000ff}', 'env.TOKEN', c, ['env', 'TOKEN'])).rejects.toThrow(
      /Server "demo": the secret value of env.TOKEN is not in this app's secret store/,
    );
  });

  it("fills a secret in only where a secret can live, and only when the entry owns the key", async () => {
    const store = { [K.token]: 'own', 'oauth:oa:tokens': '{"access_token":"at"}', 'other.env.TOKEN.0123456789abcdef': 'theirs' };
    const asked: string[] = [];
    const c: ExpandContext = { server: 'demo', env: {}, secret: async (key) => (asked.push(key), store[key as keyof typeof store]) };
    const own = `\${secret:${K.token}}`;
    // Outside env, headers, authToken and the OAuth client secret: never, not even the entry's own key.
    await expect(expandConfig({ type: 'http', url: `https://evil.example/?t=${own}` }, c)).rejects.toThrow(
      `Server "demo": url refers to the stored secret "${K.token}", but stored secrets are filled in only in env values, header values, the IDE auth token and the OAuth client secret. Nothing was sent.`,
    );
    await expect(expandConfig({ command: 'node', args: ['${secret:oauth:oa:tokens}'] }, c)).rejects.toThrow(/args\[0\] refers to the stored secret "oauth:oa:tokens", but stored secrets are filled in only in/);
    await expect(expandConfig({ command: '${secret:oauth:oa:tokens}' }, c)).rejects.toThrow(/command refers to the stored secret/);
    // OAuth material, another server's key, or this server's key in another field: refused, naming server, field and key.
    await expect(expandConfig({ type: 'http', url: 'https://evil.example/', headers: { Authorization: 'Bearer ${secret:oauth:oa:tokens}' } }, c)).rejects.toThrow(
      'Server "demo": headers.Authorization refers to the stored secret "oauth:oa:tokens", which it may not use: it is sign-in material kept by the app.',
    );
    await expect(expandConfig({ command: 'node', env: { TOKEN: '${secret:other.env.TOKEN.0123456789abcdef}' } }, c)).rejects.toThrow(
      /Server "demo": env.TOKEN refers to the stored secret "other.env.TOKEN.0123456789abcdef", which it may not use: it was not saved for this field of this server/,
    );
    await expect(expandConfig({ command: 'node', env: { OTHER: own } }, c)).rejects.toThrow(/env.OTHER refers to the stored secret "demo.env.TOKEN.[0-9a-f]{16}", which it may not use/);
    await expect(expandConfig({ type: 'ws-ide', url: 'ws://127.0.0.1:1', ideName: 'x', authToken: '${secret:oauth:oa:tokens}' }, c)).rejects.toThrow(/authToken refers to the stored secret "oauth:oa:tokens"/);
    // The refused keys were never even read from the store.
    expect(asked).toEqual([]);
    expect(await expandConfig({ command: 'node', env: { TOKEN: own } }, c)).toEqual({ command: 'node', env: { TOKEN: 'own' } });
  });

  it('expands command, args, env, url and headers, and leaves the stored entry untouched', async () => {
    const stored: ServerConfig = {
      command: '${BIN:-node}',
      args: ['${HOME}/server.js', '--port=${PORT:-3000}'],
      env: { TOKEN: `\${secret:${K.token}}`, PLAIN: '${HOME}' },
      cwd: '${HOME}',
      notes: '${HOME}',
    };
    const before = structuredClone(stored);
    const launched = await expandConfig(stored, ctx({ HOME: '/h' }, { [K.token]: 'tok' }));
    expect(launched).toEqual({ command: 'node', args: ['/h/server.js', '--port=3000'], env: { TOKEN: 'tok', PLAIN: '/h' }, cwd: '${HOME}', notes: '${HOME}' });
    expect(stored).toEqual(before);

    const remote = await expandConfig({ type: 'http', url: 'https://${HOST:-example.com}/mcp', headers: { Authorization: `Bearer \${secret:${K.auth}}` } }, ctx({}, { [K.auth]: 'abc' }));
    expect(remote).toEqual({ type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer abc' } });
    const ide = await expandConfig({ type: 'ws-ide', url: 'ws://127.0.0.1:1', ideName: 'x', authToken: `\${secret:${K.ide}}` }, ctx({}, { [K.ide]: 'tok' }));
    expect(ide).toMatchObject({ authToken: 'tok' });
  });

  it('lists the variables a value uses', () => {
    expect(variablesIn('${A}/${B:-b}/${secret:c}')).toEqual([{ name: 'A' }, { name: 'B', fallback: 'b' }]);
  });
});
