import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';

/**
 * Seals what the bot writes to Redis with AES-256-GCM, so Redis, its AOF and its backups hold no
 * personal data in clear (PRODUCT.md, promise 4), and so a value changed or moved there does not
 * open. A sealed value is text: `s2.<key id>.<base64url of iv | tag | ciphertext>`; the key id
 * names which key sealed it, so a rotation can read values sealed with the older key. Its
 * associated data is the club, the Redis key and the hash field it was written to: a value copied
 * to another key, field or club fails to open. `s1.` values (no associated data, before the data
 * format's version 2) are still read, until the key that sealed them is rotated away.
 */
export interface Sealer {
  /** The club this sealer binds values to; '' for the deployment's own (registry, installations). */
  readonly club: string;
  /** The same keys, binding values to another club. */
  forClub(club: string): Sealer;
  seal(plain: string, at: SealedPlace): string;
  /** Throws {@link UnsealableError} when no key opens it, or it was changed or moved. */
  open(sealed: string, at: SealedPlace): string;
  sealJson(value: unknown, at: SealedPlace): string;
  /**
   * The value, parsed with `schema` (Redis is untrusted). Throws {@link UnsealableError} when it
   * does not open, or holds something else than `schema` reads: taken as tampered either way.
   */
  openJson<T>(sealed: string, at: SealedPlace, schema: z.ZodType<T>): T;
  /** The value, or undefined when it does not open or parse (told once per kind, never the value). */
  openJsonOrAbsent<T>(
    sealed: string | null | undefined,
    at: SealedPlace,
    schema: z.ZodType<T>,
  ): T | undefined;
  /** Whether it opens, and if so whether it is in the current format under the first key. */
  status(sealed: string, at: SealedPlace): 'current' | 'stale' | 'unopenable';
}

/** The kinds of sealed value, for logs and counts (not part of what is bound). */
export type SealedKind =
  | 'cache'
  | 'outbox'
  | 'job'
  | 'digest-subscription'
  | 'digest-state'
  | 'digest-people'
  | 'member-link'
  | 'slack-identity'
  | 'slack-state'
  | 'discord-state'
  | 'slack-installation'
  | 'club-record'
  | 'invite'
  | 'data-format'
  | 'slack-claim';

/** Where a sealed value lives: it opens only there. */
export interface SealedPlace {
  kind: SealedKind;
  key: string;
  field?: string;
}

/** A value no configured key opens, or one that was changed or moved. */
export class UnsealableError extends Error {
  constructor(reason: string) {
    super(`A sealed value could not be opened: ${reason}.`);
    this.name = 'UnsealableError';
  }
}

/** Options for {@link createSealer}. */
export interface SealerOptions {
  /** The club values are bound to. Default: '' (the deployment's own values). */
  club?: string;
  /** Told the first time a value of each kind does not open. Default: nobody. */
  onUnopenable?: (kind: SealedKind, reason: string) => void;
}

const version = 's2';
const legacyVersion = 's1';
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
export function createSealer(dataKey: string, options: SealerOptions = {}): Sealer {
  const problem = dataKeyProblem(dataKey);
  if (problem) throw new RangeError(`CLUB_DATA_KEY: ${problem}`);
  const keys = dataKey.split(',').map((text) => {
    const key = Buffer.from(text.trim(), 'base64');
    return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
  });
  const told = new Set<SealedKind>();
  const tell = (kind: SealedKind, reason: string) => {
    if (told.has(kind)) return;
    told.add(kind);
    options.onUnopenable?.(kind, reason);
  };
  return sealerFor(keys, options.club ?? '', tell);
}

interface DataKey {
  id: string;
  key: Buffer;
}

function sealerFor(
  keys: DataKey[],
  club: string,
  tell: (kind: SealedKind, reason: string) => void,
): Sealer {
  const current = keys[0]!;
  const boundTo = (at: SealedPlace) =>
    Buffer.from(JSON.stringify([version, club, at.key, at.field ?? null]), 'utf8');

  function seal(plain: string, at: SealedPlace): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', current.key, iv);
    cipher.setAAD(boundTo(at));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const packed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    return `${version}.${current.id}.${packed}`;
  }

  function unseal(sealed: string, at: SealedPlace): string {
    const [tag, id, packed] = sealed.split('.');
    if ((tag !== version && tag !== legacyVersion) || !id || packed === undefined) {
      throw new UnsealableError('not sealed');
    }
    const key = keys.find((candidate) => candidate.id === id);
    if (!key) throw new UnsealableError('sealed with a key that is not configured');
    const bytes = Buffer.from(packed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(0, ivBytes));
    decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
    if (tag === version) decipher.setAAD(boundTo(at));
    try {
      return Buffer.concat([
        decipher.update(bytes.subarray(ivBytes + tagBytes)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new UnsealableError('it was changed, moved or is damaged');
    }
  }

  function open(sealed: string, at: SealedPlace): string {
    try {
      return unseal(sealed, at);
    } catch (error) {
      if (error instanceof UnsealableError) tell(at.kind, error.message);
      throw error;
    }
  }

  function openJson<T>(sealed: string, at: SealedPlace, schema: z.ZodType<T>): T {
    const text = open(sealed, at);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    // Zod's issues may quote the value: the log is told only that its shape is wrong.
    const error = new UnsealableError('it opened, but does not hold what is kept there');
    tell(at.kind, error.message);
    throw error;
  }

  return {
    club,
    forClub: (other) => sealerFor(keys, other, tell),
    seal,
    open,
    sealJson: (value, at) => seal(JSON.stringify(value), at),
    openJson,
    openJsonOrAbsent(sealed, at, schema) {
      if (sealed === null || sealed === undefined) return undefined;
      try {
        return openJson(sealed, at, schema);
      } catch (error) {
        if (error instanceof UnsealableError) return undefined;
        throw error;
      }
    },
    status(sealed, at) {
      try {
        unseal(sealed, at);
      } catch {
        return 'unopenable';
      }
      return sealed.startsWith(`${version}.${current.id}.`) ? 'current' : 'stale';
    },
  };
}
