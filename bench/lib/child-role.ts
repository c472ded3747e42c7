/**
 * Measurements that need a process of their own (memory): the benchmark starts its own
 * bundle again with `--role <name>`; the role prints one JSON line on stdout, which
 * runRole returns.
 */
import { spawn } from 'node:child_process';

export async function runRole<T>(role: string, args: string[] = []): Promise<T> {
  const child = spawn(process.execPath, ['--expose-gc', process.argv[1]!, '--role', role, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (text: string) => (stdout += text));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exit) => resolve(exit)));
  const line = stdout.trim().split('\n').pop();
  if (code !== 0 || !line) throw new Error(`role ${role} exited with code ${code}${line ? `: ${line}` : ''}`);
  return JSON.parse(line) as T;
}

/** What a role prints: one JSON line. */
export function report(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}
