import { describe, expect, it } from 'vitest';
import { APP_MIME_TYPE } from '../../../shared/api/apps';
import { appCsp } from './app-csp';
import { appResourceOf, cspOf } from './app-resource';
import { decodeCsp } from './sandbox-page';
import { toolUiOf } from './tool-ui';

const directives = (policy: string) => new Map(policy.split('; ').map((d) => [d.split(' ')[0], d] as const));

describe('an app resource', () => {
  it('is HTML of the MCP App type, with its CSP and permissions from _meta.ui', () => {
    const app = appResourceOf('ui://a/app.html', [
      {
        uri: 'ui://a/app.html',
        mimeType: 'text/html; profile=mcp-app',
        text: '<p>hi</p>',
        _meta: { ui: { csp: { connectDomains: ['https://api.example'] }, permissions: { camera: {}, geolocation: true, microphone: false }, prefersBorder: true } },
      },
    ]);
    expect(app).toEqual({ uri: 'ui://a/app.html', html: '<p>hi</p>', csp: { connectDomains: ['https://api.example'] }, permissions: { camera: true, geolocation: true }, prefersBorder: true });
  });

  it('reads a base64 blob, and refuses content that is not an app', () => {
    expect(appResourceOf('ui://a', [{ uri: 'ui://a', mimeType: APP_MIME_TYPE, blob: Buffer.from('<b>x</b>').toString('base64') }]).html).toBe('<b>x</b>');
    expect(() => appResourceOf('ui://a', [{ uri: 'ui://a', mimeType: 'text/html', text: '<b>x</b>' }])).toThrow(/not an app/);
    expect(() => appResourceOf('ui://a', [])).toThrow(/no content/);
  });
});

describe('an app CSP', () => {
  it('keeps clean origins only: nothing that could add a directive, a keyword or a second source', () => {
    expect(
      cspOf({
        connectDomains: ['https://ok.example', "https://x.example 'unsafe-eval'", 'https://a.example; script-src *', "'self'", '*', 'javascript:alert(1)', 'wss://*.ok.example:443', 42],
        resourceDomains: ['http://127.0.0.1:8080', 'https://cdn.example/path'],
        unknownKey: ['https://ok.example'],
      }),
    ).toEqual({ connectDomains: ['https://ok.example', 'wss://*.ok.example:443'], resourceDomains: ['http://127.0.0.1:8080'] });
  });

  it('lets an app reach nothing it did not declare, and be framed by the workbench page only', () => {
    const none = directives(appCsp({}, 'http://127.0.0.1:5000'));
    expect(none.get('default-src')).toBe("default-src 'none'");
    expect(none.get('connect-src')).toBe("connect-src 'none'");
    expect(none.get('frame-src')).toBe("frame-src 'none'");
    expect(none.get('img-src')).toBe('img-src data: blob:');
    expect(none.get('frame-ancestors')).toBe('frame-ancestors http://127.0.0.1:5000');
    expect(none.get('script-src')).not.toContain('unsafe-eval');

    const declared = directives(appCsp({ connectDomains: ['https://api.example'], resourceDomains: ['https://cdn.example'] }, 'app://workbench'));
    expect(declared.get('connect-src')).toBe('connect-src https://api.example');
    expect(declared.get('img-src')).toBe('img-src data: blob: https://cdn.example');
    expect(declared.get('script-src')).toBe("script-src 'self' 'unsafe-inline' https://cdn.example");
  });

  it('re-checks the CSP the sandbox page URL carries', () => {
    const param = Buffer.from(JSON.stringify({ connectDomains: ["https://x.example 'unsafe-eval'", 'https://ok.example'] })).toString('base64url');
    expect(decodeCsp(param)).toEqual({ connectDomains: ['https://ok.example'] });
    expect(decodeCsp('%%%not-base64')).toEqual({});
    expect(decodeCsp(null)).toEqual({});
  });
});

describe("a tool's ui metadata", () => {
  it('reads the nested key before the deprecated flat one, and ui:// URIs only', () => {
    expect(toolUiOf({ ui: { resourceUri: 'ui://n/app' }, 'ui/resourceUri': 'ui://flat/app' })).toEqual({ resourceUri: 'ui://n/app' });
    expect(toolUiOf({ 'ui/resourceUri': 'ui://flat/app' })).toEqual({ resourceUri: 'ui://flat/app' });
    expect(toolUiOf({ ui: { resourceUri: 'https://evil.example/app' } })).toBeUndefined();
    expect(toolUiOf(undefined)).toBeUndefined();
  });

  it('keeps known visibilities only', () => {
    expect(toolUiOf({ ui: { visibility: ['app', 'app', 'robot', 3] } })).toEqual({ visibility: ['app'] });
    expect(toolUiOf({ ui: { visibility: 'app' } })).toBeUndefined();
  });
});
