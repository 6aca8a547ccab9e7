/**
 * A shop driven over plain HTTP, as a browser without JavaScript would: form posts to the route
 * actions, a session from the sign-up endpoint, the dashboard's order event stream. For the fault
 * tests, where servers are killed and databases stopped under the requests.
 */
import { expect } from '@playwright/test';

export interface FormReply {
  status: number;
  body: string;
}

/** Posts `fields` as an HTML form does; `cookie` is a signed-in session. */
export async function postForm(
  serverUrl: string,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
): Promise<FormReply> {
  const response = await fetch(new URL(path, serverUrl), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: serverUrl,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  return { status: response.status, body: await response.text() };
}

/** Signing up over HTTP lives with the other accounts helpers; the fault tests import it here. */
export { signUpOverHttp } from './accounts';

export interface ServerSentEvent {
  event: string;
  data: string;
}

export interface EventStream {
  events: ServerSentEvent[];
  /** Resolves with the first event (seen so far or to come) that matches; rejects at the timeout. */
  waitFor(
    matches: (event: ServerSentEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ServerSentEvent>;
  /** Whether the server ended the stream. */
  ended(): boolean;
  close(): void;
}

/** Opens the dashboard's order event stream (server/http/order-events.ts) with a session. */
export async function openOrderEvents(serverUrl: string, cookie: string): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(new URL('/api/orders/events', serverUrl), {
    headers: { Cookie: cookie, Accept: 'text/event-stream', 'Accept-Encoding': 'identity' },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  const events: ServerSentEvent[] = [];
  const waiters = new Set<() => void>();
  let finished = false;
  void (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const lines = block.split('\n');
          const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length);
          const data = lines
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice('data: '.length))
            .join('\n');
          if (event) events.push({ event, data });
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // Aborted by close(), or the server went away: either way the stream is over.
    } finally {
      finished = true;
      for (const wake of waiters) wake();
    }
  })();
  return {
    events,
    ended: () => finished,
    waitFor(matches, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(matches);
          if (found) {
            done();
            resolve(found);
          } else if (finished) {
            done();
            reject(new Error(`the stream ended first; events: ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no such event in ${timeoutMs} ms; events: ${JSON.stringify(events)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
