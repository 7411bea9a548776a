import type { WireRecord } from './simulator-collections.js';

/** Turns records into JSON text. */
export interface RecordSerialiser {
  /** A bare JSON array of the records (a page). */
  many(records: readonly WireRecord[]): string;
  /** One record. */
  one(record: WireRecord): string;
}

/**
 * A serialiser that keeps each record's JSON text, keyed by the (frozen, never mutated) record
 * object: the benchmarks read the same pages over and over, and a page is then a join of 100
 * cached strings rather than a JSON.stringify of 100 records. `present` reshapes a record on the
 * way out (quirk mode); it runs once per record object.
 */
export function createRecordSerialiser(
  present: (record: WireRecord) => WireRecord = (record) => record,
): RecordSerialiser {
  const cache = new WeakMap<WireRecord, string>();
  const one = (record: WireRecord): string => {
    let text = cache.get(record);
    if (text === undefined) {
      text = JSON.stringify(present(record));
      cache.set(record, text);
    }
    return text;
  };
  return {
    one,
    many(records) {
      let text = '[';
      for (let i = 0; i < records.length; i++) {
        if (i > 0) text += ',';
        text += one(records[i] as WireRecord);
      }
      return `${text}]`;
    },
  };
}
