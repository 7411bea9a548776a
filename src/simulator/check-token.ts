import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Checks the `Authorization-Token` header; returns the 401 message, or undefined when the token is
 * right. Compares digests in constant time, and never puts the token in a message.
 */
export function checkToken(
  header: string | string[] | undefined,
  token: string,
): string | undefined {
  const sent = Array.isArray(header) ? header[0] : header;
  if (sent === undefined || sent === '') return 'The Authorization-Token header is missing.';
  return timingSafeEqual(digest(sent), digest(token))
    ? undefined
    : 'The Authorization-Token is not valid for this account.';
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
