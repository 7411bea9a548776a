import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals the personal data the bot writes to Redis with AES-256-GCM, so Redis, its AOF and its
 * backups hold none in clear (PRODUCT.md, promise 4). A sealed value is text:
 * `s1.<key id>.<base64url of iv | tag | ciphertext>`; the key id names which key sealed it, so a
 * rotation can read values sealed with the older key.
 */
export interface Sealer {
  seal(plain: string): string;
  /** Throws {@link UnsealableError} when no key opens it, or it was changed. */
  open(sealed: string): string;
  sealJson(value: unknown): string;
  openJson<T>(sealed: string): T;
}

/** A value no configured key opens, or one that was tampered with. */
export class UnsealableError extends Error {
  constructor(reason: string) {
    super(`A sealed value could not be opened: ${reason}.`);
    this.name = 'UnsealableError';
  }
}

const version = 's1';
const ivBytes = 12;
const tagBytes = 16;

/** A new data key: 32 random bytes, base64 (what `npm run setup:key` prints). */
export function newDataKey(): string {
  return randomBytes(32).toString('base64');
}

/**
 * The problem with a `CLUB_DATA_KEY` value, or undefined when it is usable: one key, or two
 * during a rotation (the new one first, the older one after a comma, only read).
 */
export function dataKeyProblem(value: string): string | undefined {
  const keys = value.split(',').map((key) => key.trim());
  if (keys.length > 2) return 'at most two keys, the new one first';
  const bad = keys.find((key) => Buffer.from(key, 'base64').length !== 32);
  return bad === undefined ? undefined : 'each key must be 32 bytes in base64';
}

/** A sealer over `dataKey` (see {@link dataKeyProblem}); it seals with the first key. */
export function createSealer(dataKey: string): Sealer {
  const problem = dataKeyProblem(dataKey);
  if (problem) throw new RangeError(`CLUB_DATA_KEY: ${problem}`);
  const keys = dataKey.split(',').map((text) => {
    const key = Buffer.from(text.trim(), 'base64');
    return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
  });
  const [current] = keys;
  if (!current) throw new RangeError('CLUB_DATA_KEY: no key');

  function seal(plain: string): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', current!.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const packed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    return `${version}.${current!.id}.${packed}`;
  }

  function open(sealed: string): string {
    const [tag, id, packed] = sealed.split('.');
    if (tag !== version || !id || packed === undefined) throw new UnsealableError('not sealed');
    const key = keys.find((candidate) => candidate.id === id);
    if (!key) throw new UnsealableError('sealed with a key that is not configured');
    const bytes = Buffer.from(packed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(0, ivBytes));
    decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
    try {
      return Buffer.concat([
        decipher.update(bytes.subarray(ivBytes + tagBytes)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new UnsealableError('it was changed or is damaged');
    }
  }

  return {
    seal,
    open,
    sealJson: (value) => seal(JSON.stringify(value)),
    openJson: <T>(sealed: string) => JSON.parse(open(sealed)) as T,
  };
}
