/** One operation of the document, as the simulator routes to it. */
export interface Route {
  operationId: string;
  /** Upper case: GET, POST, PUT, DELETE. */
  method: string;
  /** The document's path template, e.g. `/api/Users/{guid}`. */
  path: string;
  /** Whether the operation takes the `Page` parameter (a collection GET). */
  paged: boolean;
  /** Whether the operation takes a request body (POST, PUT). */
  hasBody: boolean;
}

/** An operation of the document, as openapi-backend lists it (parameters dereferenced). */
export interface DocumentOperation {
  operationId?: string;
  method: string;
  path: string;
  parameters?: unknown[];
  requestBody?: unknown;
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  /** `path` is the document's template, `served` the same as the layout spells it. */
  | { kind: 'wrong-method'; path: string; served: string; allowed: string[] }
  | { kind: 'unknown' };

interface PathEntry {
  path: string;
  served: string;
  pattern: RegExp | undefined;
  names: string[];
  byMethod: Map<string, Route>;
}

/**
 * The operations of the document, and a router to them: built from the same operations
 * openapi-backend reads, it tells a wrong method (405) from an unknown path (404). A trailing
 * slash is ignored. `spell` gives the path a document template is served at (the layout's).
 */
export interface RouteTable {
  routes: readonly Route[];
  match(method: string, path: string): RouteMatch;
}

export function createRouteTable(
  operations: readonly DocumentOperation[],
  spell: (documentPath: string) => string = (path) => path,
): RouteTable {
  const literal = new Map<string, PathEntry>();
  const templated: PathEntry[] = [];
  const entries = new Map<string, PathEntry>();
  const routes: Route[] = [];

  for (const operation of operations) {
    if (!operation.operationId)
      throw new Error(`${operation.method} ${operation.path} has no operationId`);
    let entry = entries.get(operation.path);
    if (!entry) {
      const served = spell(operation.path);
      const names = [...served.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
      const pattern = names.length
        ? new RegExp(
            `^${served
              .split(/\{[^}]+\}/)
              .map(escape)
              .join('([^/]+)')}$`,
          )
        : undefined;
      entry = { path: operation.path, served, pattern, names, byMethod: new Map() };
      entries.set(operation.path, entry);
      if (pattern) templated.push(entry);
      else literal.set(served, entry);
    }
    const method = operation.method.toUpperCase();
    const route: Route = {
      operationId: operation.operationId,
      method,
      path: operation.path,
      paged: (operation.parameters ?? []).some(
        (parameter) => (parameter as { name?: unknown }).name === 'Page',
      ),
      hasBody: operation.requestBody !== undefined,
    };
    entry.byMethod.set(method, route);
    routes.push(route);
  }

  const match = (method: string, rawPath: string): RouteMatch => {
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    let entry = literal.get(path);
    let params: Record<string, string> = {};
    if (!entry) {
      for (const candidate of templated) {
        const match = candidate.pattern?.exec(path);
        if (!match) continue;
        const decoded = decodeAll(candidate.names, match.slice(1));
        if (!decoded) return { kind: 'unknown' };
        entry = candidate;
        params = decoded;
        break;
      }
    }
    if (!entry) return { kind: 'unknown' };
    const route = entry.byMethod.get(method);
    if (!route) {
      const allowed = [...entry.byMethod.keys()];
      return { kind: 'wrong-method', path: entry.path, served: entry.served, allowed };
    }
    return { kind: 'found', route, params };
  };
  return { routes, match };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function decodeAll(names: string[], values: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  try {
    names.forEach((name, i) => {
      params[name] = decodeURIComponent(values[i] ?? '');
    });
  } catch {
    return undefined;
  }
  return params;
}
