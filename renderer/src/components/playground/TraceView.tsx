/** Every step of every turn in order: model turns with latency, tokens and cost; tool calls with their approval, latency, result and JSON-RPC ids. */
import type { ChatTurn } from './use-chat';

const ms = (value: number) => (value < 1000 ? `${value} ms` : `${(value / 1000).toFixed(1)} s`);

export function TraceView({ turns }: { turns: ChatTurn[] }) {
  const steps = turns.flatMap((turn) => turn.steps.map((step) => ({ turn, step })));
  if (steps.length === 0) return <p className="empty">No steps yet: the trace shows each model turn and tool call once a message is sent.</p>;
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
            <tr key={index} data-kind="tool" className={step.isError ? 'error-text' : undefined}>
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
                {step.jsonRpcIds.length ? ` · JSON-RPC id ${step.jsonRpcIds.join(', ')}` : ''}
                <span className="visually-hidden"> (turn: {turn.prompt.slice(0, 40)})</span>
              </td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}
