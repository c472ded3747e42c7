/**
 * Questions a server asks while a command runs (elicitation, sampling) have nobody to
 * answer them on a command line: they are declined at once, with a note on stderr, so a
 * call never waits minutes for an answer that cannot come. Use the app to answer them.
 */
import type { AppApi } from '../../shared/api';
import type { ServerRequestBody } from '../../shared/api/server-requests';
import type { Unsubscribe } from '../../shared/events';
import { ignoreFailure } from '../core/diagnostics/diagnostics';

export function declineServerRequests(api: AppApi, note: (text: string) => void): Unsubscribe {
  return api.onEvent((event) => {
    if (event.type !== 'server-request') return;
    const { id, server, body } = event.request;
    note(`Note: ${server} asked ${describe(body)}; the command line cannot answer, so it was declined. Answer it in MCP Workbench instead.`);
    void api.answerServerRequest({ id, answer: { action: 'decline' } }).catch(ignoreFailure('declining a request that ended before its answer'));
  });
}

function describe(body: ServerRequestBody): string {
  switch (body.kind) {
    case 'elicitation-form':
      return `for input ("${body.message}")`;
    case 'elicitation-url':
      return `you to open ${body.url} ("${body.message}")`;
    case 'sampling':
      return 'for a model reply (sampling)';
    case 'headers-helper':
      return 'to run its headersHelper (give --allow-headers-helper)';
    case 'project-server':
      return 'to be started, a project server you have not approved (give --approve-project)';
    case 'input-required':
      return `for input responses written by hand (${body.tool})`;
  }
}
