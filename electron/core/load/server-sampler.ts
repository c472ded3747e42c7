/**
 * CPU and memory of the server processes a run can see (the stdio servers it started, or a
 * local pid the user named), sampled about once a second with pidusage (/proc on Linux, ps
 * on macOS, the system's process API on Windows). The points are summed over the processes:
 * K clients with their own servers are one server fleet to the user.
 */
import pidusage from 'pidusage';

import type { ServerSample } from '../../../shared/load-report';

export type { ServerSample };

/** Past this, every other point is dropped: an hour-long soak still fits in a report. */
const MAX_POINTS = 4000;

export class ServerSampler {
  readonly points: ServerSample[] = [];
  private sampling = false;
  /** The sample under way, for the last one to wait for. */
  private underWay: Promise<unknown> | undefined;

  constructor(private readonly pids: () => number[]) {}

  /** Takes one sample; a sample still under way, or no process to look at, is skipped. */
  async sample(t: number): Promise<ServerSample | undefined> {
    const pids = this.pids();
    if (this.sampling || pids.length === 0) return undefined;
    this.sampling = true;
    const taking = this.take(t, pids);
    this.underWay = taking;
    return taking;
  }

  private async take(t: number, pids: number[]): Promise<ServerSample | undefined> {
    try {
      const stats = await pidusage(pids).catch(() => undefined); // a process that ended has no figures: this sample is skipped.
      if (!stats) return undefined;
      let cpu = 0;
      let rss = 0;
      let processes = 0;
      for (const stat of Object.values(stats)) {
        // A process that ended between listing and sampling has no stat.
        if (!stat) continue;
        cpu += stat.cpu;
        rss += stat.memory;
        processes++;
      }
      if (processes === 0) return undefined;
      const point = { t, cpu: Math.round(cpu * 10) / 10, rss, processes };
      this.points.push(point);
      if (this.points.length > MAX_POINTS) thinOut(this.points);
      return point;
    } finally {
      this.sampling = false;
    }
  }

  /**
   * The run's last sample: taken after any sample still under way (a short run can end while
   * its first one is), so a report of servers we started always has the processes' figures.
   */
  async last(t: number): Promise<ServerSample | undefined> {
    await this.underWay;
    return this.sample(t);
  }

  /** Forgets pidusage's per-process history (it keeps one entry per pid it saw). */
  dispose(): void {
    pidusage.clear();
  }
}

function thinOut(points: ServerSample[]): void {
  let write = 0;
  for (let read = 0; read < points.length; read += 2) points[write++] = points[read]!;
  points.length = write;
}
