/**
 * Checks on what a tool says about itself: descriptions that read like instructions to the
 * model (tool poisoning), hidden or direction-changing Unicode, and tools whose names sound
 * like they change things but carry no annotations saying so.
 */
import type { DoctorFinding } from '../../../../shared/api/doctor';
import type { ToolInfo } from '../../../../shared/domain';
import { pointer } from '../json-pointer';
import { walkSchema } from '../schema-walk';
import { BIDI_CONTROLS, HIDDEN_CHARACTERS } from '../../../../shared/hidden-characters';

const POISONING = 'https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks';
const SECURITY_SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#security-considerations';
const ANNOTATIONS_SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-annotations';
const BIDI = 'https://trojansource.codes/';

const INJECTION_PATTERNS: Array<{ pattern: RegExp; what: string }> = [
  { pattern: /\b(ignore|disregard|forget)\b[^.\n]{0,30}\b(previous|prior|above|earlier|all|other)\b[^.\n]{0,20}\b(instructions?|prompts?|rules?|messages?)/i, what: 'tells the model to ignore its instructions' },
  { pattern: /\b(before|after|instead of)\b[^.\n]{0,40}\b(call|use|using|calling|invoke|run)\b[^.\n]{0,40}\b(any|other|another|every|the)\b[^.\n]{0,20}\btools?\b/i, what: 'tells the model to call other tools' },
  { pattern: /\b(always|must|first)\b[^.\n]{0,20}\b(call|invoke|use|run)\b[^.\n]{0,10}\b(the )?[\w.-]+ tool\b/i, what: 'tells the model to call another tool' },
  { pattern: /\b(do not|don't|never)\b[^.\n]{0,20}\b(tell|inform|mention|reveal|show)\b[^.\n]{0,20}\b(the )?user\b/i, what: 'tells the model to keep something from the user' },
  { pattern: /<\s*(important|system|instructions?)\s*>/i, what: 'carries a fake <important>/<system> block' },
  { pattern: /\b(read|send|include|pass)\b[^.\n]{0,40}(~\/\.ssh|id_rsa|\.env\b|mcp\.json|api[_ -]?key|password|credentials)/i, what: 'asks for secrets or key files' },
];

/** The same classes the UI marks in names (shared/hidden-characters.ts). */
const HIDDEN = HIDDEN_CHARACTERS;

/** Every text of a tool the model reads: its description, title, and each schema's descriptions. */
function texts(tool: ToolInfo): Array<{ pointer: string; text: string }> {
  const out: Array<{ pointer: string; text: string }> = [];
  if (tool.description) out.push({ pointer: pointer('description'), text: tool.description });
  if (tool.title) out.push({ pointer: pointer('title'), text: tool.title });
  out.push({ pointer: pointer('name'), text: tool.name });
  for (const { node, pointer: at } of walkSchema(tool.inputSchema, '/inputSchema')) {
    if (typeof node.description === 'string') out.push({ pointer: `${at}/description`, text: node.description });
    if (typeof node.title === 'string') out.push({ pointer: `${at}/title`, text: node.title });
  }
  return out;
}

const codePoint = (text: string, re: RegExp) => {
  const match = re.exec(text);
  return match ? `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : '';
};

export function descriptionFindings(server: string, tool: ToolInfo): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  const base = { server, tool: tool.name };
  for (const { pointer: at, text } of texts(tool)) {
    if (HIDDEN.test(text)) {
      findings.push({ ...base, rule: 'live-hidden-unicode', severity: 'error', hosts: ['spec'], pointer: at, source: POISONING, message: `The text holds invisible characters (${codePoint(text, HIDDEN)}): the model reads what the user cannot see. Remove them.` });
    }
    if (BIDI_CONTROLS.test(text)) {
      findings.push({ ...base, rule: 'live-bidi-unicode', severity: 'error', hosts: ['spec'], pointer: at, source: BIDI, message: `The text holds a bidirectional control (${codePoint(text, BIDI_CONTROLS)}), which makes it read differently from how it shows. Remove it.` });
    }
    for (const { pattern, what } of INJECTION_PATTERNS) {
      const match = pattern.exec(text);
      if (!match) continue;
      findings.push({ ...base, rule: 'live-prompt-injection', severity: 'warning', hosts: ['spec'], pointer: at, source: SECURITY_SPEC, message: `The text ${what} ("${match[0].slice(0, 80)}"). Describe what the tool does; leave instructions to the user.` });
    }
  }
  return findings;
}

/** Words at the start (or after _ - .) of a tool name that say it changes something. */
const WRITE_WORDS = /(^|[_.\-/])(create|delete|remove|write|update|edit|modify|set|put|post|send|drop|insert|upsert|move|rename|upload|publish|deploy|exec|execute|run|kill|reset|purge|destroy|add|patch|merge|push|close|cancel|approve|transfer|pay|revoke)([_.\-/A-Z]|$)/i;

export function annotationFindings(server: string, tool: ToolInfo): DoctorFinding[] {
  const a = tool.annotations ?? {};
  if (!WRITE_WORDS.test(tool.name) || a.readOnlyHint !== undefined || a.destructiveHint !== undefined) return [];
  return [
    {
      rule: 'live-missing-annotations',
      severity: 'warning',
      hosts: ['spec', 'claude-code', 'vscode', 'openai'],
      server,
      tool: tool.name,
      pointer: pointer('annotations'),
      source: ANNOTATIONS_SPEC,
      message: `"${tool.name}" sounds like it changes things, but it has no readOnlyHint or destructiveHint. Say which: hosts use them to decide whether to ask before running it (ChatGPT marks unannotated tools as writes).`,
    },
  ];
}
