// The control of the CLI start-up benchmark (bench/benchmarks/cli-start.ts): the least a
// script can do to call one tool — load the SDK client, start the server over stdio, call,
// print the result's text, close. `node bare-stdio-call.mjs <server.mjs> <tool> <arguments JSON>`
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [server, tool, args] = process.argv.slice(2);
if (!server || !tool || !args) throw new Error('usage: node bare-stdio-call.mjs <server.mjs> <tool> <arguments JSON>');
const client = new Client({ name: 'bench-bare-script', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [server], stderr: 'ignore' }));
const result = await client.callTool({ name: tool, arguments: JSON.parse(args) });
const content = /** @type {Array<{ type: string, text?: string }>} */ (result.content);
process.stdout.write(`${content.map((part) => part.text ?? '').join('')}\n`);
await client.close();
