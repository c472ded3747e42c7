import { describe, expect, it } from 'vitest';
import { parseArgsText, parseEnvText } from './AddServerForm';

describe('add-server form parsing', () => {
  it('takes one argument per line, keeping spaces inside an argument', () => {
    expect(parseArgsText('-y\n  @scope/server  \n\n--name=a b\n')).toEqual(['-y', '@scope/server', '--name=a b']);
  });
  it('parses NAME=value lines and names the bad line', () => {
    expect(parseEnvText('A=1\n\nB = two=2\n')).toEqual({ env: { A: '1', B: ' two=2' } });
    expect(parseEnvText('A=1\nnot valid')).toEqual({ error: 'Line 2 must look like NAME=value' });
    expect(parseEnvText('1A=x')).toEqual({ error: 'Line 1 must look like NAME=value' });
  });
});
