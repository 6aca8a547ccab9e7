/**
 * Fault tests (docs/requirements.md §16, Reliability): the built server killed with SIGKILL under writes, its
 * PostgreSQL stopped and started under load, and two server processes on one database. Each test
 * starts servers (and a database) of its own and drives them over HTTP; every deadline below is a
 * correctness bound, polled, never a sleep.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { expect, test } from './support/test';
import { RATE_LIMIT_MESSAGE } from '../../server/modules/rate-limit';
import { grantAdminRole, insertOrder, type Shop } from './support/admin';
import { createScratchDatabase, withPostgres } from './support/postgres';
import { createPrivatePostgres, privatePostgresAvailable } from './support/private-postgres';
import { startServerProcess, temporaryDataDir, type RunningServer } from './support/server-process';
import { openOrderEvents, postForm, signUpOverHttp, type EventStream } from './support/shop-http';

// Several servers and databases per test on a loaded 2-core machine.
test.describe.configure({ timeout: 300_000 });

const SUBMISSION_SUCCESS = 'Request Submitted!';

function sqlOn(databaseUrl: string) {
  return <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    withPostgres(async (client) => (await client.query(text, values)).rows as T[], databaseUrl);
}

/** SIGKILL: no shutdown handler runs, requests in flight are cut where they stand. */
async function killHard(server: RunningServer): Promise<void> {
  process.kill(server.pid, 'SIGKILL');
  await server.stop();
}

/** Servers, streams and databases a test opened, released in afterAll even when it failed. */
function cleanupList() {
  const steps: Array<() => Promise<unknown> | unknown> = [];
  return {
    add(step: () => Promise<unknown> | unknown) {
      steps.push(step);
    },
    async run() {
      // Newest first: streams before servers before databases; one failure stops none of the rest.
      for (const step of steps.reverse()) {
        await Promise.resolve()
          .then(step)
          .catch(() => undefined);
      }
      steps.length = 0;
    },
  };
}

test.describe('a server killed with SIGKILL and started again', () => {
  const cleanup = cleanupList();
  test.afterAll(() => cleanup.run());

  test('keeps every acknowledged quotation exactly once and a media import all or nothing', async () => {
    const database = await createScratchDatabase('storefront_kill');
    cleanup.add(() => database.drop());
    const sql = sqlOn(database.url);
    const dataDir = temporaryDataDir();
    cleanup.add(() => rmSync(dataDir, { recursive: true, force: true }));
    const environment = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      FORM_RATE_LIMIT: '100000',
    };
    let server = await startServerProcess(environment);
    cleanup.add(() => server.stop());

    const [product] = await sql<{ id: string; name: string }>(
      'select id, name from products where published order by id limit 1',
    );
    const run = randomUUID().slice(0, 8);
    const marker = (index: number) => `kill-${run}-${index}`;

    // Quotations through the real form action, four at a time, so the kill cuts some mid-way.
    const total = 80;
    const killAfter = 25;
    const outcome = new Map<string, 'stored' | 'unknown'>();
    let next = 0;
    let acknowledged = 0;
    let restarted: Promise<void> | null = null;
    const restart = async () => {
      await killHard(server);
      server = await startServerProcess(environment);
    };
    const submitter = async () => {
      while (next < total) {
        const note = marker(next);
        next += 1;
        if (restarted) await restarted;
        try {
          const reply = await postForm(server.url, `/quote/${product!.id}`, {
            quantity: '2',
            customerName: 'Meera Shah',
            customerMobile: '+91 98765 43210',
            customizationNotes: note,
          });
          const stored = reply.status === 200 && reply.body.includes(SUBMISSION_SUCCESS);
          outcome.set(note, stored ? 'stored' : 'unknown');
          if (stored) acknowledged += 1;
        } catch {
          // Cut by the kill: the request may or may not have been stored, but never twice.
          outcome.set(note, 'unknown');
        }
        if (acknowledged >= killAfter && !restarted) restarted = restart();
      }
    };
    await Promise.all([submitter(), submitter(), submitter(), submitter()]);
    if (restarted) await restarted;
    expect(restarted, 'the server was killed mid-way').not.toBeNull();

    const rows = await sql<{
      notes: string;
      copies: number;
      incomplete: number;
    }>(
      `select customization_notes as notes, count(*)::int as copies,
              count(*) filter (where product_id is distinct from $2 or product_name is distinct from $3
                                 or quantity <> 2 or customer_name <> 'Meera Shah'
                                 or customer_mobile <> '+91 98765 43210' or status <> 'pending')::int
                as incomplete
         from quotation_requests where customization_notes like $1 group by customization_notes`,
      [`kill-${run}-%`, product!.id, product!.name],
    );
    const stored = new Map(rows.map((row) => [row.notes, row]));
    const acknowledgedNotes = [...outcome].filter(([, state]) => state === 'stored');
    expect(acknowledgedNotes.length).toBeGreaterThan(killAfter);
    // Submissions after the restart were acknowledged too.
    expect(acknowledgedNotes.some(([note]) => Number(note.split('-').pop()) > killAfter + 8)).toBe(
      true,
    );
    test.info().annotations.push({
      type: 'quotations',
      description: `${acknowledgedNotes.length} acknowledged, ${outcome.size - acknowledgedNotes.length} cut by the kill, ${rows.length} stored`,
    });
    for (const [note] of acknowledgedNotes) {
      expect(stored.get(note)?.copies, `${note} stored once`).toBe(1);
    }
    for (const row of rows) {
      expect(row.copies, `${row.notes} never twice`).toBe(1);
      expect(row.incomplete, `${row.notes} complete`).toBe(0);
    }

    // The media import: an admin replaces every product's media from a large CSV, and the server
    // is killed while the import's transaction is half-way through its batches.
    const { email, cookie } = await signUpOverHttp(server.url, { name: 'Devika Admin' });
    await grantAdminRole(database.url, email);
    const mediaSnapshot = () =>
      sql<{ product_id: string; media_url: string; is_primary: boolean; sort_order: number }>(
        `select product_id, media_url, is_primary, sort_order from product_media
          order by product_id, sort_order, media_url`,
      );
    const before = await mediaSnapshot();
    expect(before.length).toBeGreaterThan(0);
    const productIds = (await sql<{ id: string }>('select id from products order by id')).map(
      (row) => row.id,
    );
    const csvRows = 12_000;
    const newUrl = (index: number) => `https://images.example.com/${run}/${index}.jpg`;
    const csv = [
      'product_id,media_url,media_type,alt_text,sort_order,is_primary',
      ...Array.from(
        { length: csvRows },
        (_, index) =>
          `${productIds[index % productIds.length]},${newUrl(index)},image,Piece ${index},${index},${index < productIds.length ? 'TRUE' : 'FALSE'}`,
      ),
    ].join('\n');

    const importMedia = async (target: RunningServer) => {
      const form = new FormData();
      form.set('file', new File([csv], 'media.csv', { type: 'text/csv' }));
      return fetch(new URL('/admin/product-media/import', target.url), {
        method: 'POST',
        // Uncompressed, so each progress line arrives as it is written.
        headers: { Cookie: cookie, Origin: target.url, 'Accept-Encoding': 'identity' },
        body: form,
      });
    };
    const killed = await importMedia(server);
    expect(killed.status).toBe(200);
    let progressAtKill: { current: number; total: number } | null = null;
    let finishedFirst = false;
    try {
      const decoder = new TextDecoder();
      let buffered = '';
      reading: for await (const chunk of killed.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        for (const line of buffered.split('\n').slice(0, -1)) {
          const event = JSON.parse(line) as { type?: string; current?: number; total?: number };
          // The import's last line is its Answer (docs/requirements.md §10), the only line without a type.
          if (event.type === undefined) finishedFirst = true;
          if (event.type === 'progress' && (event.current ?? 0) >= 100) {
            progressAtKill = { current: event.current ?? 0, total: event.total ?? 0 };
            await killHard(server);
            break reading;
          }
        }
        buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
      }
    } catch {
      // The stream breaks when the server dies under it.
    }
    expect(finishedFirst, 'the import was still running when the server was killed').toBe(false);
    expect(progressAtKill).not.toBeNull();
    expect(progressAtKill!.current).toBeLessThan(progressAtKill!.total);

    server = await startServerProcess(environment);
    const afterKill = await mediaSnapshot();
    const isNewSet =
      afterKill.length === csvRows &&
      afterKill.every((row) => row.media_url.startsWith(`https://images.example.com/${run}/`));
    // All or nothing: the old media exactly as they were, or every row of the file.
    if (!isNewSet) expect(afterKill).toEqual(before);
    test.info().annotations.push({
      type: 'media import',
      description: `killed at batch progress ${progressAtKill!.current}/${progressAtKill!.total}; afterwards ${isNewSet ? 'the new set' : `the old set (${before.length} rows)`}`,
    });

    // The restarted server imports the same file in full.
    const completed = await importMedia(server);
    expect(completed.status).toBe(200);
    const lines = (await completed.text()).trim().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      status: 'ok',
      data: { imported: csvRows },
    });
    const imported = await mediaSnapshot();
    expect(imported).toHaveLength(csvRows);
    expect(new Set(imported.map((row) => row.media_url)).size).toBe(csvRows);
  });
});

test.describe('PostgreSQL stopped and started under the server', () => {
  const cleanup = cleanupList();
  test.afterAll(() => cleanup.run());

  test('answers 503 on /healthz while it is down and serves the shop again within 10 s', async () => {
    test.skip(
      !privatePostgresAvailable(),
      'initdb is absent (/usr/lib/postgresql/15/bin or POSTGRES_BIN): no private cluster to restart',
    );
    const cluster = await createPrivatePostgres();
    cleanup.add(() => cluster.destroy());
    const databaseUrl = await cluster.createDatabase('shop');
    const sql = sqlOn(databaseUrl);
    const server = await startServerProcess({ DATABASE_URL: databaseUrl });
    cleanup.add(() => server.stop());

    const [product] = await sql<{ id: string }>(
      'select id from products where published order by id limit 1',
    );
    const customer = await signUpOverHttp(server.url);
    const [user] = await sql<{ id: string }>('select id from users where email = $1', [
      customer.email,
    ]);
    const shop: Pick<Shop, 'sql'> = { sql };
    const orderId = await insertOrder(shop as Shop, {
      userId: user!.id,
      orderNumber: `ORD-R${Date.now() % 100_000}`,
      paymentMethod: null,
      paymentStatus: null,
    });
    const before: EventStream = await openOrderEvents(server.url, customer.cookie);
    cleanup.add(() => before.close());
    await before.waitFor((event) => event.event === 'ready');

    // A light load of shoppers across the whole outage; what matters is that the process survives.
    let loading = true;
    const statuses: number[] = [];
    const shopper = async () => {
      const paths = ['/', '/shop', `/product/${product!.id}`, '/healthz'];
      for (let index = 0; loading; index += 1) {
        try {
          const response = await fetch(new URL(paths[index % paths.length]!, server.url));
          await response.arrayBuffer();
          statuses.push(response.status);
        } catch {
          statuses.push(0);
        }
      }
    };
    const load = Promise.all([shopper(), shopper()]);
    cleanup.add(async () => {
      loading = false;
      await load;
    });

    const healthStatus = async () => (await fetch(new URL('/healthz', server.url))).status;
    await expect
      .poll(() => statuses.filter((status) => status === 200).length, { timeout: 60_000 })
      .toBeGreaterThan(8);

    await cluster.stop();
    await expect.poll(healthStatus, { timeout: 15_000 }).toBe(503);
    // The process stays up: it still answers, and a second check is still a clean 503.
    expect(await healthStatus()).toBe(503);
    const statusesWhileDown = statuses.length;
    await expect
      .poll(() => statuses.length, { timeout: 60_000 })
      .toBeGreaterThan(statusesWhileDown + 4);

    await cluster.start();
    // docs/requirements.md §16: without a restart of its own, the shop serves again within 10 s of the database.
    const deadline = Date.now() + 10_000;
    const remaining = () => Math.max(1, deadline - Date.now());
    for (const path of ['/healthz', '/', '/shop', `/product/${product!.id}`]) {
      await expect
        .poll(async () => (await fetch(new URL(path, server.url))).status, {
          timeout: remaining(),
          message: `${path} answers 200 within 10 s of the database's return`,
        })
        .toBe(200);
    }
    loading = false;
    await load;
    expect(statuses).not.toContain(0);
    // The same process throughout: signal 0 throws for a pid that is gone.
    expect(() => process.kill(server.pid, 0)).not.toThrow();

    // The stream opened before the outage learns that changes may have been missed, and then
    // hears of the next change; a stream opened now hears of it too.
    await before.waitFor((event) => event.event === 'resync', 30_000);
    const after = await openOrderEvents(server.url, customer.cookie);
    cleanup.add(() => after.close());
    await after.waitFor((event) => event.event === 'ready');
    await sql(`update orders set status = 'confirmed' where id = $1`, [orderId]);
    for (const stream of [before, after]) {
      const change = await stream.waitFor((event) => event.event === 'order-changed');
      expect(JSON.parse(change.data)).toMatchObject({ orderId, status: 'confirmed' });
    }
  });
});

test.describe('two server processes on one PostgreSQL database', () => {
  const cleanup = cleanupList();
  test.afterAll(() => cleanup.run());

  test('a change made through A reaches a stream on B, and the form limit counts across both', async () => {
    const database = await createScratchDatabase('storefront_two');
    cleanup.add(() => database.drop());
    const sql = sqlOn(database.url);
    const environment = { DATABASE_URL: database.url, FORM_RATE_LIMIT: '3' };
    const serverA = await startServerProcess(environment);
    cleanup.add(() => serverA.stop());
    const serverB = await startServerProcess(environment);
    cleanup.add(() => serverB.stop());

    const customer = await signUpOverHttp(serverB.url);
    const admin = await signUpOverHttp(serverA.url, { name: 'Devika Admin' });
    await grantAdminRole(database.url, admin.email);
    const [user] = await sql<{ id: string }>('select id from users where email = $1', [
      customer.email,
    ]);
    const orderId = await insertOrder({ sql } as Shop, {
      userId: user!.id,
      orderNumber: `ORD-T${Date.now() % 100_000}`,
      paymentMethod: null,
      paymentStatus: null,
    });

    const stream = await openOrderEvents(serverB.url, customer.cookie);
    cleanup.add(() => stream.close());
    await stream.waitFor((event) => event.event === 'ready');

    // The shop owner confirms the order in the console served by A.
    const confirmed = await postForm(
      serverA.url,
      '/admin',
      { intent: 'order-action', orderId, action: 'confirm' },
      admin.cookie,
    );
    expect(confirmed.status).toBe(200);
    expect(await sql('select status from orders where id = $1', [orderId])).toEqual([
      { status: 'confirmed' },
    ]);
    const change = await stream.waitFor((event) => event.event === 'order-changed');
    expect(JSON.parse(change.data)).toMatchObject({ orderId, status: 'confirmed' });

    // FORM_RATE_LIMIT=3 per minute and client address, posted alternately through A and B.
    const [product] = await sql<{ id: string }>(
      'select id from products where published order by id limit 1',
    );
    const servers = [serverA, serverB];
    const marker = `two-${randomUUID().slice(0, 8)}`;
    const replies = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const reply = await postForm(servers[attempt % 2]!.url, `/quote/${product!.id}`, {
        quantity: '1',
        customerName: 'Meera Shah',
        customerMobile: '+91 98765 43210',
        customizationNotes: `${marker}-${attempt}`,
      });
      replies.push(reply);
    }
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 429, 429]);
    for (const refused of replies.slice(3)) expect(refused.body).toContain(RATE_LIMIT_MESSAGE);
    const stored = await sql<{ notes: string }>(
      `select customization_notes as notes from quotation_requests
        where customization_notes like $1 order by notes`,
      [`${marker}-%`],
    );
    expect(stored.map((row) => row.notes)).toEqual([0, 1, 2].map((n) => `${marker}-${n}`));
  });
});
