/**
 * docs/requirements.md §12 "Export CSV": a list's rows as a file download, streamed chunk by chunk as the module
 * reads them in batches, so a list of 100k rows is never held whole in memory.
 */
export function csvDownload(filename: string, chunks: AsyncIterator<string>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return?.(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}
