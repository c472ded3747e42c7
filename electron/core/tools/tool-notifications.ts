/** notifications/tools/list_changed → a `tools-changed` event (ToolsService drops its list, the renderer lists again). */
import type { ClientFeature } from '../connections/client-feature';
import type { EventBus } from '../events/event-bus';

export function toolNotifications(events: EventBus): ClientFeature {
  return {
    install(server, _config, client) {
      client.setNotificationHandler('notifications/tools/list_changed', async () => {
        events.emit({ type: 'tools-changed', server });
      });
    },
  };
}
