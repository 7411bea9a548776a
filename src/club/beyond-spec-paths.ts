import type { components } from './generated/club-service.js';

/**
 * The real host's `CodeOfConduct` collection, typed by hand for openapi-fetch: it is beyond the
 * spec (club-service-notes.md), so it is not in `openapi/club-service.yaml` nor in the generated
 * client. The bot reads it only where the host answers; the answers are read as loosely as the
 * rest of the wire (any record), and decoded in decode-code-of-conduct.ts.
 */
export interface BeyondSpecPaths {
  '/api/CodeOfConduct': PathItem<{ query?: never; header?: never; path?: never; cookie?: never }>;
  '/api/CodeOfConduct/{guid}': PathItem<{
    query?: never;
    header?: never;
    path: { guid: string };
    cookie?: never;
  }>;
}

type Responses = components['responses'];

interface PathItem<Parameters> {
  parameters: Parameters;
  get: {
    parameters: Parameters;
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: { 'application/json': unknown };
      };
      401: Responses['Unauthorized'];
      403: Responses['Forbidden'];
      404: Responses['NotFound'];
      500: Responses['InternalServerError'];
    };
  };
  put?: never;
  post?: never;
  delete?: never;
  options?: never;
  head?: never;
  patch?: never;
  trace?: never;
}
