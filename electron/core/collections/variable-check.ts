/**
 * Variables checked when the file is read, before anything runs: each `${…}` must be
 * `${env.NAME}`, `${steps.<id>…}` naming an earlier step, or `${data.<column>}` (a load
 * test's data row; a plain collection run says it has none). (Whether the environment
 * variable is set, or the path finds something, can only be known when the step runs.)
 */
import type { Collection } from '../../../shared/api/collections';
import { variablesIn } from './variables';

export interface VariableProblem {
  /** Index of the step, and the path inside it to the string. */
  step: number;
  path: Array<string | number>;
  message: string;
}

function* strings(value: unknown, path: Array<string | number>): Generator<{ text: string; path: Array<string | number> }> {
  if (typeof value === 'string') yield { text: value, path };
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* strings(item, [...path, index]);
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* strings(item, [...path, key]);
}

export function checkVariables(collection: Collection): VariableProblem[] {
  const problems: VariableProblem[] = [];
  const earlier = new Set<string>();
  const later = new Set(collection.steps.map((step) => step.id));
  for (const [index, step] of collection.steps.entries()) {
    later.delete(step.id);
    const parts: Record<string, unknown> = {
      ...('arguments' in step ? { arguments: step.arguments } : {}),
      ...('resource' in step ? { resource: step.resource } : {}),
      ...('answers' in step ? { answers: step.answers } : {}),
      ...('eval' in step ? { eval: { prompt: step.eval.prompt, turns: step.eval.turns, system: step.eval.system } } : {}),
    };
    for (const { text, path } of strings(parts, [])) {
      for (const expression of variablesIn(text)) {
        let message: string | undefined;
        if (expression.startsWith('steps.')) {
          const id = /^steps\.([A-Za-z_][A-Za-z0-9_-]*)/.exec(expression)?.[1];
          if (id === undefined) message = `\${${expression}}: write \${steps.<id>.<path>}`;
          else if (id === step.id) message = `\${${expression}}: a step cannot read its own result`;
          else if (later.has(id)) message = `\${${expression}}: the step "${id}" runs after this one`;
          else if (!earlier.has(id)) message = `\${${expression}}: no earlier step has the id "${id}"`;
        } else if (!/^(env|data)\.[^\s]+$/.test(expression)) {
          message = `\${${expression}}: unknown variable (variables are \${env.NAME}, \${steps.<id>.<path>} and, in a load test, \${data.<column>}; write $\${ for a literal \${)`;
        }
        if (message) problems.push({ step: index, path, message });
      }
    }
    earlier.add(step.id);
  }
  return problems;
}
