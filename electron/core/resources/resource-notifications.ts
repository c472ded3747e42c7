/**
 * What a server tells us about its resources, turned into events: a subscribed resource
 * changed (the renderer reads it again), or the list changed (the cache is dropped by
 * ResourceService and the renderer lists again).
 */
import type { ClientFeature } from '../connections/client-feature';
import type { EventBus } from '../events/event-bus';

export function resourceNotifications(events: EventBus): ClientFeature {
  return {
    install(server, _config, client) {
      client.setNotificationHandler('notifications/resources/updated', async (notification) => {
        events.emit({ type: 'resource-updated', server, uri: notification.params.uri });
      });
      client.setNotificationHandler('notifications/resources/list_changed', async () => {
        events.emit({ type: 'resources-changed', server });
      });
    },
  };
}
