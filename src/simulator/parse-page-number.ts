/** The page a collection GET asks for, or the reason it cannot be read. */
export type PageChoice = { page: number } | { error: string };

/**
 * Reads `Page` from the request header or the query string; the header wins when both are sent
 * (the spec names both and says nothing about a conflict). No Page means page 1. A Page that is not
 * a whole number from 1 is refused.
 */
export function parsePageNumber(
  header: string | string[] | undefined,
  query: string | null,
): PageChoice {
  const raw = (Array.isArray(header) ? header[0] : header) ?? query;
  if (raw === undefined || raw === null) return { page: 1 };
  const text = raw.trim();
  const page = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!(page >= 1))
    return { error: `Page: must be a whole number from 1, not "${raw.slice(0, 20)}"` };
  return { page };
}
