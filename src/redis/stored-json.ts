import type { z } from 'zod';

/**
 * Plain JSON read back from Redis (an audit or digest log entry), parsed with `schema`; undefined
 * when it is not JSON or not that shape, as Redis is untrusted and such a value is taken as absent.
 */
export function readStoredJson<T>(
  text: string | null | undefined,
  schema: z.ZodType<T>,
): T | undefined {
  if (text === null || text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
