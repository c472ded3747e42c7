/**
 * One writer process for the cross-process test: opens the registry and the secret store
 * of a data folder the way the app does (watching the files), says "ready", waits for
 * "go" on stdin, then adds servers, each with a secret, to the user, project and local
 * scopes. Arguments: data folder, project folder, name prefix, number of user servers,
 * number of project and of local servers.
 */
import path from 'node:path';
import { FileSecretStore, PLAIN_SECRETS_FILE } from '../secrets/file-secret-store';
import { storeSecretFields } from './secret-fields';
import { ServerRegistry } from './server-registry';
import type { ConfigScope } from '../../../shared/config/scopes';

async function main(): Promise<void> {
  const [dataDir, projectDir, prefix, userCount, projectCount] = process.argv.slice(2) as [string, string, string, string, string];
  const registry = new ServerRegistry(dataDir, { watch: true });
  await registry.load();
  await registry.openProject(projectDir);
  const store = new FileSecretStore(path.join(dataDir, PLAIN_SECRETS_FILE));
  const plan: Array<[ConfigScope, number]> = [
    ['user', Number(userCount)],
    ['project', Number(projectCount)],
    ['local', Number(projectCount)],
  ];
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  for (const [scope, count] of plan) {
    for (let i = 0; i < count; i++) {
      const name = `${prefix}-${scope}-${i}`;
      const config = await storeSecretFields({ command: 'node', env: { TOKEN: `token-of-${name}` } }, [['env', 'TOKEN']], store, name);
      await registry.add(scope, name, config);
    }
  }
  registry.close();
  process.stdout.write('done\n');
  process.stdin.pause();
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
