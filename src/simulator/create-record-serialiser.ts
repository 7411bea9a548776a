import type { WireRecord } from './simulator-collections.js';

/** Turns records into JSON text. */
export interface RecordSerialiser {
  /** A bare JSON array of the records (a page). */
  many(records: readonly WireRecord[]): string;
  /** One record. */
  one(record: WireRecord): string;
}

/** A serialiser; `present` reshapes each record on the way out (the real and chaos profiles). */
export function createRecordSerialiser(
  present: (record: WireRecord) => WireRecord = (record) => record,
): RecordSerialiser {
  return {
    one: (record) => JSON.stringify(present(record)),
    many: (records) => JSON.stringify(records.map(present)),
  };
}
