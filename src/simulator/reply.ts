/** What the simulator answers: a status and a JSON body, already serialised. */
export interface Reply {
  status: number;
  json: string;
}

/** A 2xx (or other) answer whose body is the given value, or JSON text when it is a string. */
export function jsonReply(status: number, body: unknown): Reply {
  return { status, json: typeof body === 'string' ? body : JSON.stringify(body) };
}

/**
 * An error answer: `{ "Message": "..." }`, the document's `Error` schema. The spec only says an
 * error "carries a message giving the exact error"; JSON with a Message is what clients read best.
 */
export function errorReply(status: number, message: string): Reply {
  return { status, json: JSON.stringify({ Message: message }) };
}
