/** notifications/message (a server's log message) → the server console, with its level and logger. */
import type { ClientFeature } from '../connections/client-feature';
import type { ConsoleBuffer } from './console-buffer';

export function logMessages(buffer: ConsoleBuffer): ClientFeature {
  return {
    install(server, _config, client) {
      client.setNotificationHandler('notifications/message', async (notification) => {
        const { level, logger, data } = notification.params;
        buffer.record(server, { source: 'log', level, ...(logger ? { logger } : {}), text: logDataText(data) });
      });
    },
  };
}

/** A log message's data may be any JSON value: strings as they are, the rest as JSON. */
function logDataText(data: unknown): string {
  if (typeof data === 'string') return data;
  try {
    return JSON.stringify(data) ?? String(data);
  } catch {
    return String(data);
  }
}
