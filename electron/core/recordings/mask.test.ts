/** What a recording never holds in clear: credential-named env values (in every spelling) and credential-named fields; protocol ids stay. */
import { expect, it } from 'vitest';
import { createRecordingMasker, MASK } from './mask';

it('masks credential-named env values and fields, leaving progress tokens, cursors and everything else', () => {
  const masker = createRecordingMasker({ env: { GITHUB_TOKEN: 'ghp_abcdef123456', HOME: '/home/someone' } });
  const message = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'login', arguments: { password: 'hunter22', user: 'ada', note: 'token is ghp_abcdef123456', quoted: '{"t":"ghp_abcdef123456"}' }, _meta: { progressToken: 'p-1' }, cursor: 'c-2' },
  };
  expect(masker.message(message)).toEqual({
    ...message,
    params: { name: 'login', arguments: { password: MASK, user: 'ada', note: `token is ${MASK}`, quoted: `{"t":"${MASK}"}` }, _meta: { progressToken: 'p-1' }, cursor: 'c-2' },
  });
  expect(masker.text('home is /home/someone, key ghp_abcdef123456')).toBe(`home is /home/someone, key ${MASK}`);
});
