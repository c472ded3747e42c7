import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { base64Size, presentBlob, presentContentBlock, presentResourceContents } from './present-content';

describe('presenting content', () => {
  it('shows images through the image pipeline: kept when within limits, fitted when too large, a download when unreadable', async () => {
    const small = (await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } }).png().toBuffer()).toString('base64');
    expect(await presentBlob(small, 'image/png')).toEqual({ kind: 'image', mimeType: 'image/png', data: small });
    const wide = (await sharp({ create: { width: 3000, height: 100, channels: 3, background: '#3c3' } }).png().toBuffer()).toString('base64');
    const fitted = await presentBlob(wide, 'image/png');
    expect(fitted).toMatchObject({ kind: 'image', note: expect.stringMatching(/resized from 3000×100 to 2000×67.*the server sent 3000×100/) });
    expect((await sharp(Buffer.from((fitted as { data: string }).data, 'base64')).metadata()).width).toBe(2000);
    expect(await presentBlob('AAAA', 'image/png')).toEqual({ kind: 'binary', mimeType: 'image/png', data: 'AAAA', size: 3 });
  });

  it('shows audio, offers other bytes (and SVG, which may carry scripts) as a download', async () => {
    expect(await presentBlob('AAAA', 'audio/wav')).toEqual({ kind: 'audio', mimeType: 'audio/wav', data: 'AAAA' });
    expect(await presentBlob('PHN2Zz4=', 'image/svg+xml')).toEqual({ kind: 'binary', mimeType: 'image/svg+xml', data: 'PHN2Zz4=', size: 5 });
    expect(await presentBlob('AAE=', undefined)).toEqual({ kind: 'binary', data: 'AAE=', size: 2 });
  });

  it('computes the decoded size of base64 without decoding', () => {
    for (const bytes of [0, 1, 2, 3, 4, 5, 100]) expect(base64Size(Buffer.alloc(bytes, 7).toString('base64'))).toBe(bytes);
  });

  it('turns resource contents and prompt blocks into views; unknown kinds stay visible as JSON', async () => {
    expect(await presentResourceContents({ uri: 'x://a', text: 'hi' })).toEqual({ kind: 'resource', uri: 'x://a', content: { kind: 'text', text: 'hi' } });
    expect(await presentContentBlock({ type: 'resource_link', uri: 'x://b', name: 'b', size: 3 })).toEqual({ kind: 'resource-link', uri: 'x://b', name: 'b' });
    expect(await presentContentBlock({ type: 'image', data: 'AAAA', mimeType: 'text/html' })).toMatchObject({ kind: 'binary', mimeType: 'text/html' });
    expect(await presentContentBlock({ type: 'hologram', depth: 3 })).toEqual({ kind: 'other', value: { type: 'hologram', depth: 3 } });
  });
});
