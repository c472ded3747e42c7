/**
 * One-time launch codes. Opening the browser means starting another program (xdg-open,
 * open, cmd) whose command line every local user can read, so the token never goes
 * there: the opener gets `/launch/<code>` instead, a random code that works once and
 * only for a short while, and the host exchanges it for the token.
 */
import { randomBytes } from 'node:crypto';

export const LAUNCH_PATH_PREFIX = '/launch/';
export const LAUNCH_CODE_TTL_MS = 60_000;

export class LaunchCodes {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly ttlMs = LAUNCH_CODE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new code, valid once within the time limit. */
  issue(): string {
    this.forgetExpired();
    const code = randomBytes(24).toString('base64url');
    this.expiries.set(code, this.now() + this.ttlMs);
    return code;
  }

  /** Whether the code is valid now; either way it can never be used again. */
  redeem(code: string): boolean {
    const expiry = this.expiries.get(code);
    this.expiries.delete(code);
    return expiry !== undefined && this.now() <= expiry;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [code, expiry] of this.expiries) if (now > expiry) this.expiries.delete(code);
  }
}
