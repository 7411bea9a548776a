import {
  heldCollections,
  type ClubRecords,
  type HeldCollection,
  type ServedCollection,
  type WireRecord,
} from './simulator-collections.js';

/**
 * The simulator's records, per collection, in insertion order. Records are deep-frozen and
 * replaced, never changed in place, so a serialised copy can be cached per record object.
 */
export interface ClubStore {
  /** Every record of a collection; CommitteeMembers are the users with CommitteeMember 1. */
  list(collection: ServedCollection): readonly WireRecord[];
  get(collection: HeldCollection, guid: string): WireRecord | undefined;
  /** Appends a record (it must carry a Guid not yet in the collection). */
  insert(collection: HeldCollection, record: WireRecord): WireRecord;
  /** Puts `record` where the record with the same Guid was. */
  replace(collection: HeldCollection, record: WireRecord): WireRecord;
  /** Replaces a whole collection (tests and the admin surface). */
  setAll(collection: HeldCollection, records: readonly WireRecord[]): void;
  /** Replaces every collection. */
  load(records: ClubRecords): void;
}

interface Shelf {
  records: WireRecord[];
  index: Map<string, number>;
}

export function createClubStore(initial: ClubRecords): ClubStore {
  const shelves = new Map<HeldCollection, Shelf>();
  let committee: readonly WireRecord[] | undefined;

  const shelf = (collection: HeldCollection): Shelf => {
    const found = shelves.get(collection);
    if (!found) throw new RangeError(`unknown collection: ${collection}`);
    return found;
  };

  const setAll = (collection: HeldCollection, records: readonly WireRecord[]) => {
    const frozen = records.map(deepFreeze);
    const index = new Map<string, number>();
    frozen.forEach((record, position) => {
      const guid = record.Guid;
      if (typeof guid === 'string') index.set(guid, position);
    });
    shelves.set(collection, { records: frozen, index });
    if (collection === 'Users') committee = undefined;
  };

  const load = (records: ClubRecords) => {
    for (const collection of heldCollections) setAll(collection, records[collection]);
  };
  load(initial);

  return {
    list(collection) {
      if (collection !== 'CommitteeMembers') return shelf(collection).records;
      committee ??= shelf('Users').records.filter((user) => user.CommitteeMember === 1);
      return committee;
    },
    get: (collection, guid) => {
      const { records, index } = shelf(collection);
      const position = index.get(guid);
      return position === undefined ? undefined : records[position];
    },
    insert(collection, record) {
      const { records, index } = shelf(collection);
      const guid = guidOf(record);
      if (index.has(guid)) throw new RangeError(`${collection} already holds ${guid}`);
      const frozen = deepFreeze(record);
      index.set(guid, records.length);
      records.push(frozen);
      if (collection === 'Users') committee = undefined;
      return frozen;
    },
    replace(collection, record) {
      const { records, index } = shelf(collection);
      const guid = guidOf(record);
      const position = index.get(guid);
      if (position === undefined) throw new RangeError(`${collection} holds no ${guid}`);
      const frozen = deepFreeze(record);
      records[position] = frozen;
      if (collection === 'Users') committee = undefined;
      return frozen;
    },
    setAll,
    load,
  };
}

function guidOf(record: WireRecord): string {
  const guid = record.Guid;
  if (typeof guid !== 'string' || guid === '') throw new RangeError('a record without a Guid');
  return guid;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
