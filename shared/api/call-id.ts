/**
 * A request the page may give up on (a list, a read, a connect, a doctor run, a tool call)
 * carries an id the page chose; `cancelCall({callId})` cancels it, whatever it waits for.
 */
import { z } from 'zod';

export const CallIdSchema = z.string().min(1).max(128);

export interface CancellableRequest {
  /** Chosen by the caller so cancelCall can name this request. */
  callId?: string;
}
