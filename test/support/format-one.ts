import { createCipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals a value as the bot did before data format 2 (`s1.`, no associated data): the migration
 * and legacy-read tests write today's data with it, as the older code wrote it.
 */
export function sealFormatOne(dataKey: string, plain: string): string {
  const key = Buffer.from(dataKey.split(',')[0]!.trim(), 'base64');
  const id = createHash('sha256').update(key).digest('hex').slice(0, 8);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `s1.${id}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}
