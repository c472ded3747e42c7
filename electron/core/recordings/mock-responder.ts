/**
 * The mock server's brain: answers a request with the recorded answer to the recorded
 * request that matches it (same method, same params under the volatile rules). Asked
 * the same thing again, it gives the next recorded answer to it, and once those run out
 * the last one again. initialize always gets the recorded initialize answer (so the
 * client sees the recorded server, capabilities and protocol version); ping is answered
 * even when none was recorded; anything else gets a JSON-RPC error saying no recorded
 * answer matched.
 */
import { compareMessages } from './compare';
import { exchangesOf, type JsonObject, type RequestStep } from './exchanges';
import type { Recording } from './read-recording';
import { VolatileMatcher, type VolatileRules } from './volatile';

const NO_RECORDED_ANSWER = { methodNotFound: -32601, invalidParams: -32602 } as const;

export class MockResponder {
  private readonly answered: RequestStep[];
  private readonly matcher: VolatileMatcher;
  /** How often each recorded request (by its line) was matched first. */
  private readonly uses = new Map<number, number>();

  constructor(recording: Recording, rules?: VolatileRules) {
    this.answered = exchangesOf(recording).steps.filter((step): step is RequestStep => step.kind === 'request' && step.response !== undefined);
    this.matcher = new VolatileMatcher(rules);
  }

  /** The response to one request from the client. */
  answer(request: JsonObject): JsonObject {
    const method = String(request.method);
    const sameMethod = this.answered.filter((step) => step.method === method);
    const matching = method === 'initialize' ? sameMethod.slice(0, 1) : sameMethod.filter((step) => this.matches(step.request, request));
    if (matching.length === 0) {
      if (method === 'ping') return { jsonrpc: '2.0', id: request.id, result: {} };
      const params = request.params === undefined ? '' : ` ${JSON.stringify(request.params).slice(0, 200)}`;
      return {
        jsonrpc: '2.0',
        id: request.id,
        error: {
          code: sameMethod.length ? NO_RECORDED_ANSWER.invalidParams : NO_RECORDED_ANSWER.methodNotFound,
          message: `No recorded answer matched ${method}${params}${sameMethod.length ? ` (the recording has ${sameMethod.length} ${method} request${sameMethod.length === 1 ? '' : 's'} with other params)` : ' (the recording has no such request)'}.`,
        },
      };
    }
    const first = matching[0]!.lineNumber;
    const used = this.uses.get(first) ?? 0;
    this.uses.set(first, used + 1);
    const recorded = matching[Math.min(used, matching.length - 1)]!.response!;
    const { jsonrpc: _jsonrpc, id: _id, ...outcome } = recorded;
    return { jsonrpc: '2.0', id: request.id, ...outcome };
  }

  private matches(recorded: JsonObject, live: JsonObject): boolean {
    // No params and empty params ask the same thing.
    const strip = ({ jsonrpc: _jsonrpc, id: _id, params, ...rest }: JsonObject) => ({ ...rest, params: params ?? {} });
    return compareMessages(strip(recorded), strip(live), this.matcher).length === 0;
  }
}
