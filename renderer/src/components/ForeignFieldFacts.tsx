/**
 * Other clients' fields in a server's entry: which the app acts on, and which it keeps in
 * the file without using (autoApprove, headersHelper, …), so nobody relies on them here.
 */
import { foreignFieldsOf, HONOURED_FOREIGN_FIELDS } from '../../../shared/config/foreign-fields';
import type { ServerConfig } from '../../../shared/config/server-config';

export function ForeignFieldFacts({ config }: { config: ServerConfig }) {
  const { honoured, ignored } = foreignFieldsOf(config);
  return (
    <>
      {honoured.length > 0 && (
        <>
          <dt>Other clients' fields used</dt>
          <dd>
            {honoured.map((key) => (
              <span key={key} title={HONOURED_FOREIGN_FIELDS[key]}>
                <code>{key}</code>{' '}
              </span>
            ))}
          </dd>
        </>
      )}
      {ignored.length > 0 && (
        <>
          <dt>Kept, not used</dt>
          <dd title="Written by another client; kept in the file, but MCP Workbench does not act on them">
            {ignored.map((key) => (
              <code key={key}>{key} </code>
            ))}
          </dd>
        </>
      )}
    </>
  );
}
