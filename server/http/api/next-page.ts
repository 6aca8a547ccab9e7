/** The owner's lists page by page (docs/requirements.md §11). */

/** A list's next page while this one is full (ADMIN_PAGE_SIZE, 50 rows a page). */
export function nextPageOf(page: number, rows: number, pageSize: number): number | null {
  return rows >= pageSize ? page + 1 : null;
}
