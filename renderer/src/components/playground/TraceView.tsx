/**
 * Every step of every turn in order: model turns with latency, tokens and cost; tool calls
 * with their approval, latency, result and JSON-RPC ids. A tool call of a finished turn can
 * be the start of a re-run: its result edited (or kept), the model asked again from there.
 */
import { Fragment, useState } from 'react';
import type { ChatToolStep } from '../../../../shared/api/models';
import { ResultEditor } from './ResultEditor';
import type { ChatTurn, RerunFrom } from './use-chat';

const ms = (value: number) => (value < 1000 ? `${value} ms` : `${(value / 1000).toFixed(1)} s`);

interface TraceProps {
  turns: ChatTurn[];
  /** Absent while a turn runs: nothing can be re-run then. */
  onRerun?: (turn: ChatTurn, from: RerunFrom) => void;
}

export function TraceView({ turns, onRerun }: TraceProps) {
  const [editing, setEditing] = useState<string | undefined>();
  const steps = turns.flatMap((turn) => turn.steps.map((step) => ({ turn, step })));
  if (steps.length === 0) return <p className="empty">No steps yet: the trace shows each model turn and tool call once a message is sent.</p>;
  const keyOf = (turn: ChatTurn, step: ChatToolStep) => `${turn.callId}\n${step.toolCallId}`;
  return (
    <table className="playground-trace">
      <thead>
        <tr>
          <th scope="col">Step</th>
          <th scope="col">What</th>
          <th scope="col">Latency</th>
          <th scope="col">Tokens in → out</th>
          <th scope="col">Detail</th>
        </tr>
      </thead>
      <tbody>
        {steps.map(({ turn, step }, index) =>
          step.kind === 'model' ? (
            <tr key={index} data-kind="model">
              <td>{step.step}</td>
              <td>model turn ({step.finishReason})</td>
              <td>{ms(step.latencyMs)}</td>
              <td>
                {step.usage.inputTokens} → {step.usage.outputTokens}
                {step.cost !== undefined ? ` · $${step.cost.toFixed(4)}` : ''}
              </td>
              <td>
                {step.toolCalls.length ? `asked for ${step.toolCalls.map((c) => c.name).join(', ')}` : step.text.slice(0, 200)}
                {step.warnings.map((w) => (
                  <span key={w} className="playground-warning"> warning: {w}</span>
                ))}
              </td>
            </tr>
          ) : (
            <Fragment key={index}>
              <tr data-kind="tool" className={step.isError ? 'error-text' : undefined}>
                <td>{step.step}</td>
                <td>
                  tool call {step.server} → {step.tool} ({step.approval})
                </td>
                <td>{ms(step.latencyMs)}</td>
                <td>-</td>
                <td>
                  <code>{JSON.stringify(step.arguments)}</code>
                  {step.modelArguments ? (
                    <>
                      {' '}
                      (the model asked <code>{JSON.stringify(step.modelArguments)}</code>)
                    </>
                  ) : null}{' '}
                  {step.notRun ? `not run: ${step.notRun}` : step.resultText.slice(0, 200)}
                  {step.resultEdited ? ` (result edited; the server answered: ${step.resultEdited.serverText.slice(0, 120)})` : ''}
                  {step.jsonRpcIds.length ? ` · JSON-RPC id ${step.jsonRpcIds.join(', ')}` : ''}
                  <span className="visually-hidden"> (turn: {turn.prompt.slice(0, 40)})</span>
                  {onRerun && turn.status && turn.messages && editing !== keyOf(turn, step) && (
                    <button type="button" className="link-button" aria-label={`Edit the result of ${step.tool} (step ${step.step}) and re-run`} onClick={() => setEditing(keyOf(turn, step))}>
                      Edit result…
                    </button>
                  )}
                </td>
              </tr>
              {onRerun && editing === keyOf(turn, step) && (
                <tr>
                  <td colSpan={5}>
                    <ResultEditor
                      step={step}
                      onClose={() => setEditing(undefined)}
                      onRerun={(from) => {
                        setEditing(undefined);
                        onRerun(turn, from);
                      }}
                    />
                  </td>
                </tr>
              )}
            </Fragment>
          ),
        )}
      </tbody>
    </table>
  );
}
