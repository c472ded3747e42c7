/**
 * The doctor's rules for a server's skills (the MCP Skills extension, SEP-2640): over what the
 * server sent (`skills/list`, every page, read raw so an entry the SDK would refuse can be
 * named) and the verification of every file of every valid skill. Each rule cites the part of
 * the SEP it comes from; a finding points into the listing (`/skills/3/frontmatter/name`).
 */
import { SKILL_LIMITS } from '@modelcontextprotocol/client/ext/skills';
import type { DoctorFinding, DoctorRuleInfo } from '../../../../shared/api/doctor';
import type { SkillsEvidence } from '../../skills/skills-evidence';
import type { ServerName } from '../../../../shared/config/server-config';
import { pointer } from '../json-pointer';

const SEP = 'https://modelcontextprotocol.io/seps/2640-skills-extension';
const SPECIFICATION = `${SEP}#specification`;
const VERIFICATION = `${SEP}#integrity-and-verification`;
/** What each rule was checked against: the SEP's text, as the SDK's skills client (ext/skills) also applies it. */
const SPECIFICATION_EVIDENCE = 'SEP-2640 (MCP Skills extension), "Specification"; the same checks as @modelcontextprotocol/client ext/skills';
const VERIFICATION_EVIDENCE = 'SEP-2640 (MCP Skills extension), "Integrity and verification"; the same checks as @modelcontextprotocol/client ext/skills';


interface SkillHit {
  pointer: string;
  message: string;
}

interface SkillRule extends DoctorRuleInfo {
  check(evidence: SkillsEvidence): SkillHit[];
}

/** The Agent Skills naming rules: 1–64 of a-z 0-9 and hyphens, no hyphen first, last or twice in a row. */
const SKILL_NAME = /^(?=.{1,64}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const RESERVED_PREFIX = 'io.modelcontextprotocol/';

type Entry = { uri?: unknown; frontmatter?: unknown; resources?: unknown };

const record = (value: unknown): Record<string, unknown> | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);
const entriesOf = (evidence: SkillsEvidence): Entry[] => ('entries' in evidence.list ? evidence.list.entries.map((entry) => record(entry) ?? {}) : []);
const uriOf = (entry: Entry): string | undefined => (typeof entry.uri === 'string' ? entry.uri : undefined);

/** The folder a SKILL.md URI names (`skill://a/b`), and its last segment (the skill's name by the URI). */
function folderOf(uri: string): { root: string; name: string } | undefined {
  if (!uri.endsWith('/SKILL.md')) return undefined;
  const root = uri.slice(0, -'/SKILL.md'.length);
  const name = root.slice(root.lastIndexOf('/') + 1);
  return root.includes('://') && name && !name.includes(':') ? { root, name } : undefined;
}

function resourcesOf(entry: Entry): Array<Record<string, unknown>> | undefined {
  return Array.isArray(entry.resources) ? entry.resources.map((resource) => record(resource) ?? {}) : undefined;
}

/** Runs `check` on each entry, with its index. */
const perEntry = (evidence: SkillsEvidence, check: (entry: Entry, index: number) => SkillHit[]): SkillHit[] => entriesOf(evidence).flatMap(check);

export const SKILL_RULES: SkillRule[] = [
  {
    id: 'skills-capability-methods',
    severity: 'error',
    hosts: ['spec'],
    summary: 'the skills extension is declared if and only if skills/list answers',
    source: SPECIFICATION,
    evidence: SPECIFICATION_EVIDENCE,
    verified: true,
    check: (evidence) => {
      if (evidence.declared && 'error' in evidence.list) {
        return [{ pointer: '', message: `The server declares io.modelcontextprotocol/skills but skills/list fails: ${evidence.list.error}. Answer skills/list and skills/get, or drop the extension.` }];
      }
      if (!evidence.declared && 'entries' in evidence.list) {
        return [{ pointer: '', message: `skills/list answers (${evidence.list.entries.length} entries) but the server does not declare io.modelcontextprotocol/skills under capabilities.extensions: hosts never ask. Declare it.` }];
      }
      return [];
    },
  },
  {
    id: 'skills-frontmatter-required',
    severity: 'error',
    hosts: ['spec'],
    summary: "every entry has a uri and a frontmatter object with a non-empty name and description",
    source: SPECIFICATION,
    evidence: SPECIFICATION_EVIDENCE,
    verified: true,
    check: (evidence) =>
      perEntry(evidence, (entry, index) => {
        if (uriOf(entry) === undefined) return [{ pointer: pointer('skills', String(index), 'uri'), message: `Entry ${index} has no uri: hosts cannot read it. Give the URI of its SKILL.md.` }];
        const frontmatter = record(entry.frontmatter);
        if (!frontmatter) return [{ pointer: pointer('skills', String(index), 'frontmatter'), message: `${uriOf(entry)} has no frontmatter object: copy the frontmatter of its SKILL.md into the entry.` }];
        return (['name', 'description'] as const)
          .filter((field) => typeof frontmatter[field] !== 'string' || frontmatter[field] === '')
          .map((field) => ({ pointer: pointer('skills', String(index), 'frontmatter', field), message: `${uriOf(entry)}: frontmatter.${field} is missing or empty; every skill needs a name and a description.` }));
      }),
  },
  {
    id: 'skills-name-rules',
    severity: 'error',
    hosts: ['spec'],
    summary: 'skill names are 1–64 of a-z 0-9 and hyphens, no hyphen first, last or twice in a row',
    source: SPECIFICATION,
    evidence: SPECIFICATION_EVIDENCE,
    verified: true,
    check: (evidence) =>
      perEntry(evidence, (entry, index) => {
        const uri = uriOf(entry);
        const folder = uri ? folderOf(uri) : undefined;
        if (!uri) return [];
        if (!folder) return [{ pointer: pointer('skills', String(index), 'uri'), message: `${uri} is not <scheme>://<path>/<name>/SKILL.md: an entry's uri names its SKILL.md.` }];
        return SKILL_NAME.test(decodeSafely(folder.name))
          ? []
          : [{ pointer: pointer('skills', String(index), 'uri'), message: `"${folder.name}" (the last folder of ${uri}) breaks the naming rules: 1–64 lowercase letters, digits and hyphens, no hyphen first, last or twice. Rename the skill.` }];
      }),
  },
  {
    id: 'skills-name-matches-uri',
    severity: 'error',
    hosts: ['spec'],
    summary: "the last folder of a skill's URI is its frontmatter name",
    source: SPECIFICATION,
    evidence: SPECIFICATION_EVIDENCE,
    verified: true,
    check: (evidence) =>
      perEntry(evidence, (entry, index) => {
        const uri = uriOf(entry);
        const folder = uri ? folderOf(uri) : undefined;
        const name = record(entry.frontmatter)?.name;
        if (!folder || typeof name !== 'string' || decodeSafely(folder.name) === name) return [];
        return [{ pointer: pointer('skills', String(index), 'frontmatter', 'name'), message: `${uri}: the frontmatter name is "${name}" but the URI's last folder is "${folder.name}"; they must be the same.` }];
      }),
  },
  {
    id: 'skills-unique-names',
    severity: 'warning',
    hosts: ['spec'],
    summary: "skill names are unique within a server's listing (hosts must tell repeated ones apart by URI)",
    source: SPECIFICATION,
    evidence: SPECIFICATION_EVIDENCE,
    verified: true,
    check: (evidence) => {
      const seen = new Map<string, number>();
      return perEntry(evidence, (entry, index) => {
        const name = record(entry.frontmatter)?.name;
        if (typeof name !== 'string') return [];
        const first = seen.get(name);
        if (first === undefined) {
          seen.set(name, index);
          return [];
        }
        return [{ pointer: pointer('skills', String(index), 'frontmatter', 'name'), message: `"${name}" is the name of entry ${first} too: a user (and a model) cannot tell them apart by name. Give each skill its own name.` }];
      });
    },
  },
  {
    id: 'skills-resources-complete',
    severity: 'error',
    hosts: ['spec'],
    summary: 'every entry lists its files (or says "dynamic"), its own SKILL.md among them, each URI once',
    source: SPECIFICATION,
    evidence: SPECIFICATION_EVIDENCE,
    verified: true,
    check: (evidence) =>
      perEntry(evidence, (entry, index) => {
        const uri = uriOf(entry);
        if (!uri || entry.resources === 'dynamic') return [];
        const resources = resourcesOf(entry);
        if (!resources) return [{ pointer: pointer('skills', String(index), 'resources'), message: `${uri}: resources must be the list of the skill's files, or "dynamic".` }];
        const uris = resources.map((resource) => resource.uri);
        const hits: SkillHit[] = [];
        if (!uris.includes(uri)) hits.push({ pointer: pointer('skills', String(index), 'resources'), message: `${uri}: the skill's own SKILL.md is not among its resources; list it with its size and digest.` });
        uris.forEach((other, at) => {
          if (uris.indexOf(other) !== at) hits.push({ pointer: pointer('skills', String(index), 'resources', String(at)), message: `${uri}: ${String(other)} is listed twice.` });
        });
        return hits;
      }),
  },
  {
    id: 'skills-resources-within-skill',
    severity: 'error',
    hosts: ['spec'],
    summary: "every file a skill lists is inside the skill's folder",
    source: SPECIFICATION,
    evidence: SPECIFICATION_EVIDENCE,
    verified: true,
    check: (evidence) =>
      perEntry(evidence, (entry, index) => {
        const uri = uriOf(entry);
        const folder = uri ? folderOf(uri) : undefined;
        if (!folder) return [];
        return (resourcesOf(entry) ?? []).flatMap((resource, at) =>
          typeof resource.uri === 'string' && (!resource.uri.startsWith(`${folder.root}/`) || /\/\.\.?(\/|$)/.test(resource.uri.slice(folder.root.length)))
            ? [{ pointer: pointer('skills', String(index), 'resources', String(at), 'uri'), message: `${uri}: ${resource.uri} is outside the skill's folder ${folder.root}/; a host refuses the whole entry. Move the file into the skill.` }]
            : [],
        );
      }),
  },
  {
    id: 'skills-digest-format',
    severity: 'error',
    hosts: ['spec'],
    summary: 'every listed file has a size (a whole number of bytes) and a digest sha256:<64 lowercase hex>',
    source: VERIFICATION,
    evidence: VERIFICATION_EVIDENCE,
    verified: true,
    check: (evidence) =>
      perEntry(evidence, (entry, index) =>
        (resourcesOf(entry) ?? []).flatMap((resource, at) => {
          const hits: SkillHit[] = [];
          const where = (field: string) => pointer('skills', String(index), 'resources', String(at), field);
          if (typeof resource.digest !== 'string' || !DIGEST.test(resource.digest)) hits.push({ pointer: where('digest'), message: `${String(resource.uri)}: digest ${JSON.stringify(resource.digest)} is not sha256:<64 lowercase hex>; hosts cannot verify the file.` });
          if (typeof resource.size !== 'number' || !Number.isSafeInteger(resource.size) || resource.size < 0) hits.push({ pointer: where('size'), message: `${String(resource.uri)}: size ${JSON.stringify(resource.size)} is not a whole number of bytes.` });
          return hits;
        }),
      ),
  },
  {
    id: 'skills-limits',
    severity: 'warning',
    hosts: ['spec'],
    summary: `a skill has at most ${SKILL_LIMITS.files} files and ${SKILL_LIMITS.bytes} bytes (16 MiB) in all; hosts may decline more`,
    source: SPECIFICATION,
    evidence: SPECIFICATION_EVIDENCE,
    verified: true,
    check: (evidence) =>
      perEntry(evidence, (entry, index) => {
        const resources = resourcesOf(entry);
        if (!resources) return [];
        const total = resources.reduce((sum, resource) => sum + (typeof resource.size === 'number' ? resource.size : 0), 0);
        const hits: SkillHit[] = [];
        if (resources.length > SKILL_LIMITS.files) hits.push({ pointer: pointer('skills', String(index), 'resources'), message: `${String(entry.uri)} lists ${resources.length} files; hosts take up to ${SKILL_LIMITS.files} and may decline the skill.` });
        if (total > SKILL_LIMITS.bytes) hits.push({ pointer: pointer('skills', String(index), 'resources'), message: `${String(entry.uri)} is ${total} bytes in all; hosts take up to ${SKILL_LIMITS.bytes} (16 MiB) and may decline the skill.` });
        return hits;
      }),
  },
  {
    id: 'skills-reserved-metadata',
    severity: 'warning',
    hosts: ['spec'],
    summary: `frontmatter metadata keys starting ${RESERVED_PREFIX} are reserved for MCP extensions (none is defined yet)`,
    source: SPECIFICATION,
    evidence: SPECIFICATION_EVIDENCE,
    verified: true,
    check: (evidence) =>
      perEntry(evidence, (entry, index) =>
        Object.keys(record(record(entry.frontmatter)?.metadata) ?? {})
          .filter((key) => key.startsWith(RESERVED_PREFIX))
          .map((key) => ({ pointer: pointer('skills', String(index), 'frontmatter', 'metadata', key), message: `${String(entry.uri)}: metadata key "${key}" uses the reserved prefix ${RESERVED_PREFIX}; use a prefix of your own.` })),
      ),
  },
  {
    id: 'skills-frontmatter-identical',
    severity: 'error',
    hosts: ['spec'],
    summary: "an entry's frontmatter is identical to its SKILL.md's (hosts refuse to load the skill otherwise)",
    source: VERIFICATION,
    evidence: VERIFICATION_EVIDENCE,
    verified: true,
    check: (evidence) => verificationHits(evidence, (reason) => reason === 'frontmatter'),
  },
  {
    id: 'skills-files-verify',
    severity: 'error',
    hosts: ['spec'],
    summary: 'every listed file is served with the size and digest its entry lists',
    source: VERIFICATION,
    evidence: VERIFICATION_EVIDENCE,
    verified: true,
    check: (evidence) => verificationHits(evidence, (reason) => reason !== 'frontmatter'),
  },
];

function verificationHits(evidence: SkillsEvidence, wanted: (reason: string) => boolean): SkillHit[] {
  const entries = entriesOf(evidence);
  return evidence.verifications.flatMap((verification) => {
    const index = entries.findIndex((entry) => entry.uri === verification.skill);
    return verification.files
      .filter((file) => file.failure && wanted(file.failure.reason))
      .map((file) => ({
        pointer: index < 0 ? '' : pointer('skills', String(index), ...(file.uri === verification.skill ? ['frontmatter'] : ['resources'])),
        message: `${verification.skill}, file ${file.path}: ${file.failure!.reason}: ${file.failure!.message}${file.failure!.differences?.length ? ` (${file.failure!.differences.join('; ')})` : ''}. Hosts will not load it.`,
      }));
  });
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The findings of every skill rule on `server`'s evidence. */
export function skillFindings(server: ServerName, evidence: SkillsEvidence): DoctorFinding[] {
  return SKILL_RULES.flatMap((rule) =>
    rule.check(evidence).map((hit) => ({ rule: rule.id, severity: rule.severity, hosts: rule.hosts, server, pointer: hit.pointer, source: rule.source, message: hit.message })),
  );
}

export const SKILL_RULE_INFOS: DoctorRuleInfo[] = SKILL_RULES.map(({ id, severity, hosts, summary, source, evidence, verified }) => ({ id, severity, hosts, summary, source, evidence, verified }));
