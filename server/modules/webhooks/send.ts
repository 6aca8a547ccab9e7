/**
 * docs/requirements.md §11: one signed POST of a webhook, by the Standard Webhooks scheme (the `standardwebhooks`
 * package signs): a 10 s deadline for the whole exchange, no redirects followed (node's `request`
 * follows none; a 3xx is a failure), and public addresses only unless the shop allows private ones.
 */
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import {
  publicOnlyLookup,
  refuseLiteralPrivateAddress,
  resolveHost,
  type HostResolver,
} from './public-address';

/** docs/requirements.md §11: the first KB of the answer is kept with each attempt. */
export const RESPONSE_EXCERPT_CHARACTERS = 1024;
/** More bytes than 1,024 characters can take in UTF-8; the rest of the answer is not read. */
const RESPONSE_READ_BYTES = RESPONSE_EXCERPT_CHARACTERS * 4;
const ERROR_CHARACTERS = 500;
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface SendOptions {
  allowPrivate: boolean;
  resolve?: HostResolver;
  timeoutMs?: number;
}

export interface SendOutcome {
  /** The answer's status, null when none came (refused address, timeout, connection error). */
  status: number | null;
  excerpt: string;
  error: string | null;
  durationMs: number;
}

// PostgreSQL refuses NUL in text, and other control characters only clutter the log.
// eslint-disable-next-line no-control-regex
const UNKEPT_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function excerptOf(bytes: Buffer): string {
  const text = bytes.toString('utf8').replace(UNKEPT_CONTROL_CHARACTERS, '');
  return [...text].slice(0, RESPONSE_EXCERPT_CHARACTERS).join('');
}

/** The headers of a delivery: its id, the time of this try, and the signature of both with the body. */
export function signedHeaders(
  secret: string,
  deliveryId: string,
  body: string,
  at: Date,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'artisan-storefront-webhooks/1',
    'webhook-id': deliveryId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(deliveryId, at, body),
  };
}

/** POSTs the body to the URL and reports what came back; never throws. */
export async function sendSignedRequest(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: unknown): SendOutcome => ({
    status: null,
    excerpt: '',
    error: describe(error),
    durationMs: elapsed(),
  });
  let url: URL;
  try {
    url = new URL(target);
    if (!options.allowPrivate) refuseLiteralPrivateAddress(url);
  } catch (error) {
    return failed(error);
  }
  const transport = url.protocol === 'https:' ? https : http;
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(outcome);
    };
    const request = transport.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      // A connection of its own: the lookup runs for every delivery, never a pooled socket.
      agent: false,
      lookup: options.allowPrivate ? undefined : publicOnlyLookup(options.resolve ?? resolveHost),
    });
    // docs/requirements.md §11: 10 s for the whole exchange, however slowly an answer trickles in.
    const deadline = setTimeout(() => {
      request.destroy(new Error(`No complete answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    request.on('error', (error) => finish(failed(error)));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => {
        const status = response.statusCode ?? null;
        const redirect = status !== null && status >= 300 && status < 400;
        finish({
          status,
          excerpt: excerptOf(Buffer.concat(chunks)),
          error: redirect
            ? `Redirects are not followed (Location: ${String(response.headers.location ?? '')})`.slice(
                0,
                ERROR_CHARACTERS,
              )
            : null,
          durationMs: elapsed(),
        });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        if (kept >= RESPONSE_READ_BYTES) return;
        chunks.push(chunk);
        kept += chunk.length;
        // The first KB is all that is kept: the rest of a large answer is not waited for.
        if (kept >= RESPONSE_READ_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(body);
  });
}

function describe(error: unknown): string {
  // A failed connect to every address of a host is an AggregateError without a message of its own.
  const first = error instanceof AggregateError ? (error.errors[0] as unknown) : error;
  const message =
    first instanceof Error
      ? first.message || (first as NodeJS.ErrnoException).code || first.name
      : String(first);
  return message.slice(0, ERROR_CHARACTERS);
}
