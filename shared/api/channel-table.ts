/**
 * The shape of a channel table: for each request method of an API area, the IPC
 * channel it travels on and the zod schema its payload must pass before any handler
 * sees it. The mapped type makes the compiler reject a method without an entry, or a
 * schema that disagrees with the method's parameter.
 */
import type { z } from 'zod';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any function: the table maps methods, whatever their parameters
type AnyMethod = (...args: any[]) => Promise<unknown>;

export type ChannelTable<Api> = {
  readonly [M in keyof Api]: Api[M] extends AnyMethod
    ? { channel: `${string}:${string}`; request: z.ZodType<Parameters<Api[M]>[0]> }
    : never;
};
