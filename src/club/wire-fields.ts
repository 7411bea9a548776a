/**
 * Tolerant readers of one field of a wire record. The real service drifts (club-service-notes.md):
 * flags come as 1/0, "1"/"0", "Yes"/"No" or true/false; names come in two spellings. Each reader
 * takes every spelling it may find and returns a clean value.
 */
export type WireRecord = Record<string, unknown>;

export function isWireRecord(value: unknown): value is WireRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first non-empty text among the given spellings, trimmed; numbers are read as text. */
export function text(record: WireRecord, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

const truthy = new Set(['1', 'yes', 'y', 'true']);

/** A flag: 1, "1", "Yes", "yes", true → true; anything else (0, "No", "", missing) → false. */
export function flag(record: WireRecord, ...names: string[]): boolean {
  for (const name of names) {
    const value = record[name];
    if (value === undefined || value === null) continue;
    if (typeof value === 'boolean') return value;
    if (typeof value === 'number') return value === 1;
    if (typeof value === 'string') return truthy.has(value.trim().toLowerCase());
  }
  return false;
}

/** A number from a number or numeric text ("12.50"); undefined otherwise. */
export function numeric(record: WireRecord, ...names: string[]): number | undefined {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && value.trim() !== '') {
      const parsed = Number(value.trim().replace(/^£/, ''));
      if (Number.isFinite(parsed)) return parsed;
    }
  }
  return undefined;
}

/** A date as yyyy-mm-dd; a date-time ("2026-01-05T00:00:00") is cut to its date. */
export function date(record: WireRecord, ...names: string[]): string | undefined {
  const value = text(record, ...names);
  const match = value?.match(/^(\d{4}-\d{2}-\d{2})/);
  return match?.[1];
}

/** A list of records (objects) under one of the names; anything else is skipped. */
export function records(record: WireRecord, ...names: string[]): WireRecord[] {
  for (const name of names) {
    const value = record[name];
    if (Array.isArray(value)) return value.filter(isWireRecord);
  }
  return [];
}

/** A list of Guids, given either as strings or as objects with a Guid. */
export function guids(record: WireRecord, ...names: string[]): string[] {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string' && value.trim() !== '') {
      return value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    }
    if (!Array.isArray(value)) continue;
    return value.flatMap((item): string[] => {
      if (typeof item === 'string' && item.trim() !== '') return [item.trim()];
      if (isWireRecord(item)) {
        const guid = text(item, 'Guid', 'guid', 'GUID');
        return guid ? [guid] : [];
      }
      return [];
    });
  }
  return [];
}

export function gender(record: WireRecord): 'M' | 'F' | undefined {
  const value = text(record, 'Gender')?.toUpperCase();
  if (value === 'M' || value === 'MALE') return 'M';
  if (value === 'F' || value === 'FEMALE') return 'F';
  return undefined;
}

/** Thrown when a record lacks what makes it usable (a Guid, a name); the caller skips it. */
export class UndecodableRecordError extends Error {}

export function required(value: string | undefined, what: string): string {
  if (value === undefined) throw new UndecodableRecordError(`a record without ${what}`);
  return value;
}
