import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { SimulatorAdmin } from './create-simulator-admin.js';
import { parseFaultUpdate } from './fault-settings.js';
import { readRequestBody } from './read-request-body.js';
import { errorReply, jsonReply, type Reply } from './reply.js';
import { sendReply } from './send-reply.js';
import { servedCollection, type WireRecord } from './simulator-collections.js';
import { describeError } from '../errors.js';

const count = z.number().int().min(0);
const resetBody = z
  .strictObject({
    reseed: z.boolean(),
    members: z.number().int(),
    seed: z.number().int().safe(),
    today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  })
  .partial();
const budgetBody = z.strictObject({ remaining: count, dailyLimit: count }).partial();
const clockBody = z.strictObject({ advanceMs: z.number().finite() });
const recordsBody = z.array(z.record(z.string(), z.unknown()));

/**
 * The admin surface under `/__sim/`: no token, not counted in the budget, not part of the club API.
 *
 * - `GET  /__sim/calls`                 call counts by method, path template and status, and total
 * - `POST /__sim/reset`                 `{ reseed?, members?, seed?, today? }` (body optional)
 * - `GET  /__sim/faults`, `PUT /__sim/faults`   the fault settings; PUT merges a partial update
 * - `GET  /__sim/budget`, `PUT /__sim/budget`   `{ remaining?, dailyLimit? }`
 * - `GET  /__sim/records/{collection}`  the stored records (`IncidentBook` or `incidents`, ...)
 * - `PUT  /__sim/records/{collection}`  replaces them (a JSON array of records with Guids)
 * - `GET  /__sim/clock`, `POST /__sim/clock`    `{ advanceMs }` moves the clock
 *
 * Answers carry `X-Ratelimit-Remaining` too (read, not counted), so every response has it.
 */
export async function handleAdminRequest(
  admin: SimulatorAdmin,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const method = request.method ?? 'GET';
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  const text = method === 'GET' ? '' : await readRequestBody(request);
  if (method === 'GET') request.resume();
  let reply: Reply;
  try {
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    reply = route(admin, method, path, body);
  } catch (error) {
    reply = errorReply(400, describeError(error));
  }
  sendReply(response, reply, admin.budget().remaining);
}

function route(admin: SimulatorAdmin, method: string, path: string, body: unknown): Reply {
  const ok = (value: unknown) => jsonReply(200, value);
  const key = `${method} ${path}`;
  switch (key) {
    case 'GET /__sim/calls':
      return ok(admin.calls());
    case 'POST /__sim/reset':
      admin.reset(parse(resetBody, body ?? {}));
      return ok({ reset: true, budget: admin.budget() });
    case 'GET /__sim/faults':
      return ok(admin.faults());
    case 'PUT /__sim/faults':
      return ok(admin.setFaults(parseFaultUpdate(body ?? {})));
    case 'GET /__sim/budget':
      return ok(admin.budget());
    case 'PUT /__sim/budget':
      return ok(admin.setBudget(parse(budgetBody, body ?? {})));
    case 'GET /__sim/clock':
      return ok(admin.clock());
    case 'POST /__sim/clock':
      admin.advanceClock(parse(clockBody, body).advanceMs);
      return ok(admin.clock());
  }
  const records = /^\/__sim\/records\/([A-Za-z]+)$/.exec(path);
  const collection = records?.[1] === undefined ? undefined : servedCollection(records[1]);
  if (collection !== undefined && method === 'GET') return ok(admin.records(collection));
  if (collection !== undefined && method === 'PUT') {
    admin.setRecords(collection, parse(recordsBody, body) as WireRecord[]);
    return ok({ collection, count: admin.records(collection).length });
  }
  return errorReply(404, `No such admin route: ${method} ${path.slice(0, 200)}`);
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new RangeError(
    parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
      .join('; '),
  );
}
