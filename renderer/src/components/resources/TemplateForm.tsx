/**
 * A resource template filled in through a form: one field per variable, each with the
 * server's suggestions (completion), the URI they make, and Read.
 */
import type { ResourceTemplateInfo } from '../../../../shared/api/resources';
import type { ServerView } from '../../../../shared/domain';
import { useWorkbench } from '../../state/store';
import { completerFor } from '../completion';
import { CompletionInput } from '../CompletionInput';
import { expandTemplate, missingVariables, optionalVariables } from './template-fields';
import './resources.css';

export function TemplateForm({ server, template, values }: { server: ServerView; template: ResourceTemplateInfo; values: Record<string, string> }) {
  const api = useWorkbench((s) => s.api);
  const setValue = useWorkbench((s) => s.setTemplateValue);
  const readResource = useWorkbench((s) => s.readResource);
  const optional = optionalVariables(template.uriTemplate);
  const expanded = expandTemplate(template.uriTemplate, values);
  const missing = missingVariables(template.variables, template.uriTemplate, values);
  const canRead = 'uri' in expanded && missing.length === 0;
  const read = () => {
    if (canRead) void readResource(server.name, expanded.uri, template.uriTemplate);
  };

  return (
    <form
      className="template-form"
      noValidate
      aria-label={`Template ${template.title ?? template.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        read();
      }}
    >
      <header className="detail-header">
        <h3>{template.title ?? template.name}</h3>
        <code className="uri">{template.uriTemplate}</code>
        {template.description && <p className="description">{template.description}</p>}
      </header>
      {template.variables.length === 0 && <p className="muted">This template has no variables.</p>}
      {template.variables.map((variable) => (
        <CompletionInput
          key={variable}
          label={variable}
          value={values[variable] ?? ''}
          required={!optional.has(variable)}
          onChange={(value) => setValue(server.name, template.uriTemplate, variable, value)}
          complete={completerFor(api, server, { type: 'ref/resource', uri: template.uriTemplate }, variable, values)}
        />
      ))}
      <p className="template-uri">
        URI:{' '}
        {'uri' in expanded ? (
          <output className="uri" aria-label="Resource URI">
            {expanded.uri}
          </output>
        ) : (
          <span className="error-text">{expanded.error}</span>
        )}
      </p>
      {missing.length > 0 && <p className="muted">Fill in {missing.join(', ')} to read it.</p>}
      <button type="submit" className="primary" disabled={!canRead}>
        Read
      </button>
    </form>
  );
}
