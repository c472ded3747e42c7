// The control of the CLI start-up benchmark (bench/benchmarks/cli-start.ts): the least a
// script can do to call one tool — load the SDK client, start the server over stdio, call,
// print the result's text, close. `node bare-stdio-call.mjs <server.mjs> <tool> <arguments JSON> [--list-first]`
// With --list-first it lists the server's tools before the call, as the workbench's core
// does to check the tool (its definition, pin and permission) before calling it: the
// second control, which has that round trip and nothing else.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [server, tool, args, flag] = process.argv.slice(2);
if (!server || !tool || !args || (flag !== undefined && flag !== '--list-first')) throw new Error('usage: node bare-stdio-call.mjs <server.mjs> <tool> <arguments JSON> [--list-first]');
const client = new Client({ name: 'bench-bare-script', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [server], stderr: 'ignore' }));
if (flag === '--list-first') {
  const { tools } = await client.listTools();
  if (!tools.some((listed) => listed.name === tool)) throw new Error(`${server} has no tool named ${tool}`);
}
const result = await client.callTool({ name: tool, arguments: JSON.parse(args) });
const content = /** @type {Array<{ type: string, text?: string }>} */ (result.content);
process.stdout.write(`${content.map((part) => part.text ?? '').join('')}\n`);
await client.close();
