import { describe, expect, it } from 'vitest';
import { expandTemplate, missingVariables, optionalVariables } from './template-fields';

describe('template fields', () => {
  it('expands levels 1 and 2 (reserved characters kept) and query expressions, leaving empty values out', () => {
    expect(expandTemplate('fixture://users/{userId}', { userId: 'a b' })).toEqual({ uri: 'fixture://users/a%20b' });
    expect(expandTemplate('fixture://files/{+path}', { path: 'docs/readme.md' })).toEqual({ uri: 'fixture://files/docs/readme.md' });
    expect(expandTemplate('fixture://users/{userId}', { userId: 'docs/readme.md' })).toEqual({ uri: 'fixture://users/docs%2Freadme.md' });
    expect(expandTemplate('fixture://search{?q,lang}', { q: 'mcp', lang: '' })).toEqual({ uri: 'fixture://search?q=mcp' });
    expect(expandTemplate('x://{#section}', { section: 'a/b' })).toEqual({ uri: 'x://#a/b' });
  });

  it('knows query variables are optional and names the required ones left empty', () => {
    expect([...optionalVariables('fixture://search{?q,lang}{&page}')]).toEqual(['q', 'lang', 'page']);
    expect(missingVariables(['q', 'lang'], 'fixture://search{?q,lang}', {})).toEqual([]);
    expect(missingVariables(['owner', 'repo'], 'gh://{owner}/{repo}', { owner: 'x', repo: ' ' })).toEqual(['repo']);
  });
});
