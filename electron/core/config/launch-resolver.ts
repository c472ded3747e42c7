/**
 * Turns a stored entry into the one to launch, right before its transport is built:
 * variables expanded, secret values filled in, and for stdio the command found on the
 * login shell's PATH (which is also handed to the server, so its own `#!/usr/bin/env
 * node` finds node). Nothing resolved here is ever written back.
 */
import { isStdioConfig, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import type { SecretStore } from '../secrets/secret-store';
import { headersFromEnv, passedThroughEnv } from './codex-pass-through';
import { findCommand } from './command-path';
import { readEnvFile } from './env-file';
import { expandConfig, expandString } from './expand-variables';
import type { Env } from './login-shell-env';
import type { EntryOrigin } from './apply-headers-helper';
import { destinationOf, type SecretOwners } from './secret-owners';
import { failure } from '../../../shared/errors';

export interface LaunchInfo {
  /** Where the stdio command was found. */
  commandPath?: string;
  /** Why it cannot be launched as it is (command not found, a variable not set). */
  problem?: string;
}

export interface LaunchResolverOptions {
  secrets: SecretStore;
  /** The environment to expand from and launch with (resolved once, then cached). */
  environment: () => Promise<Env>;
  platform?: NodeJS.Platform;
  /** Told every secret value a launch uses, so logs can mask it. */
  onSecret?: (value: string) => void;
  /** The open project, which `${CLAUDE_PROJECT_DIR}` names (as in Claude Code's .mcp.json files). */
  projectDir?: () => string | undefined;
  /** Which entry owns each stored secret; without it only the key's name is checked. */
  owners?: SecretOwners;
}

/**
 * Why an entry may not use a stored secret it names: a project entry never uses one (its
 * file is shared with everyone who has the project); a user or local entry uses only
 * secrets saved for it, in its scope, for the destination it has now.
 */
function secretOwnership(name: ServerName, config: ServerConfig, origin: EntryOrigin | undefined, owners: SecretOwners | undefined) {
  return async (key: string, field: string): Promise<string | undefined> => {
    if (!origin) return undefined;
    if (origin.scope === 'project') {
      return `Server "${name}" (.mcp.json): ${field} refers to a stored secret, but a project's .mcp.json is shared with everyone who has the project and never uses your stored secrets; nothing was sent. Use \${VAR} from your environment, or keep this server in the local scope.`;
    }
    if (!owners) return undefined;
    const checked = await owners.check(key, { scope: origin.scope, server: name, destination: destinationOf(config) });
    if (checked.ok) return undefined;
    return `Server "${name}": ${field} refers to a stored secret saved for the ${checked.owner.scope} entry "${checked.owner.server}" as it pointed elsewhere; this entry (${origin.scope} scope) now ${isStdioConfig(config) ? 'runs another command' : 'points at another URL'}, so nothing was sent. Enter the value again in this server's form.`;
  };
}

/** The environment variables are expanded from: Claude Code's CLAUDE_PROJECT_DIR is the open project. */
function expansionEnv(env: Env, projectDir: string | undefined): Env {
  return projectDir ? { ...env, CLAUDE_PROJECT_DIR: projectDir } : env;
}

function commandNotFound(command: string): string {
  return `Could not start "${command}": command not found. It is not on the login shell's PATH; check the command, or give its full path.`;
}

export function createLaunchResolver(options: LaunchResolverOptions) {
  const platform = options.platform ?? process.platform;

  /** `origin`: which scope the entry comes from (what secrets it may use); absent, only the keys' names are checked. */
  async function resolve(name: ServerName, config: ServerConfig, origin?: EntryOrigin): Promise<ServerConfig> {
    const env = await options.environment();
    const expanded = await expandConfig(config, {
      server: name,
      env: expansionEnv(env, options.projectDir?.()),
      secret: (key) => options.secrets.get(key),
      ...(options.onSecret ? { onSecret: options.onSecret } : {}),
      secretRefusal: secretOwnership(name, config, origin, options.owners),
    });
    if (!isStdioConfig(expanded)) {
      const fromEnv = headersFromEnv(config, env);
      if (Object.keys(fromEnv).length === 0) return expanded;
      for (const value of Object.values(fromEnv)) options.onSecret?.(value);
      const written = (expanded as { headers?: Record<string, string> }).headers ?? {};
      return { ...expanded, headers: { ...fromEnv, ...written } } as ServerConfig;
    }
    const envFile = (config as { envFile?: unknown }).envFile;
    // A project approval covers the file's contents, found without variables (env-file.ts): a project entry may use no others.
    if (origin?.scope === 'project' && typeof envFile === 'string' && envFile.replaceAll('${CLAUDE_PROJECT_DIR}', '').includes('${')) {
      throw failure('invalid-input', `Server "${name}" (.mcp.json): its envFile uses a variable other than \${CLAUDE_PROJECT_DIR}; a project entry's envFile must be a path, so that what you approve is the file that is read.`);
    }
    const fromFile =
      typeof envFile === 'string' && envFile.trim() !== ''
        ? await readEnvFile(name, await expandString(envFile, 'envFile', { server: name, env: expansionEnv(env, options.projectDir?.()), secret: async () => undefined }), expanded.cwd ?? options.projectDir?.())
        : {};
    const found = await findCommand(expanded.command, { PATH: env.PATH, cwd: expanded.cwd, platform, PATHEXT: env.PATHEXT });
    if (!found) throw failure('connection', commandNotFound(expanded.command));
    return {
      ...expanded,
      // On Windows the command stays as written: cross-spawn needs the name to pick the right shim.
      command: platform === 'win32' ? expanded.command : found,
      env: { ...(env.PATH ? { PATH: env.PATH } : {}), ...passedThroughEnv(config, env), ...fromFile, ...expanded.env },
    };
  }

  /** What the UI shows about launching a server, without starting anything or reading secrets. */
  async function describe(name: ServerName, config: ServerConfig): Promise<LaunchInfo> {
    if (!isStdioConfig(config)) return {};
    try {
      const env = await options.environment();
      const ctx = { server: name, env: expansionEnv(env, options.projectDir?.()), secret: async () => '' };
      const command = await expandString(config.command, 'command', ctx);
      const cwd = config.cwd;
      const found = await findCommand(command, { PATH: env.PATH, cwd, platform, PATHEXT: env.PATHEXT });
      return found ? { commandPath: found } : { problem: commandNotFound(command) };
    } catch (error) {
      return { problem: (error as Error).message };
    }
  }

  return { resolve, describe };
}
