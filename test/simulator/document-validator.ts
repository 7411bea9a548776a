import {
  SetMatchType,
  ValidationContext,
  type OpenAPIBackend,
  type Operation,
} from 'openapi-backend';
import { openClubDocument } from '../../src/simulator/open-club-document.js';

/** One response as the test saw it. */
export interface SeenResponse {
  method: string;
  /** The path without the query, e.g. `/api/Users/abc`. */
  path: string;
  status: number;
  headers: Headers;
  body: string;
}

/** Checks responses against `openapi/club-service.yaml` with openapi-backend's response validation. */
export interface DocumentValidator {
  /** Problems with one response; empty when it is valid against the document. */
  check(response: SeenResponse): string[];
  /** The operationId a request is for, or undefined for a path the document lacks. */
  operationOf(method: string, path: string): string | undefined;
  operationIds(): string[];
  /** The statuses an operation declares. */
  declaredStatuses(operationId: string): number[];
}

/**
 * A gap found in the document (reported to its author): the collection GETs declare no 400, but
 * the spec's Page rule makes a bad Page a 400. Until it is declared, such an answer is checked
 * against the shared `BadRequest` response instead of being skipped.
 */
const undeclaredButExpected = new Set(['400']);

let shared: Promise<DocumentValidator> | undefined;

/** One validator per test file (compiling response validators takes a few seconds). */
export function documentValidator(): Promise<DocumentValidator> {
  shared ??= build();
  return shared;
}

async function build(): Promise<DocumentValidator> {
  const api = await openClubDocument();
  const operations = api.getOperations();
  const badRequest = api.definition.components?.responses?.BadRequest as
    { content: Record<string, { schema: object }> } | undefined;

  const operationFor = (method: string, path: string): Operation | undefined =>
    api.matchOperation({ method: method.toLowerCase(), path, headers: {} });

  return {
    operationOf: (method, path) => operationFor(method, path)?.operationId,
    operationIds: () => operations.flatMap((operation) => operation.operationId ?? []),
    declaredStatuses(operationId) {
      const operation = operations.find((candidate) => candidate.operationId === operationId);
      return Object.keys(operation?.responses ?? {}).map(Number);
    },
    check({ method, path, status, headers, body }) {
      const problems: string[] = [];
      const where = `${method} ${path} ${status}`;
      if (!/^\d+$/.test(headers.get('x-ratelimit-remaining') ?? '')) {
        problems.push(`${where}: no X-Ratelimit-Remaining`);
      }
      const operation = operationFor(method, path);
      if (!operation?.operationId) return problems;
      const id = operation.operationId;
      const declared = Object.hasOwn(operation.responses ?? {}, String(status));
      if (!declared && !undeclaredButExpected.has(String(status))) {
        return [...problems, `${where}: status not declared for ${id}`];
      }
      const contentType = (headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
      if (contentType !== 'application/json') {
        return [...problems, `${where}: content type ${contentType}, expected application/json`];
      }
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return [...problems, `${where}: body is not JSON`];
      }
      const bodyResult = declared
        ? api.validateResponse(json, operation, status)
        : validateAgainst(api, badRequest?.content['application/json']?.schema, json);
      for (const error of bodyResult.errors ?? []) {
        problems.push(`${where} (${id}): body${error.instancePath} ${error.message ?? ''}`);
      }
      const headerResult = api.validateResponseHeaders(Object.fromEntries(headers), operation, {
        statusCode: declared ? status : 200,
        setMatchType: SetMatchType.Superset,
      });
      for (const error of headerResult.errors ?? []) {
        problems.push(`${where} (${id}): headers${error.instancePath} ${error.message ?? ''}`);
      }
      return problems;
    },
  };
}

function validateAgainst(api: OpenAPIBackend, schema: object | undefined, value: unknown) {
  if (!schema) return { errors: [{ instancePath: '', message: 'no BadRequest schema' }] };
  const ajv = api.validator.getAjv(ValidationContext.Response);
  const validate = ajv.compile(schema);
  validate(value);
  return { errors: validate.errors ?? [] };
}
