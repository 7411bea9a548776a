import { createRouteTable, type DocumentOperation, type Route } from './create-route-table.js';
import { describeValidationErrors } from './describe-validation-errors.js';
import { findClubDocument } from './find-club-document.js';
import { openClubDocument } from './open-club-document.js';
import { readSchemaFields, type Schema, type SchemaFields } from './read-schema-fields.js';
import {
  collectionSchemas,
  storedCollections,
  type StoredCollection,
} from './simulator-collections.js';

/** The OpenAPI document, as the simulator uses it: routing, write validation, field facts. */
export interface ClubContract {
  /** Every operation of the document, as openapi-backend reads them (for a layout's router). */
  operations: readonly DocumentOperation[];
  /** Every operation of the document, at the document's paths. */
  routes: readonly Route[];
  /** The flag and read-only fields of each collection's record schema. */
  fields: Readonly<Record<StoredCollection, SchemaFields>>;
  /**
   * Validates a write's parameters and body against its operation: messages naming the field and
   * the rule (`IncidentTitle: must be at most 50 characters`), empty when it is valid. Dates must
   * be real calendar dates. `path` is the document's spelling of the request's path.
   */
  validateWrite(operationId: string, method: string, path: string, body: unknown): string[];
}

const loaded = new Map<string, Promise<ClubContract>>();

/**
 * Loads `openapi/club-service.yaml` once per process (every simulator in a test run shares it),
 * the write operations' validators compiled up front so the first POST is not slow.
 */
export function loadClubContract(documentPath = findClubDocument()): Promise<ClubContract> {
  let contract = loaded.get(documentPath);
  if (!contract) {
    contract = buildContract(documentPath);
    loaded.set(documentPath, contract);
    contract.catch(() => loaded.delete(documentPath));
  }
  return contract;
}

async function buildContract(documentPath: string): Promise<ClubContract> {
  const api = await openClubDocument(documentPath);
  const operations = api.getOperations();
  const schemas = (api.definition.components?.schemas ?? {}) as Record<string, Schema>;
  const wording = { timePattern: schemas.Time24h?.pattern };

  const fields = Object.fromEntries(
    storedCollections.map((collection) => {
      const schema = schemas[collectionSchemas[collection]];
      if (!schema) throw new Error(`the document has no schema ${collectionSchemas[collection]}`);
      return [collection, readSchemaFields(schema)];
    }),
  ) as Record<StoredCollection, SchemaFields>;

  for (const operation of operations) {
    if (operation.requestBody && operation.operationId) {
      api.validator.getRequestValidatorsForOperation(operation.operationId);
    }
  }

  return {
    operations,
    routes: createRouteTable(operations).routes,
    fields,
    validateWrite(operationId, method, path, body) {
      const result = api.validateRequest(
        { method, path, headers: { 'content-type': 'application/json' }, body },
        operationId,
      );
      return result.errors ? describeValidationErrors(result.errors, wording) : [];
    },
  };
}
