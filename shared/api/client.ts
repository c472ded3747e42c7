/**
 * Builds an AppApi from a transport: one `invoke(method, payload)` for calls and one
 * `onEvent` for the subscription. The Electron preload (IPC) and the browser-mode
 * client (WebSocket) are both made with it, so they cannot drift apart.
 */
import { appApiMethods, type AppApi, type AppApiMethod } from './index';

export function buildAppApi(invoke: (method: AppApiMethod, payload: unknown) => Promise<unknown>, onEvent: AppApi['onEvent']): AppApi {
  const calls = Object.fromEntries(appApiMethods.map((method) => [method, (payload?: unknown) => invoke(method, payload)]));
  // Every AppApi method is in appApiMethods (the channel table's mapped type enforces it).
  return { ...calls, onEvent } as unknown as AppApi;
}
