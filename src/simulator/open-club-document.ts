import { readFile } from 'node:fs/promises';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { parse } from 'yaml';
import { findClubDocument } from './find-club-document.js';
import { isCalendarDate } from './is-calendar-date.js';

/**
 * `openapi/club-service.yaml` read by openapi-backend, initialised: quick mode (the document is
 * 3.0.3 and `redocly lint` checks it in CI), every error reported, and dates that must be real
 * calendar dates. The simulator and the tests that check its answers read it the same way.
 */
export async function openClubDocument(documentPath = findClubDocument()): Promise<OpenAPIBackend> {
  const document = parse(await readFile(documentPath, 'utf8')) as Document;
  const api = new OpenAPIBackend({
    definition: document,
    quick: true,
    ajvOpts: { allErrors: true },
    customizeAjv: (ajv) => ajv.addFormat('date', { type: 'string', validate: isCalendarDate }),
  });
  await api.init();
  return api;
}
