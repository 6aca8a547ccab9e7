import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    // Never log credentials, even when a request logger is handed a whole header set.
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
  });
}
