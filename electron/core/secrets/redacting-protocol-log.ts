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

  protected override prepareText(text: string): string {
    return this.redactor.redact(text);
  }
}
