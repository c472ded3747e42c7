import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../shared/config/server-config';
import { expandConfig, expandString, variablesIn, type ExpandContext } from './expand-variables';

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

  it('names the server, the field and the variable when one is missing', async () => {
    await expect(expandString('Bearer ${API_TOKEN}', 'headers.Authorization', ctx({}))).rejects.toThrow(
      'Server "demo": headers.Authorization uses ${API_TOKEN}, which is not set. Set it in the environment, or give a default like ${API_TOKEN:-value}.',
    );
    await expect(expandString('${A}-${B}', 'args[1]', ctx({}))).rejects.toThrow(/args\[1\] uses \$\{A\}, \$\{B\}, which are not set/);
  });

  it('fills in secrets from the store, literally, and reports each one; a missing one is named without its value', async () => {
    const seen: string[] = [];
    const c = { ...ctx({ X: 'x' }, { k1: 'sec${X}ret' }), onSecret: (v: string) => seen.push(v) };
    expect(await expandString('${secret:k1}', 'env.TOKEN', c)).toBe('sec${X}ret');
    expect(seen).toEqual(['sec${X}ret']);
    await expect(expandString('${secret:gone}', 'env.TOKEN', c)).rejects.toThrow(/Server "demo": the secret value of env.TOKEN is not in this app's secret store/);
  });

  it('expands command, args, env, url and headers, and leaves the stored entry untouched', async () => {
    const stored: ServerConfig = {
      command: '${BIN:-node}',
      args: ['${HOME}/server.js', '--port=${PORT:-3000}'],
      env: { TOKEN: '${secret:t}', PLAIN: '${HOME}' },
      cwd: '${HOME}',
      notes: '${HOME}',
    };
    const before = structuredClone(stored);
    const launched = await expandConfig(stored, ctx({ HOME: '/h' }, { t: 'tok' }));
    expect(launched).toEqual({ command: 'node', args: ['/h/server.js', '--port=3000'], env: { TOKEN: 'tok', PLAIN: '/h' }, cwd: '${HOME}', notes: '${HOME}' });
    expect(stored).toEqual(before);

    const remote = await expandConfig({ type: 'http', url: 'https://${HOST:-example.com}/mcp', headers: { Authorization: 'Bearer ${secret:h}' } }, ctx({}, { h: 'abc' }));
    expect(remote).toEqual({ type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer abc' } });
    const ide = await expandConfig({ type: 'ws-ide', url: 'ws://127.0.0.1:1', ideName: 'x', authToken: '${secret:a}' }, ctx({}, { a: 'tok' }));
    expect(ide).toMatchObject({ authToken: 'tok' });
  });

  it('lists the variables a value uses', () => {
    expect(variablesIn('${A}/${B:-b}/${secret:c}')).toEqual([{ name: 'A' }, { name: 'B', fallback: 'b' }]);
  });
});
