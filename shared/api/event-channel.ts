/**
 * The one IPC channel main uses to push AppEvents to the desktop page. In a module of its
 * own, free of the channel table's schemas, so the preload can name it without bundling zod.
 */
export const EVENT_CHANNEL = 'app:event';
