/** The MCP specification itself: tool names (SEP-986), schemas, icons and annotations. */
import { pointer } from '../json-pointer';
import type { HostRuleSet, RuleHit } from '../rule';
import { metaSchemaProblem, unresolvedRefs } from '../schema-validity';
import { isSchemaNode, toolSchemas, typesOf } from '../schema-walk';

const SEP_986 = 'https://modelcontextprotocol.io/community/seps/986-specify-format-for-tool-names';
const TOOLS_SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools';
const SCHEMA_SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25/basic#json-schema-usage';
const ICONS_SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/index#icons';

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

export const spec: HostRuleSet = {
  host: 'spec',
  checked: '2026-12-02',
  rules: [
    {
      kind: 'tool',
      id: 'spec-tool-name',
      severity: 'warning',
      hosts: ['spec'],
      summary: 'tool names are 1–64 of A-Z a-z 0-9 _ - . / (SEP-986)',
      source: SEP_986,
      evidence: 'SEP-986 (tool names), adopted in the 2025-11-25 revision: SHOULD be 1–64 of A-Z a-z 0-9 _ - . /',
      verified: true,
      check: (tool) =>
        /^[A-Za-z0-9_./-]{1,64}$/.test(tool.name)
          ? []
          : [{ pointer: pointer('name'), message: `Tool names should be 1–64 characters of A-Z a-z 0-9 _ - . /; "${tool.name}" (${tool.name.length} characters) is not. Rename it.` }],
    },
    {
      kind: 'list',
      id: 'spec-unique-names',
      severity: 'error',
      hosts: ['spec'],
      summary: 'tool names are unique within a server',
      source: SEP_986,
      evidence: 'SEP-986 and the 2025-11-25 tools page: a tool name identifies the tool within a server',
      verified: true,
      check: (tools) => {
        const seen = new Set<string>();
        const hits: RuleHit[] = [];
        tools.forEach((tool, i) => {
          if (seen.has(tool.name)) hits.push({ tool: tool.name, pointer: pointer('name'), message: `"${tool.name}" is offered twice (entry ${i + 1} of tools/list); a client can call only one of them. Give each tool its own name.` });
          seen.add(tool.name);
        });
        return hits;
      },
    },
    {
      kind: 'tool',
      id: 'spec-valid-schema',
      severity: 'error',
      hosts: ['spec'],
      summary: 'inputSchema and outputSchema are valid JSON Schema (2020-12 unless $schema says otherwise)',
      source: SCHEMA_SPEC,
      evidence: 'MCP 2025-11-25, basic: JSON Schema usage (2020-12 is the default dialect when $schema is absent)',
      verified: true,
      check: (tool) =>
        toolSchemas(tool).flatMap(({ schema, base }) => {
          // Another declared draft is allowed; only the default dialect is checked against its meta-schema.
          if (isSchemaNode(schema) && typeof schema.$schema === 'string' && !schema.$schema.includes('2020-12')) return [];
          const problem = metaSchemaProblem(schema, base);
          return problem ? [{ pointer: problem.pointer, message: `Not valid JSON Schema 2020-12: ${problem.message}` }] : [];
        }),
    },
    {
      kind: 'tool',
      id: 'spec-input-schema-object',
      severity: 'error',
      hosts: ['spec'],
      summary: 'inputSchema is an object schema ({"type": "object"})',
      source: TOOLS_SPEC,
      evidence: 'MCP 2025-11-25 schema: Tool.inputSchema is {"type": "object", …}; the TypeScript SDK refuses a tools/list where it is not',
      verified: true,
      check: (tool) =>
        typesOf(tool.inputSchema).length === 1 && tool.inputSchema.type === 'object' ? [] : [{ pointer: pointer('inputSchema', 'type'), message: 'inputSchema must be {"type": "object", …}: tool arguments are a JSON object.' }],
    },
    {
      kind: 'tool',
      id: 'spec-output-schema-object',
      severity: 'error',
      hosts: ['spec'],
      summary: 'outputSchema, when given, is an object schema',
      source: TOOLS_SPEC,
      evidence: 'MCP 2025-11-25 schema: Tool.outputSchema is {"type": "object", …}',
      verified: true,
      check: (tool) =>
        tool.outputSchema === undefined || (isSchemaNode(tool.outputSchema) && tool.outputSchema.type === 'object')
          ? []
          : [{ pointer: pointer('outputSchema', 'type'), message: 'outputSchema must be {"type": "object", …}: structuredContent is a JSON object. Wrap a list or a value in a property.' }],
    },
    {
      kind: 'tool',
      id: 'spec-resolvable-refs',
      severity: 'error',
      hosts: ['spec'],
      summary: 'every $ref resolves inside the schema',
      source: SCHEMA_SPEC,
      evidence: 'MCP 2025-11-25, basic: JSON Schema usage; a tool schema is sent alone, so only local references can resolve',
      verified: true,
      check: (tool) =>
        toolSchemas(tool).flatMap(({ schema, base }) =>
          unresolvedRefs(schema, base).map(({ pointer: at, ref }) => ({ pointer: at, message: `"$ref": "${ref}" does not resolve inside the schema (a tool schema travels alone). Put the definition under "$defs" and refer to "#/$defs/…".` })),
        ),
    },
    {
      kind: 'tool',
      id: 'spec-icons',
      severity: 'warning',
      hosts: ['spec'],
      summary: 'icons have an https: or data: src, an image mimeType and sizes such as "48x48" or "any"',
      source: ICONS_SPEC,
      evidence: 'MCP 2025-11-25, basic: Icons (src, mimeType, sizes)',
      verified: true,
      check: (tool) => {
        const icons = (tool as { icons?: unknown }).icons;
        if (icons === undefined) return [];
        if (!Array.isArray(icons)) return [{ pointer: pointer('icons'), message: '"icons" must be a list of {src, mimeType?, sizes?}.' }];
        return icons.flatMap((icon: unknown, i): RuleHit[] => {
          const at = (...rest: string[]) => pointer('icons', i, ...rest);
          if (!isSchemaNode(icon) || typeof icon.src !== 'string') return [{ pointer: at(), message: 'An icon needs a "src" string.' }];
          const hits: RuleHit[] = [];
          if (!/^(https:|data:image\/)/.test(icon.src)) hits.push({ pointer: at('src'), message: `Icon src "${icon.src.slice(0, 60)}" should be an https: URL or a data:image/… URI (clients refuse others).` });
          if (icon.mimeType !== undefined && (typeof icon.mimeType !== 'string' || !icon.mimeType.startsWith('image/'))) hits.push({ pointer: at('mimeType'), message: 'Icon mimeType should be an image type such as image/png.' });
          if (icon.sizes !== undefined && (!Array.isArray(icon.sizes) || icon.sizes.some((s) => typeof s !== 'string' || !/^(any|\d+x\d+)$/.test(s)))) {
            hits.push({ pointer: at('sizes'), message: 'Icon sizes should be a list such as ["48x48", "96x96"] or ["any"].' });
          }
          return hits;
        });
      },
    },
    {
      kind: 'tool',
      id: 'spec-annotations',
      severity: 'warning',
      hosts: ['spec'],
      summary: 'annotation hints are booleans that do not contradict each other; title is a string',
      source: TOOLS_SPEC,
      evidence: 'MCP 2025-11-25 schema: ToolAnnotations (boolean hints; destructiveHint meaningful only when readOnlyHint is false)',
      verified: true,
      check: (tool) => {
        const annotations = tool.annotations as Record<string, unknown> | undefined;
        if (annotations === undefined) return [];
        const hits: RuleHit[] = HINTS.filter((hint) => annotations[hint] !== undefined && typeof annotations[hint] !== 'boolean').map((hint) => ({
          pointer: pointer('annotations', hint),
          message: `${hint} must be true or false, not ${JSON.stringify(annotations[hint])}.`,
        }));
        if (annotations.title !== undefined && typeof annotations.title !== 'string') hits.push({ pointer: pointer('annotations', 'title'), message: 'annotations.title must be a string.' });
        if (annotations.readOnlyHint === true && annotations.destructiveHint === true) {
          hits.push({ pointer: pointer('annotations', 'destructiveHint'), message: 'A tool marked read-only cannot also be destructive (destructiveHint only means something when readOnlyHint is false). Drop one.' });
        }
        return hits;
      },
    },
  ],
};
