import type { SchemaFields } from './read-schema-fields.js';

const flagValues: Readonly<Record<string, number>> = { '1': 1, '0': 0, yes: 1, no: 0 };

/**
 * An update's body as the service reads it: a long-lived public client sends flags as text, so a
 * flag sent as "1"/"0" or "Yes"/"No" becomes 1/0 before the body is checked against the document.
 */
export function readFlagsSentAsText(body: unknown, fields: SchemaFields | undefined): unknown {
  if (!fields || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => {
      const read =
        fields.flags.has(key) && typeof value === 'string'
          ? flagValues[value.trim().toLowerCase()]
          : undefined;
      return [key, read ?? value];
    }),
  );
}
