/**
 * Follows a paginated MCP list (`nextCursor`) to its end. A server that hands out a
 * cursor it already gave would page forever: that is stopped with a message saying so.
 */
export async function everyPage<Page extends { nextCursor?: string | undefined }>(
  fetchPage: (cursor: string | undefined) => Promise<Page>,
  onPage: (page: Page) => void,
): Promise<void> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    onPage(page);
    cursor = page.nextCursor || undefined;
    if (cursor !== undefined) {
      if (seen.has(cursor)) throw new Error(`The server returned the page cursor "${cursor.slice(0, 80)}" a second time; stopped paging.`);
      seen.add(cursor);
    }
  } while (cursor !== undefined);
}
