/** The transports an ad-hoc `--url` server may use (`--transport`). */
export const ADHOC_TRANSPORTS = ['http', 'sse', 'ws'] as const;
