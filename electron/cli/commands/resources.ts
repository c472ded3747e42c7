/** `resources list`, `resources templates` and `resources read`. */
import type { ResourceCatalog } from '../../../shared/api/resources';
import type { ContentView } from '../../../shared/content-view';
import type { CommandRun } from '../command-run';
import { EXIT, usageError, type ExitCode } from '../exit-codes';
import type { Output } from '../output';
import { renderBlock, wholeBlocks } from '../render-result';
import type { SourceOptions } from '../session';
import { formatBytes, formatTable } from '../table';
import { listUnlessNotOffered } from './not-offered';

const NO_RESOURCES: ResourceCatalog = { resources: [], templates: [], subscriptions: [] };

export async function resourcesList(run: CommandRun, server: string | undefined, options: SourceOptions): Promise<ExitCode> {
  run.catalog = 'resources';
  run.connectsFirst();
  const session = await run.session(options);
  const name = run.serverName(session, server);
  const { resources, templates } = await listUnlessNotOffered(session, name, 'resources', () => session.api.listResources({ server: name }), NO_RESOURCES);
  if (run.output.json) {
    run.output.document({ server: name, resources });
  } else if (resources.length === 0) {
    run.output.note(`${name} offers no resources${templates.length ? hasTemplatesHint(session.adhoc !== undefined, name) : ''}.`);
  } else {
    const lines = formatTable(
      resources,
      [
        { header: 'URI', value: (r) => r.uri },
        { header: 'NAME', value: (r) => r.title ?? r.name },
        { header: 'TYPE', value: (r) => r.mimeType ?? '-' },
        { header: 'SIZE', value: (r) => (r.size !== undefined ? formatBytes(r.size) : '-'), right: true },
        { header: 'DESCRIPTION', value: (r) => firstLine(r.description ?? '') },
      ],
      run.output.width,
    );
    for (const line of lines) run.output.line(line);
  }
  return EXIT.ok;
}

function hasTemplatesHint(adhoc: boolean, name: string): string {
  return ` (resource templates: mcp-workbench resources templates ${adhoc ? '<same server options>' : name})`;
}

export async function resourcesTemplates(run: CommandRun, server: string | undefined, options: SourceOptions): Promise<ExitCode> {
  run.catalog = 'resources';
  run.connectsFirst();
  const session = await run.session(options);
  const name = run.serverName(session, server);
  const { templates } = await listUnlessNotOffered(session, name, 'resources', () => session.api.listResources({ server: name }), NO_RESOURCES);
  if (run.output.json) {
    run.output.document({ server: name, templates });
  } else if (templates.length === 0) {
    run.output.note(`${name} offers no resource templates.`);
  } else {
    const lines = formatTable(
      templates,
      [
        { header: 'URI TEMPLATE', value: (t) => t.uriTemplate },
        { header: 'NAME', value: (t) => t.title ?? t.name },
        { header: 'TYPE', value: (t) => t.mimeType ?? '-' },
        { header: 'DESCRIPTION', value: (t) => firstLine(t.description ?? '') },
      ],
      run.output.width,
    );
    for (const line of lines) run.output.line(line);
  }
  return EXIT.ok;
}

export async function resourcesRead(run: CommandRun, operands: string[], options: SourceOptions): Promise<ExitCode> {
  run.catalog = 'resources';
  const session = await run.session(options);
  const [server, uri, ...extra] = session.adhoc ? [undefined, ...operands] : operands;
  if (extra.length) throw usageError(`Unexpected ${extra.map((word) => `"${word}"`).join(' ')}: give one URI.`);
  const name = run.serverName(session, server);
  if (!uri) throw usageError(`Give the URI of the resource to read from ${name}.`, `mcp-workbench resources list ${session.adhoc ? '<same server options>' : name} shows them.`);
  if (run.output.json) {
    // The contents as the resources API gives them: text, and binary data as base64.
    run.output.document({ server: name, ...(await session.api.readResource({ server: name, uri })) });
    return EXIT.ok;
  }
  // For people, through the result pipeline: text whole, images and binary saved to files.
  const blocks = await wholeBlocks(session.api, await session.api.readResourceLink({ server: name, uri }));
  for (const block of blocks) renderBlock(block, run.output);
  return EXIT.ok;
}

/** Text as it is; binary content summarized (its bytes are in --json, as base64). Every line gets `indent`. */
export function renderContent(view: ContentView, output: Output, indent = ''): void {
  const prefix = indent;
  switch (view.kind) {
    case 'text':
      for (const line of view.text.split('\n')) output.line(`${indent}${line}`);
      return;
    case 'resource':
      if (view.content.kind === 'text') {
        output.line(`${prefix}[resource ${view.uri}${view.mimeType ? ` ${view.mimeType}` : ''}]`);
        renderContent(view.content, output, indent);
      } else {
        output.line(`${prefix}[resource ${view.uri}]`);
        renderContent(view.content, output, indent);
      }
      return;
    case 'image':
    case 'audio':
      output.line(`${prefix}[${view.kind} ${view.mimeType}, ${formatBytes(base64Bytes(view.data))}] (its data: --json)`);
      return;
    case 'binary':
      output.line(`${prefix}[binary${view.mimeType ? ` ${view.mimeType}` : ''}, ${formatBytes(view.size)}] (its data: --json)`);
      return;
    case 'resource-link':
      output.line(`${prefix}[resource link ${view.uri}${view.name ? ` (${view.name})` : ''}]`);
      return;
    case 'other':
      output.line(`${prefix}${JSON.stringify(view.value, null, 2)}`);
  }
}

function base64Bytes(data: string): number {
  return Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0]!.trim();
}
