/**
 * "Retrying in 8 s (try 4 of 8)": a remote server that went away is tried again in the
 * background, and its row says when, counting down. Disconnect (or switching it off) stops it.
 */
import { useEffect, useState } from 'react';
import type { ReconnectRetry } from '../../../../shared/domain';

export function retryText(retry: ReconnectRetry, now: number): string {
  const seconds = Math.max(0, Math.ceil((retry.at - now) / 1000));
  const when = seconds > 0 ? `Retrying in ${seconds} s` : 'Retrying now';
  return `${when} (try ${retry.attempt} of ${retry.of})`;
}

export function RetryNote({ retry }: { retry: ReconnectRetry }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [retry]);
  return (
    <p className="muted" role="status">
      {retryText(retry, now)}
    </p>
  );
}
