import type { ClubStore } from './create-club-store.js';
import type { RecordSerialiser } from './create-record-serialiser.js';
import type { SchemaFields } from './read-schema-fields.js';
import type { ServedCollection, StoredCollection } from './simulator-collections.js';

/** What the operation handlers work with. */
export interface SimulatorContext {
  store: ClubStore;
  /** The serialiser of a collection's records (the real and chaos profiles reshape them). */
  serialiser(collection: ServedCollection): RecordSerialiser;
  fields: Readonly<Record<StoredCollection, SchemaFields>>;
  /** The club's today, yyyy-mm-dd, on the simulator's clock. */
  today(): string;
  /** A new Guid for a created record. */
  newGuid(): string;
}
