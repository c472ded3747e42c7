import { describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../../e2e/fixtures/paths';
import { pidsWith } from '../../../../e2e/support/processes';
import { ProcessTransport } from './stdio-transport';

describe('ProcessTransport', () => {
  it('once closed, never starts its server (a connect given up while being set up)', async () => {
    const marker = `stdio-closed-${process.pid}-${Date.now()}`;
    const transport = new ProcessTransport({ command: process.execPath, args: [fixtureServer('silent-stdio'), marker] });
    await transport.close();
    await expect(transport.start()).rejects.toThrow(/closed before the server started/);
    expect(transport.pid).toBeUndefined();
    expect(pidsWith(marker)).toEqual([]);
  });
});
