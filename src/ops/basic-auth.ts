import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an `Authorization: Basic …` header carries this user and password. Both sides are
 * hashed first, so the comparison takes the same time whatever the lengths and contents.
 */
export function basicAuthMatches(
  header: string | undefined,
  user: string,
  password: string,
): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  const given = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(`${user}:${password}`)) && match !== null;
}
