/**
 * Gemini CLI: how it names MCP tools and what reaches the Gemini API.
 *
 * Checked against Gemini CLI 0.56.0-nightly.20260806 (google-gemini/gemini-cli@5411f113):
 * `discoverTools` in packages/core/src/tools/mcp-client.ts passes each tool's inputSchema to the
 * API as `parametersJsonSchema` (JSON Schema), changing only `"type": [T, "null"]` into
 * `"type": T, "nullable": true`; `generateValidName` in packages/core/src/tools/mcp-tool.ts builds
 * the name. So the Gemini API's OpenAPI subset (`parameters`) does not apply to MCP tools there:
 * `$schema`, `additionalProperties`, type lists and unions all reach the API as JSON Schema.
 */
import { pointer } from '../json-pointer';
import type { HostRuleSet } from '../rule';
import { walkSchema, type SchemaNode } from '../schema-walk';

const MCP_TOOL_SOURCE = 'https://github.com/google-gemini/gemini-cli/blob/5411f113cafae26161b4969b0237b8e1e024e2c2/packages/core/src/tools/mcp-tool.ts';
const DEFS_REPORT = 'https://github.com/google-gemini/gemini-cli/issues/13326';
const CYCLE_SOURCE = 'https://github.com/google-gemini/gemini-cli/blob/5411f113cafae26161b4969b0237b8e1e024e2c2/packages/core/src/core/geminiChat.ts';
const VERSION = 'Gemini CLI 0.56.0-nightly.20260806 (google-gemini/gemini-cli@5411f113)';

/** The Gemini API's function-name limit; Gemini CLI keeps one character in hand ("off-by-one behaviors"). */
const NAME_LIMIT = 63;

/** The name Gemini CLI gives an MCP tool: `mcp_<server>_<tool>`, other characters as `_`, long names cut in the middle. */
export function geminiCliName(server: string, tool: string): string {
  let name = `mcp_${server}_${tool}`.replace(/[^a-zA-Z0-9_\-.:]/g, '_');
  if (/^[^a-zA-Z_]/.test(name)) name = `_${name}`;
  return name.length > NAME_LIMIT ? `${name.slice(0, 30)}...${name.slice(-30)}` : name;
}

/** Whether a `$ref` (to `#/…`) leads back to a schema it is inside of. */
function hasCycle(root: unknown): boolean {
  const resolve = (ref: string): unknown => {
    if (ref === '#') return root;
    if (!ref.startsWith('#/')) return undefined;
    let at: unknown = root;
    for (const part of ref.slice(2).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))) {
      if (typeof at !== 'object' || at === null || !(part in at)) return undefined;
      at = (at as Record<string, unknown>)[part];
    }
    return at;
  };
  const onPath = new Set<string>();
  // References already followed to the end without a cycle: each is walked once, so shared definitions cost nothing more.
  const acyclic = new Set<string>();
  const visit = (node: unknown): boolean => {
    for (const { node: child } of walkSchema(node, '')) {
      const ref = (child as SchemaNode).$ref;
      if (typeof ref !== 'string' || acyclic.has(ref)) continue;
      if (onPath.has(ref)) return true;
      onPath.add(ref);
      const found = visit(resolve(ref));
      onPath.delete(ref);
      if (found) return true;
      acyclic.add(ref);
    }
    return false;
  };
  return visit(root);
}

export const gemini: HostRuleSet = {
  host: 'gemini',
  checked: '2026-12-02',
  toolName: geminiCliName,
  rules: [
    {
      kind: 'tool',
      id: 'gemini-cli-name',
      severity: 'warning',
      hosts: ['gemini'],
      summary: `mcp_<server>_<tool> keeps its characters (A-Z a-z 0-9 _ . : -) and stays within ${NAME_LIMIT} characters, else Gemini CLI renames or cuts it`,
      source: MCP_TOOL_SOURCE,
      evidence: `${VERSION}, generateValidName in packages/core/src/tools/mcp-tool.ts`,
      verified: true,
      check: (tool, ctx) => {
        const built = geminiCliName(ctx.server, tool.name);
        const plain = `mcp_${ctx.server}_${tool.name}`;
        if (built === plain) return [];
        const cut = built.includes('...') && built.length < plain.length;
        return [
          {
            pointer: pointer('name'),
            message: cut
              ? `Gemini CLI names this tool "${built}": "${plain}" is over ${NAME_LIMIT} characters, so it keeps the first and last 30 (it logs that the tool may then need approval each time). Shorten the tool name or the server's name.`
              : `Gemini CLI names this tool "${built}" (each character outside A-Z a-z 0-9 _ . : - becomes _), so policies and prompts must use that name. Use only those characters.`,
          },
        ];
      },
    },
    {
      kind: 'tool',
      id: 'gemini-cli-ref',
      severity: 'warning',
      hosts: ['gemini'],
      summary: 'no $ref into $defs or definitions (reported refused by the Gemini API, though parametersJsonSchema is documented as JSON Schema)',
      source: DEFS_REPORT,
      evidence: `${VERSION} sends the schema unchanged as parametersJsonSchema; the Gemini API answered "reference to undefined schema" for $defs references in gemini-cli#13326 (2025-11, open), while its FunctionDeclaration reference documents parametersJsonSchema as JSON Schema: not confirmed either way`,
      verified: false,
      check: (tool) =>
        walkSchema(tool.inputSchema, '/inputSchema')
          .filter(({ node }) => typeof node.$ref === 'string')
          .map(({ node, pointer: at }) => ({
            pointer: at,
            message: `"$ref": "${String(node.$ref)}" reaches the Gemini API as written (Gemini CLI passes input schemas on unchanged), and the API has been seen to refuse such references ("reference to undefined schema"). Writing the referenced schema in place avoids the question.`,
          })),
    },
    {
      kind: 'tool',
      id: 'gemini-cli-cyclic-ref',
      severity: 'warning',
      hosts: ['gemini'],
      summary: 'no $ref that leads back into itself (a recursive schema)',
      source: CYCLE_SOURCE,
      evidence: `${VERSION}: when the API answers a schema-depth or invalid-argument error, maybeIncludeSchemaDepthContext in packages/core/src/core/geminiChat.ts names the tools with cyclic $refs as the "probable" cause and suggests excluding them; the API's own rule is not documented`,
      verified: false,
      check: (tool) =>
        hasCycle(tool.inputSchema)
          ? [{ pointer: pointer('inputSchema'), message: 'The input schema refers back into itself through $ref. When a Gemini request fails on schema depth, Gemini CLI points at tools like this one and suggests excluding them. Bound the recursion (a fixed depth written out) if the tool must work there.' }]
          : [],
    },
  ],
};
