/** notifications/prompts/list_changed → a `prompts-changed` event (PromptService drops its cache, the renderer lists again). */
import type { ClientFeature } from '../connections/client-feature';
import type { EventBus } from '../events/event-bus';

export function promptNotifications(events: EventBus): ClientFeature {
  return {
    install(server, _config, client) {
      client.setNotificationHandler('notifications/prompts/list_changed', async () => {
        events.emit({ type: 'prompts-changed', server });
      });
    },
  };
}
