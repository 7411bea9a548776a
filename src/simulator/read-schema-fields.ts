/** A (dereferenced) JSON schema, as far as the simulator reads it. */
export interface Schema {
  type?: string;
  enum?: unknown[];
  readOnly?: boolean;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  pattern?: string;
}

/** What the simulator needs to know about the fields of one record schema. */
export interface SchemaFields {
  /** Every field the schema declares, in its order: the real and chaos profiles send each. */
  all: readonly string[];
  /** Fields that are flags (integer 1/0): the real and chaos profiles may send them as text. */
  flags: ReadonlySet<string>;
  /** Fields that are lists: the real profile sends an empty one as `[]`. */
  lists: ReadonlySet<string>;
  /** Read-only fields: ignored in POST and PUT bodies. */
  readOnly: ReadonlySet<string>;
}

/** Reads the fields, flags and read-only fields of a record schema, through `allOf`. */
export function readSchemaFields(schema: Schema): SchemaFields {
  const flags = new Set<string>();
  const readOnly = new Set<string>();
  const lists = new Set<string>();
  const properties = propertiesOf(schema);
  for (const [name, property] of Object.entries(properties)) {
    if (isFlag(property)) flags.add(name);
    if (someOf(property, (part) => part.readOnly === true)) readOnly.add(name);
    if (someOf(property, (part) => part.type === 'array')) lists.add(name);
  }
  return { all: Object.keys(properties), flags, readOnly, lists };
}

function propertiesOf(schema: Schema): Record<string, Schema> {
  const merged: Record<string, Schema> = {};
  for (const part of schema.allOf ?? []) Object.assign(merged, propertiesOf(part));
  return Object.assign(merged, schema.properties);
}

function isFlag(schema: Schema): boolean {
  return someOf(
    schema,
    (part) =>
      part.type === 'integer' &&
      part.enum?.length === 2 &&
      part.enum.includes(0) &&
      part.enum.includes(1),
  );
}

function someOf(schema: Schema, test: (schema: Schema) => boolean): boolean {
  return test(schema) || (schema.allOf ?? []).some((part) => someOf(part, test));
}
