/**
 * LISTEN on a PostgreSQL channel that survives the database going away (a restart, a failover, a
 * terminated backend): the connection is opened again with a growing delay and the channel
 * listened to again, for as long as the caller listens. Realtime order events depend on it.
 */
import pg from 'pg';

export interface PostgresListenerOptions {
  url: string;
  channel: string;
  onPayload: (payload: string) => void;
  /**
   * Called once the channel is listened to again after a lost connection. NOTIFYs sent while the
   * connection was down are lost for good, so whatever they would have refreshed must refresh now.
   */
  onReconnect?: () => void;
  /** A lost connection or a failed attempt to open it again; the listener keeps trying. */
  onError?: (error: Error) => void;
  /** The first delay before opening the connection again; it doubles up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

const CONNECT_TIMEOUT_MS = 3000;

/**
 * Resolves once the channel is listened to; rejects when the first connection fails (the caller
 * learns the database is down). Answers the function that stops listening for good.
 */
export async function listenOnPostgres(
  options: PostgresListenerOptions,
): Promise<() => Promise<void>> {
  const { url, channel, onPayload } = options;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 5000;
  const reportError = (error: unknown) =>
    options.onError?.(error instanceof Error ? error : new Error(String(error)));

  let current: pg.Client | null = null;
  let stopped = false;
  let failedAttempts = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  const openListeningClient = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A peer that vanishes without closing the socket is noticed too, not only a clean shutdown.
      keepAlive: true,
    });
    // Without an 'error' handler a lost connection would be an uncaught exception.
    client.on('error', (error) => {
      reportError(error);
      connectionLost(client);
    });
    client.on('end', () => connectionLost(client));
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  };

  const connectionLost = (client: pg.Client) => {
    // Events of a client being opened or already replaced are not this listener's concern.
    if (stopped || client !== current) return;
    current = null;
    void client.end().catch(() => undefined);
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    const delay = Math.min(maxRetryDelayMs, retryDelayMs * 2 ** failedAttempts);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void reconnect();
    }, delay);
    // A listener waiting to reconnect must not keep a process alive that is otherwise done.
    retryTimer.unref();
  };

  const reconnect = async () => {
    if (stopped) return;
    let client: pg.Client;
    try {
      client = await openListeningClient();
    } catch (error) {
      failedAttempts += 1;
      reportError(error);
      scheduleReconnect();
      return;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    failedAttempts = 0;
    try {
      options.onReconnect?.();
    } catch (error) {
      reportError(error);
    }
  };

  current = await openListeningClient();

  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
