/** Builds the `complete` function of a CompletionInput for a template variable or a prompt argument. */
import type { AppApi } from '../../../shared/api';
import type { CompletionRef, CompletionResult } from '../../../shared/api/resources';
import type { ServerView } from '../../../shared/domain';

/**
 * Asks the server for suggestions for one argument, giving the other arguments' values as
 * context; undefined when the server does not declare the completions capability.
 */
export function completerFor(
  api: AppApi,
  server: ServerView | undefined,
  ref: CompletionRef,
  argument: string,
  values: Record<string, string>,
): ((value: string) => Promise<CompletionResult>) | undefined {
  if (!server || server.status !== 'connected' || !server.capabilities?.completions) return undefined;
  const context = Object.fromEntries(Object.entries(values).filter(([name, value]) => name !== argument && value !== ''));
  return (value) =>
    api.completeArgument({
      server: server.name,
      ref,
      argument: { name: argument, value },
      ...(Object.keys(context).length > 0 ? { context } : {}),
    });
}
