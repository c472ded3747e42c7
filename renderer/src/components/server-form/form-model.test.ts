import { describe, expect, it } from 'vitest';
import { buildRequest, checkUrl, emptyValues, valuesFromConfig, type FormValues } from './form-model';

const stdio = (patch: Partial<FormValues>): FormValues => ({ ...emptyValues('user'), name: 'srv', command: 'npx', ...patch });
const row = (key: string, value: string, secret = false, storedRef?: string) => ({ id: key, key, value, secret, ...(storedRef ? { storedRef } : {}) });

describe('the server form', () => {
  it('builds a stdio entry with args, env and cwd, and lists the secret fields', () => {
    const result = buildRequest(stdio({ args: ['-y', '@scope/pkg', 'a b'], env: [row('API_KEY', 'k-123', true), row('MODE', 'dev')], cwd: '/tmp' }));
    expect(result).toEqual({
      ok: true,
      name: 'srv',
      config: { command: 'npx', args: ['-y', '@scope/pkg', 'a b'], env: { API_KEY: 'k-123', MODE: 'dev' }, cwd: '/tmp' },
      secretFields: [['env', 'API_KEY']],
    });
  });

  it('shows only each transport’s own fields in the entry', () => {
    const base = { ...emptyValues('user'), name: 'r', command: 'ignored', args: ['x'], url: 'https://h.dev/mcp', headers: [row('X-Key', 'v')], ideName: 'vscode', authToken: { value: 'tok' } };
    expect(buildRequest({ ...base, transport: 'http' })).toMatchObject({ ok: true, config: { type: 'http', url: 'https://h.dev/mcp', headers: { 'X-Key': 'v' } } });
    expect(buildRequest({ ...base, transport: 'ws', url: 'ws://127.0.0.1:1' })).toMatchObject({ ok: true, config: { type: 'ws', url: 'ws://127.0.0.1:1', headers: { 'X-Key': 'v' } } });
    expect(buildRequest({ ...base, transport: 'ws-ide', url: 'ws://127.0.0.1:1' })).toEqual({
      ok: true,
      name: 'r',
      config: { type: 'ws-ide', url: 'ws://127.0.0.1:1', ideName: 'vscode', authToken: 'tok' },
      secretFields: [['authToken']],
    });
    expect(buildRequest({ ...base, transport: 'claudeai-proxy' })).toEqual({ ok: true, name: 'r', config: { type: 'claudeai-proxy', url: 'https://h.dev/mcp' }, secretFields: [] });
  });

  it('names every invalid field', () => {
    const result = buildRequest({ ...emptyValues('user'), name: 'bad name', env: [row('1X', 'v')] });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'Name: Name may contain only letters, digits, "-" and "_"',
        command: 'Command: a command is required (for example npx, uvx, docker or a full path)',
        env: 'Environment: variable 1: "1X" is not a valid variable name (letters, digits and _, not starting with a digit)',
      },
    });
    expect(buildRequest({ ...emptyValues('user'), name: 'x', transport: 'sse', url: 'ftp://x' })).toEqual({ ok: false, errors: { url: 'URL: must start with http:// or https://' } });
    expect(buildRequest({ ...emptyValues('user'), name: 'x', transport: 'sse-ide', url: 'http://127.0.0.1:1' })).toMatchObject({ ok: false, errors: { ideName: expect.stringMatching(/^IDE name:/) } });
    expect(buildRequest(stdio({ headers: [], env: [row('A', '1'), row('A', '2')] }))).toMatchObject({ ok: false, errors: { env: expect.stringContaining('"A" is given twice') } });
    expect(buildRequest(stdio({ connectTimeoutMs: '-4' }))).toMatchObject({ ok: false, errors: { connectTimeoutMs: expect.stringMatching(/^Connect timeout:/) } });
    expect(buildRequest(stdio({ env: [row('T', '${X}', true)] }))).toMatchObject({ ok: false, errors: { env: expect.stringContaining('cannot use ${…} variables') } });
  });

  it('keeps stored secrets as references unless a new value is typed, and refuses to un-secret one without a value', () => {
    const ref = '${secret:srv.env.K.abc}';
    const values = valuesFromConfig('srv', 'user', { command: 'x', env: { K: ref, P: 'plain' } });
    expect(values.env.map((r) => [r.key, r.value, r.secret, r.storedRef])).toEqual([
      ['K', '', true, ref],
      ['P', 'plain', false, undefined],
    ]);
    expect(buildRequest(values)).toMatchObject({ ok: true, config: { env: { K: ref, P: 'plain' } }, secretFields: [] });
    const typed = { ...values, env: values.env.map((r) => (r.key === 'K' ? { ...r, value: 'new' } : r)) };
    expect(buildRequest(typed)).toMatchObject({ ok: true, config: { env: { K: 'new' } }, secretFields: [['env', 'K']] });
    const unsecret = { ...values, env: values.env.map((r) => (r.key === 'K' ? { ...r, secret: false } : r)) };
    expect(buildRequest(unsecret)).toMatchObject({ ok: false, errors: { env: expect.stringContaining('no longer secret') } });
  });

  it('sets the Protocol: empty or auto leaves it out, legacy or a version is kept, anything else is named', () => {
    expect(buildRequest(stdio({ protocol: '' }))).toMatchObject({ ok: true, config: { command: 'npx' } });
    expect(buildRequest(stdio({ protocol: 'auto' }))).toEqual(buildRequest(stdio({})));
    expect(buildRequest(stdio({ protocol: 'legacy' }))).toMatchObject({ ok: true, config: { protocol: 'legacy' } });
    expect(buildRequest(stdio({ protocol: ' 2026-07-28 ' }))).toMatchObject({ ok: true, config: { protocol: '2026-07-28' } });
    expect(buildRequest(stdio({ protocol: 'newest' }))).toMatchObject({ ok: false, errors: { protocol: expect.stringMatching(/^Protocol: auto, legacy, or a protocol version/) } });
    expect(valuesFromConfig('srv', 'user', { command: 'x', protocol: '2025-06-18' }).protocol).toBe('2025-06-18');
  });

  it('round-trips an entry, keeping fields it does not show', () => {
    const config = {
      type: 'http' as const,
      url: 'https://${HOST:-x.dev}/mcp',
      headers: { Authorization: '${secret:a}' },
      oauth: { clientId: 'id', clientSecret: '${secret:b}', callbackPort: 8123, scopes: ['read', 'write'], extraOauth: 1 },
      enabled: false,
      connectTimeoutMs: 5000,
      callTimeoutMs: 90000,
      notes: 'team server',
      roots: [{ uri: 'file:///work', name: 'work' }],
      protocol: 'legacy',
      futureField: { kept: true },
    };
    expect(buildRequest(valuesFromConfig('n', 'project', config))).toEqual({ ok: true, name: 'n', config, secretFields: [] });
  });

  it('checks URLs per transport and allows variables', () => {
    expect(checkUrl('wss://h/ws', 'ws')).toBeUndefined();
    expect(checkUrl('https://h/ws', 'ws')).toBe('URL: must start with ws:// or wss://');
    expect(checkUrl('${MCP_URL}', 'http')).toBeUndefined();
    expect(checkUrl('https://${HOST}/mcp', 'http')).toBeUndefined();
    expect(checkUrl('not a url', 'http')).toBe('URL: "not a url" is not a valid URL');
  });
});
