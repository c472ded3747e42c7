/**
 * Skills of every server (the MCP Skills extension, SEP-2640), through the SDK's SkillsClient:
 * the listing (every page; refused entries kept with their reason), one skill by URI, a file
 * read and verified, a folder's children, a whole skill verified.
 *
 * The listing is cached per server as the other lists are: until the connection closes or the
 * server says its resources changed (skills travel as resources, so `resources/list_changed` is
 * their change notice), and no longer than the `ttlMs` the server puts on it (MCP 2026-07-28).
 * Its cache scope is kept and shown; either scope is held for this connection only, so nothing
 * a server said to one connection is served to another.
 *
 * A file is always read and checked against the entry the workbench holds for the skill (the
 * one the user is looking at), as the extension asks of hosts: a file the server changed since
 * fails until the listing is refreshed. Files are read only when asked for, never ahead (no
 * reads on connect or on listing).
 */
import { SkillsClient, type Skill } from '@modelcontextprotocol/client/ext/skills';
import { ProtocolError, ProtocolErrorCode, type Client } from '@modelcontextprotocol/client';
import type { SkillCatalog, SkillDirectoryEntry, SkillFileRead, SkillInfo, SkillVerification } from '../../../shared/api/skills';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import { AppError } from '../../../shared/envelope';
import { connectionKey, type ConnectionManager } from '../connections/connection-manager';
import { expiryOf, freshFor } from '../connections/server-caches';
import type { EventBus } from '../events/event-bus';
import { requestTimeoutMs } from '../connections/request-timeout';
import { toInvalidEntries, toSkillInfo, toSkillInfos } from './skill-entries';
import { readSkillFile } from './skill-file-read';
import { verifySkill } from './skill-verification';

interface HeldListing {
  /** The connection the listing came from. */
  key: string;
  /** The entries as the SDK checked them: what files are verified against. */
  entries: Skill[];
  catalog: Omit<SkillCatalog, 'cachedFreshForMs'>;
  expiresAt: number | undefined;
}

const UNSUPPORTED: Omit<SkillCatalog, 'cachedFreshForMs'> = { supported: false, directoryRead: false, skills: [], invalid: [] };

/** One SkillsClient per connection's client: it keeps nothing but its options. */
const clients = new WeakMap<Client, SkillsClient>();

export function skillsClientOf(client: Client): SkillsClient {
  let skills = clients.get(client);
  if (!skills) clients.set(client, (skills = new SkillsClient(client, { skipInvalid: true })));
  return skills;
}

/** Two spellings of one URI (`skill://a/Q&A.md`, `skill://a/Q%26A.md` aside) compare as the URL parser writes them. */
function sameUri(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

export class SkillsService {
  private readonly listings;

  constructor(
    private readonly connections: ConnectionManager,
    events: EventBus,
  ) {
    this.listings = connections.caches.createList<HeldListing>();
    events.on('resources-changed', (event) => this.listings.drop(event.server));
  }

  /** `signal` (here and below) cancels the request, whatever it waits for (the connection, the answer). */
  async catalog(name: ServerName, config: ServerConfig, { refresh = false, signal }: { refresh?: boolean; signal?: AbortSignal | undefined } = {}): Promise<SkillCatalog> {
    const key = connectionKey(name, config);
    const held = this.listings.get(name);
    const now = Date.now();
    if (!refresh && held?.key === key && (held.expiresAt === undefined || held.expiresAt > now)) return { ...held.catalog, ...freshFor(held.expiresAt, now) };
    const ticket = this.listings.begin(name);
    const listing = await this.connections.request(name, config, async (client, signal) => {
      const skills = skillsClientOf(client);
      if (!skills.supported) return { key, entries: [], catalog: UNSUPPORTED, expiresAt: undefined };
      const page = await skills.list({}, { timeout: requestTimeoutMs(this.connections, config), ...(signal ? { signal } : {}) });
      const catalog: HeldListing['catalog'] = {
        supported: true,
        directoryRead: skills.directoryRead,
        skills: toSkillInfos(page.skills),
        invalid: toInvalidEntries(page.invalid),
        ...(page.cacheScope ? { cacheScope: page.cacheScope } : {}),
      };
      return { key, entries: page.skills, catalog, expiresAt: expiryOf([{ ...(page.ttlMs !== undefined ? { ttlMs: page.ttlMs } : {}) }]) };
    }, signal ? { signal } : {});
    this.listings.set(name, ticket, listing);
    return listing.catalog;
  }

  /** One skill by URI (`skills/get`): listed or not, as the server answers it now. */
  async get(name: ServerName, config: ServerConfig, uri: string, signal?: AbortSignal): Promise<SkillInfo> {
    const skill = await this.fetchEntry(name, config, uri, signal);
    const held = this.heldEntries(name, config);
    return toSkillInfo(skill, held.some((other) => other.frontmatter.name === skill.frontmatter.name && !sameUri(other.uri, skill.uri)));
  }

  async readFile(name: ServerName, config: ServerConfig, skillUri: string, file: string | undefined, { refresh = false, withBytes = false, signal }: { refresh?: boolean; withBytes?: boolean; signal?: AbortSignal | undefined } = {}): Promise<SkillFileRead> {
    return this.readAgainst(name, config, await this.entryOf(name, config, skillUri, signal), file, { refresh, withBytes, signal });
  }

  /** Reads a file of `skill` checked against exactly this entry (one held while acting on the skill). */
  readAgainst(name: ServerName, config: ServerConfig, skill: Skill, file: string | undefined, { refresh = false, withBytes = false, signal }: { refresh?: boolean; withBytes?: boolean; signal?: AbortSignal | undefined } = {}): Promise<SkillFileRead> {
    return this.connections.request(
      name,
      config,
      (client, signal) =>
        readSkillFile(
          skillsClientOf(client),
          skill,
          file,
          { timeout: requestTimeoutMs(this.connections, config), ...(signal ? { signal } : {}), ...(refresh ? { cacheMode: 'refresh' } : {}) },
          { withBytes },
        ),
      signal ? { signal } : {},
    );
  }

  async readDirectory(name: ServerName, config: ServerConfig, uri: string, signal?: AbortSignal): Promise<SkillDirectoryEntry[]> {
    const resources = await this.connections.request(name, config, async (client, signal) => {
      const skills = skillsClientOf(client);
      if (!skills.directoryRead) return undefined;
      return (await skills.readDirectory(uri, { timeout: requestTimeoutMs(this.connections, config), ...(signal ? { signal } : {}) })).resources;
    }, signal ? { signal } : {});
    // Outside the request: an answer of ours, not a failure of the server's.
    if (!resources) throw new AppError('invalid-request', `${name} does not serve folders (it does not declare directoryRead for the skills extension).`);
    return resources.map((resource) => ({
        uri: resource.uri,
        name: resource.name,
        directory: resource.mimeType === 'inode/directory',
        ...(resource.mimeType ? { mimeType: resource.mimeType } : {}),
        ...(typeof resource.size === 'number' ? { size: resource.size } : {}),
      }));
  }

  async verify(name: ServerName, config: ServerConfig, skillUri: string, signal?: AbortSignal): Promise<SkillVerification> {
    const skill = await this.entryOf(name, config, skillUri, signal);
    return this.connections.request(
      name,
      config,
      (client, requestSignal) => verifySkill(skillsClientOf(client), skill, { timeout: requestTimeoutMs(this.connections, config), ...(requestSignal ? { signal: requestSignal } : {}) }),
      signal ? { signal } : {},
    );
  }

  /**
   * The entry files are checked against: the one held from this connection's listing (whatever
   * its age: it is what the user sees), else the server's answer to `skills/get`.
   */
  async entryOf(name: ServerName, config: ServerConfig, uri: string, signal?: AbortSignal): Promise<Skill> {
    return this.heldEntries(name, config).find((skill) => sameUri(skill.uri, uri)) ?? this.fetchEntry(name, config, uri, signal);
  }

  private heldEntries(name: ServerName, config: ServerConfig): Skill[] {
    const held = this.listings.get(name);
    return held?.key === connectionKey(name, config) ? held.entries : [];
  }

  private async fetchEntry(name: ServerName, config: ServerConfig, uri: string, signal?: AbortSignal): Promise<Skill> {
    const answer = await this.connections.request(name, config, async (client, signal): Promise<{ skill: Skill } | { refused: string } | undefined> => {
      const skills = skillsClientOf(client);
      if (!skills.supported) return undefined;
      try {
        return { skill: (await skills.get(uri, { timeout: requestTimeoutMs(this.connections, config), ...(signal ? { signal } : {}) })).skill };
      } catch (error) {
        // -32602: the server serves no skill there (the extension's answer for an unknown URI).
        if (error instanceof ProtocolError && error.code === ProtocolErrorCode.InvalidParams) return { refused: error.message };
        throw error;
      }
    }, signal ? { signal } : {});
    // Outside the request: answers of ours, not failures of the server's.
    if (!answer) throw new AppError('invalid-request', `${name} does not declare the skills extension (io.modelcontextprotocol/skills).`);
    if ('refused' in answer) throw new AppError('not-found', `${name} serves no skill at ${uri}: ${answer.refused}`);
    return answer.skill;
  }
}
