/**
 * A list the server does not offer: a server without the capability answers the list
 * request with "Method not found" (-32601), which is no failure of the user's — it has
 * none of them. A server that declares the capability and still answers so is at fault,
 * and is told so.
 */
import { AppError } from '../../../shared/envelope';
import type { ServerName } from '../../../shared/config/server-config';
import { CliError, EXIT } from '../exit-codes';
import type { Session } from '../session';

const METHOD_NOT_FOUND = -32601;

export async function listUnlessNotOffered<T>(session: Session, name: ServerName, capability: 'resources' | 'prompts', list: () => Promise<T>, none: T): Promise<T> {
  try {
    return await list();
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== 'server-error' || error.rpcCode !== METHOD_NOT_FOUND) throw error;
    const view = await session.view(name).catch(() => undefined); // no view: the failure is told without it.
    if (!view?.capabilities) throw error;
    if (!(capability in view.capabilities)) return none;
    const said = error.message.startsWith(`${name}: `) ? error.message.slice(name.length + 2) : error.message;
    throw new CliError(`${name} declares "${capability}" but answered ${capability}/list with an error: ${said}`, EXIT.toolError, `The server is at fault: mcp-workbench doctor ${session.adhoc ? '<same server options>' : name} checks each capability it declares.`);
  }
}
