/** The protocol log, with every secret value a launch filled in masked before it is kept or shown. */
import { ProtocolLog } from '../connections/protocol-log';
import type { SecretRedactor } from './secret-redactor';

export class RedactingProtocolLog extends ProtocolLog {
  constructor(
    private readonly redactor: SecretRedactor,
    ...rest: ConstructorParameters<typeof ProtocolLog>
  ) {
    super(...rest);
  }

  override record(...[server, fields]: Parameters<ProtocolLog['record']>): ReturnType<ProtocolLog['record']> {
    return super.record(server, { ...fields, text: this.redactor.redact(fields.text) });
  }
}
