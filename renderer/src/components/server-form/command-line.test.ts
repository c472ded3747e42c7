/** Pasted command lines and arguments that look like several, read with the import's shell-words parser. */
import { describe, expect, it } from 'vitest';
import { commandLineIn, severalArgumentsIn, splitCommandLine } from './command-line';

describe('splitCommandLine', () => {
  it('splits a README command line into the command and one argument per word', () => {
    expect(splitCommandLine('npx -y @modelcontextprotocol/server-everything')).toEqual({ ok: true, command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], env: [], notes: [] });
  });

  it('keeps quoted words whole, takes NAME=value before the command as variables, and drops a leading prompt', () => {
    expect(splitCommandLine(`$ API_KEY=abc DEBUG=1 node "/opt/My Tools/server.js" --name 'my server'`)).toMatchObject({
      ok: true,
      command: 'node',
      args: ['/opt/My Tools/server.js', '--name', 'my server'],
      env: [
        ['API_KEY', 'abc'],
        ['DEBUG', '1'],
      ],
    });
  });

  it('refuses several commands and broken quoting, saying why', () => {
    expect(splitCommandLine('npm install && npx server')).toMatchObject({ ok: false, message: expect.stringContaining('2 commands') });
    expect(splitCommandLine('node "unclosed')).toMatchObject({ ok: false, message: expect.stringContaining('double quote is not closed') });
    expect(splitCommandLine('   ')).toMatchObject({ ok: false, message: 'There is no command in it.' });
  });
});

describe('severalArgumentsIn', () => {
  it('finds words run together in one argument when one of them is an option', () => {
    expect(severalArgumentsIn('-y @modelcontextprotocol/server-everything')).toEqual(['-y', '@modelcontextprotocol/server-everything']);
    expect(severalArgumentsIn('server.js --port 8080')).toEqual(['server.js', '--port', '8080']);
  });

  it('leaves values with spaces alone', () => {
    for (const value of ['Hello world', '--title=Hello world', '/opt/My Tools/server.js', '-y', 'a "b c"']) expect(severalArgumentsIn(value)).toBeUndefined();
  });
});

describe('commandLineIn', () => {
  it('reads a whole command line typed into the Command field, but not a path with spaces', () => {
    expect(commandLineIn('npx -y server')).toEqual(['npx', '-y', 'server']);
    expect(commandLineIn('/opt/My Tools/run')).toBeUndefined();
    expect(commandLineIn('C:\\Program Files\\node.exe')).toBeUndefined();
    expect(commandLineIn('npx')).toBeUndefined();
  });
});
