/**
 * What stops a figure short of its goal on the 2-CPU development machine, as the profiles
 * and the ablations recorded in docs/development.md ("Benchmarks") show it: printed under
 * the table when the figure is missed. Kept here, in one place, to be kept in step with
 * that page.
 */

/** A call in process: a CPU profile of 10,000 interleaved calls, and pieces switched off in a copy of the core. */
export const CALL_FLOOR =
  "the core does what a bare client does not (two protocol log entries some 7 µs, the result pipeline some 3.4 µs, the history entry 1–3 µs, events), and starts each server in a session of its own so its whole process tree can be stopped, which Linux's scheduler groups apart (a bare client with its server under setsid measures 1.05× the same client without)";

/** As a call's; on 2026-07-28 each request also carries the client's declared capabilities. */
export const ERA_FLOOR = `${CALL_FLOOR}; on 2026-07-28 every request also carries our client's capabilities, which declare more than a bare client's (a tools/call of 604 bytes against some 250)`;

/** A CPU profile of the core's start: its main thread idles most of the time, waiting for the servers. */
export const STARTUP_FLOOR =
  'the spread between runs (0.94× to 1.15× at the same code, five rounds each) is larger than what is missed; besides the spawns, which cost both sides alike, the core\'s main thread spends its time on garbage collection, its record of started processes and events';

export const FIRST_CONNECTED_FLOOR = 'three Node servers start at once on two CPUs, so the first to connect takes some 1.5× one started alone';
