import { createRecordSerialiser, type RecordSerialiser } from './create-record-serialiser.js';
import { presentChaos } from './present-chaos.js';
import { presentAsReal } from './present-real.js';
import type { SchemaFields } from './read-schema-fields.js';
import {
  isBeyondSpec,
  type ServedCollection,
  type StoredCollection,
} from './simulator-collections.js';
import type { SimulatorProfile } from './simulator-profile.js';

/**
 * The serialiser of each collection's records in a profile. Records beyond the spec are served as
 * stored in every profile: they have no schema to reshape them by, and carry every field already.
 */
export function profileSerialisers(
  profile: SimulatorProfile,
  fields: Readonly<Record<StoredCollection, SchemaFields>>,
): (collection: ServedCollection) => RecordSerialiser {
  const plain = createRecordSerialiser();
  return (collection) => {
    if (profile === 'spec' || isBeyondSpec(collection)) return plain;
    if (profile === 'chaos') return createRecordSerialiser(presentChaos(collection, fields));
    const host = profile === 'real-2025' ? '2025' : 'older';
    return createRecordSerialiser(presentAsReal(collection, fields, host));
  };
}
