/**
 * A process's in-memory copy of rows another process may change (the catalogue memo, the shop's
 * settings) is kept only while the process hears the table's change notices: a statement-level
 * trigger notifies after every commit, whoever the writer is. Notices sent while the listening
 * connection is down are lost, so a reconnect drops the copy too.
 */
import type { DatabaseHandle } from './client';

export interface NoticeWatch {
  /** Drops the copy; call it after a reconnect, when notices may have been missed. */
  invalidate(): void;
  stop(): Promise<void>;
}

/**
 * Listens on `channel` for the memo: `onNotice` on each notice, `invalidate` on a reconnect, at
 * the start and at the stop. `memo.watchers` counts the listeners: without one, nothing may be
 * kept (a value could go stale unseen).
 */
export async function followNotices(
  database: DatabaseHandle,
  channel: string,
  memo: { watchers: number },
  { onNotice, invalidate }: { onNotice: () => void; invalidate: () => void },
): Promise<NoticeWatch> {
  const unsubscribe = await database.listen(channel, onNotice, { onReconnect: invalidate });
  memo.watchers += 1;
  // Anything read before the subscription may already be stale.
  invalidate();
  let stopped = false;
  return {
    invalidate,
    async stop() {
      if (stopped) return;
      stopped = true;
      memo.watchers -= 1;
      invalidate();
      await unsubscribe();
    },
  };
}
