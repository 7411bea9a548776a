import { ClubServiceFaultError } from './club-errors.js';
import { pageSize } from './collections.js';
import { isWireRecord } from './wire-fields.js';

/**
 * Reads a page body: the real service sends a bare JSON array; an object wrapping exactly one
 * array (`{ "Users": [...] }`, `{ "data": [...] }`) is tolerated.
 */
export function unwrapPage(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (body === undefined || body === null || body === '') return [];
  if (isWireRecord(body)) {
    const arrays = Object.values(body).filter(Array.isArray);
    if (arrays.length === 1 && arrays[0]) return arrays[0];
  }
  throw new ClubServiceFaultError(
    'The club service sent a page that is not a list of records.',
    undefined,
  );
}

/** Options for {@link readAllPages}. */
export interface ReadAllPagesOptions {
  /** Stop with an error rather than read more pages than this. Default: 500 (50,000 records). */
  maxPages?: number;
  /** Read no page after this one, quietly: the caller knows how many there are. Default: none. */
  lastPage?: number;
}

/**
 * Reads every page of a collection: `Page` 1, 2, … until a page is short or empty. 250 records
 * take 3 calls; exactly 100 take 2 (the second page is empty).
 */
export async function readAllPages(
  fetchPage: (page: number) => Promise<unknown>,
  options: ReadAllPagesOptions = {},
): Promise<unknown[]> {
  const maxPages = options.maxPages ?? 500;
  const all: unknown[] = [];
  let previousFirst: unknown;
  for (let page = 1; page <= maxPages; page += 1) {
    const items = unwrapPage(await fetchPage(page));
    const first = items[0];
    // A service that ignores Page would send page 1 forever; stop rather than spend the budget.
    if (page > 1 && first !== undefined && sameRecord(first, previousFirst)) {
      throw new ClubServiceFaultError(
        'The club service ignored the Page parameter (it sent the same page twice).',
        undefined,
      );
    }
    all.push(...items);
    if (items.length < pageSize || page === options.lastPage) return all;
    previousFirst = first;
  }
  throw new ClubServiceFaultError(
    `The collection has more than ${maxPages} pages; stopped reading.`,
    undefined,
  );
}

function sameRecord(a: unknown, b: unknown): boolean {
  if (!isWireRecord(a) || !isWireRecord(b)) return false;
  return a.Guid !== undefined && a.Guid === b.Guid;
}
