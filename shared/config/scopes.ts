/**
 * The three places a server entry can live, as Claude Code defines them. When two
 * scopes define the same name, the one with the higher precedence wins: local over
 * project over user.
 */
export const CONFIG_SCOPES = ['user', 'project', 'local'] as const;
export type ConfigScope = (typeof CONFIG_SCOPES)[number];

/** Lowest precedence first; a later scope shadows an earlier one. */
export const SCOPE_PRECEDENCE: readonly ConfigScope[] = ['user', 'project', 'local'];

export const SCOPE_LABELS: Record<ConfigScope, string> = {
  user: 'User',
  project: 'Project',
  local: 'Local',
};

export const SCOPE_DESCRIPTIONS: Record<ConfigScope, string> = {
  user: 'Yours, in every project (kept in the app data folder).',
  project: "Shared with everyone who has the project (the project's .mcp.json).",
  local: 'Yours, in this project only (kept in the app data folder).',
};
