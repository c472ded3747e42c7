import { describe, expect, it } from 'vitest';
import { maskBody, maskHeaders, maskUrl, secretValuesIn } from './oauth-masking';

describe('OAuth masking', () => {
  it('masks credentials in JSON, form bodies, query strings and headers, and nothing else', () => {
    const json = maskBody(JSON.stringify({ access_token: 'AT', refresh_token: 'RT', token_type: 'bearer', expires_in: 60, nested: { client_secret: 'CS' } }), 'application/json');
    expect(json).not.toMatch(/AT|RT|CS/);
    expect(JSON.parse(json)).toMatchObject({ access_token: '••••••', token_type: 'bearer', expires_in: 60, nested: { client_secret: '••••••' } });
    expect(maskBody('grant_type=authorization_code&code=CODE&code_verifier=VER&redirect_uri=http%3A%2F%2F127.0.0.1', 'application/x-www-form-urlencoded')).toBe(
      'grant_type=authorization_code&code=••••••&code_verifier=••••••&redirect_uri=http://127.0.0.1',
    );
    expect(maskUrl('http://127.0.0.1:9/callback?code=CODE&state=S')).toBe('http://127.0.0.1:9/callback?code=%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2&state=S');
    expect(maskHeaders(new Headers({ Authorization: 'Bearer AT', Accept: 'application/json' }))).toEqual({ authorization: 'Bearer ••••••', accept: 'application/json' });
    expect(secretValuesIn({ access_token: 'AT', deep: [{ refresh_token: 'RT' }], scope: 'x' })).toEqual(['AT', 'RT']);
  });
});
