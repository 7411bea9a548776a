import type { ValidationResult } from 'openapi-backend';

type ValidationError = NonNullable<ValidationResult['errors']>[number];

/** Phrases a rule of the document in the words of an error message. */
export interface RuleWording {
  /** The document's pattern for a 24-hour time (`Time24h`), to name that rule in plain words. */
  timePattern: string | undefined;
}

/**
 * Turns the validator's errors for a request into messages that name the field and the rule,
 * e.g. `IncidentTitle: must be at most 50 characters`, one per field and rule, in the validator's
 * order. A field's type error is dropped when the same field also broke an enum (a flag sent as
 * "Yes" says "must be one of: 0, 1", once).
 */
export function describeValidationErrors(
  errors: readonly ValidationError[],
  wording: RuleWording,
): string[] {
  const withEnum = new Set(errors.filter((e) => e.keyword === 'enum').map((e) => e.instancePath));
  const messages: string[] = [];
  for (const error of errors) {
    if (error.keyword === 'type' && withEnum.has(error.instancePath)) continue;
    const message = describe(error, wording);
    if (!messages.includes(message)) messages.push(message);
  }
  return messages;
}

function describe(error: ValidationError, wording: RuleWording): string {
  const params = error.params as Record<string, unknown>;
  const field = fieldName(error.instancePath);
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      if (field === '' && missing === 'requestBody') return 'body: is required (a JSON object)';
      return `${join(field, missing)}: is required`;
    }
    case 'maxLength':
      return `${field}: must be at most ${String(params.limit)} characters`;
    case 'minLength':
      return `${field}: must be at least ${String(params.limit)} characters`;
    case 'enum':
      return `${field}: must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'format':
      return params.format === 'date'
        ? `${field}: must be a real calendar date, yyyy-mm-dd`
        : `${field}: must be in the format ${String(params.format)}`;
    case 'pattern':
      return params.pattern === wording.timePattern
        ? `${field}: must be a 24-hour time, HH:mm (00:00 to 23:59)`
        : `${field}: must match the pattern ${String(params.pattern)}`;
    case 'type':
      return `${field || 'body'}: must be ${article(String(params.type))}`;
    case 'minItems':
      return `${field}: must have at least ${String(params.limit)} item(s)`;
    case 'maxItems':
      return `${field}: must have at most ${String(params.limit)} item(s)`;
    case 'minimum':
      return `${field}: must be at least ${String(params.limit)}`;
    case 'maximum':
      return `${field}: must be at most ${String(params.limit)}`;
    case 'parse':
      return `body: is not valid JSON`;
    default:
      return `${field || 'body'}: ${error.message ?? 'is not valid'}`;
  }
}

/** `/requestBody/AddedBy/0/Guid` → `AddedBy[0].Guid`; parameters keep their place (`path.guid`). */
function fieldName(instancePath: string): string {
  const parts = instancePath.split('/').slice(1);
  const inBody = parts[0] === 'requestBody';
  return (inBody ? parts.slice(1) : parts).reduce(
    (name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : join(name, unescapePointer(part))),
    '',
  );
}

function join(parent: string, child: string): string {
  return parent === '' ? child : `${parent}.${child}`;
}

function unescapePointer(part: string): string {
  return part.replace(/~1/g, '/').replace(/~0/g, '~');
}

function article(type: string): string {
  if (type === 'integer' || type === 'object' || type === 'array') return `an ${type}`;
  return `a ${type}`;
}
