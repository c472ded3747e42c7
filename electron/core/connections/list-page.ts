/**
 * One page of a list (tools, resources, templates, prompts) as a plain request. The SDK's
 * list verbs walk every page on their own and, for a server that does not advertise the
 * capability, answer an empty list without asking; the workbench shows each page on the
 * wire and what the server itself says (e.g. "Method not found").
 */
import type { Client, RequestOptions, ResultTypeMap } from '@modelcontextprotocol/client';

export type ListMethod = 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list';

export function listPage<M extends ListMethod>(client: Client, method: M, cursor: string | undefined, options?: RequestOptions): Promise<ResultTypeMap[M]> {
  return client.request({ method, params: cursor ? { cursor } : {} }, options) as Promise<ResultTypeMap[M]>;
}
