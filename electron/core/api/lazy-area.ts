/**
 * An API area built on first use. Its module, and the libraries it brings (the AI SDK for
 * models, the histogram and process sampler for load runs, YAML and JSONPath for
 * collections), is imported when one of its methods is first called, not when the core
 * starts: a command line that calls one tool never reads them. The methods are known up
 * front (the area's channel table), so the AppApi has its full shape from the start.
 */
import type { ChannelTable } from '../../../shared/api/channel-table';

type Method = (...args: never[]) => Promise<unknown>;

/** An area's method names, from its channel table. */
export const methodsOf = <T>(table: ChannelTable<T>): Array<keyof T> => Object.keys(table) as Array<keyof T>;

export interface LazyArea<T> {
  /** The area's methods, each building the area on its first call. */
  api: T;
  /** Builds the area now (or answers the one being built). */
  open(): Promise<T>;
}

/** `build`, run on the first call and shared by every call after; a failed build (a module that would not load) is tried again on the next call, not kept. */
export function buildOnce<T>(build: () => Promise<T>): () => Promise<T> {
  let building: Promise<T> | undefined;
  return () =>
    (building ??= build().catch((error: unknown) => {
      building = undefined;
      throw error;
    }));
}

export function lazyArea<T extends { [K in keyof T]: Method }>(methods: ReadonlyArray<keyof T>, build: () => Promise<T>): LazyArea<T> {
  const open = buildOnce(build);
  const api = {} as T;
  for (const name of methods) {
    const call = async (...args: never[]) => ((await open())[name] as Method)(...args);
    (api as Record<keyof T, Method>)[name] = call;
  }
  return { api, open };
}
