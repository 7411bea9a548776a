/**
 * The hand-written OpenAPI document (openapi/club-service.yaml) against the club-service spec.
 *
 * The spec is not restated here: the tests walk the markdown of the committed copy of the spec
 * (openapi/club-service-spec.md, the shared spec formatted by Prettier) — its resource tables, its
 * endpoint table, its limits, errors and authentication sections — and look every item up in the
 * YAML document.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const specCopyPath = resolve(root, 'openapi/club-service-spec.md');
const sharedSpecPath = resolve(root, '../shared/club-service-spec.md');
const documentPath = resolve(root, 'openapi/club-service.yaml');

// ---------------------------------------------------------------------------------------------
// The OpenAPI document, typed as far as these tests read it.

interface Schema {
  $ref?: string;
  type?: unknown;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  maxLength?: number;
  maxItems?: number;
  readOnly?: boolean;
  required?: string[];
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
}
interface MediaType {
  schema?: Schema;
}
interface Parameter {
  $ref?: string;
  name?: string;
  in?: string;
  schema?: Schema;
}
interface Header {
  $ref?: string;
  schema?: Schema;
}
interface Response {
  $ref?: string;
  description?: string;
  headers?: Record<string, Header>;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, Response>;
}
const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
type HttpMethod = (typeof httpMethods)[number];
type PathItem = Partial<Record<HttpMethod, Operation>> & { parameters?: Parameter[] };
interface OpenApiDocument {
  openapi: string;
  security?: Record<string, string[]>[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, { type?: string; in?: string; name?: string }>;
  };
}

const specText = readFileSync(specCopyPath, 'utf8');
const doc = parse(readFileSync(documentPath, 'utf8')) as OpenApiDocument;

/** Follows a local `$ref` (`#/a/b/c`) to the object it names. */
function deref<T extends { $ref?: string }>(value: T): T {
  let current: T = value;
  while (current.$ref !== undefined) {
    const target = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], doc);
    if (target === undefined) throw new Error(`unresolved $ref ${current.$ref}`);
    current = target as T;
  }
  return current;
}

/** A property's effective schema: `$ref`s followed, a single-entry `allOf` merged in. */
function effective(schema: Schema): Schema {
  const resolved = deref(schema);
  if (resolved.allOf?.length !== 1 || resolved.allOf[0] === undefined) return resolved;
  const { allOf: _allOf, ...rest } = resolved;
  return { ...effective(resolved.allOf[0]), ...rest };
}

function schemaNamed(name: string): Schema {
  const schema = doc.components.schemas[name];
  if (schema === undefined) throw new Error(`the document has no schema ${name}`);
  return schema;
}

/** Every property name reachable from a schema, through refs, allOf, items and properties. */
function propertyNamesDeep(schema: Schema, seen = new Set<Schema>()): Set<string> {
  const names = new Set<string>();
  const resolved = deref(schema);
  if (seen.has(resolved)) return names;
  seen.add(resolved);
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    names.add(name);
    for (const inner of propertyNamesDeep(property, seen)) names.add(inner);
  }
  for (const part of [...(resolved.allOf ?? []), ...(resolved.items ? [resolved.items] : [])]) {
    for (const inner of propertyNamesDeep(part, seen)) names.add(inner);
  }
  return names;
}

interface DeclaredOperation {
  path: string;
  method: HttpMethod;
  operation: Operation;
  parameters: Parameter[];
}
const operations: DeclaredOperation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  httpMethods.flatMap((method) => {
    const operation = item[method];
    if (operation === undefined) return [];
    const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) =>
      deref(p),
    );
    return [{ path, method, operation, parameters }];
  }),
);

function successSchema(operation: Operation): Schema | undefined {
  const response = operation.responses['200'];
  return response && deref(response).content?.['application/json']?.schema;
}

function requestSchemaOf(operation: Operation): Schema | undefined {
  return operation.requestBody?.content?.['application/json']?.schema;
}

/** Whether a schema is the named one, or a named schema that extends it with `allOf`. */
function isOrExtends(schema: Schema | undefined, name: string): boolean {
  const ref = `#/components/schemas/${name}`;
  if (schema?.$ref === undefined) return false;
  return schema.$ref === ref || deref(schema).allOf?.[0]?.$ref === ref;
}

/** The fields a schema requires, its own and those of its `allOf` parts. */
function requiredOf(schema: Schema): string[] {
  const resolved = deref(schema);
  return [...(resolved.required ?? []), ...(resolved.allOf ?? []).flatMap(requiredOf)];
}

// ---------------------------------------------------------------------------------------------
// The spec's markdown: sections and tables.

interface Section {
  title: string;
  body: string;
}

/** The sections under headings of one level (`##` or `###`), each up to the next such heading. */
function sectionsOf(markdown: string, level: number): Section[] {
  const marker = `${'#'.repeat(level)} `;
  const sections: Section[] = [];
  let current: Section | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^(#+) (.*)$/.exec(line);
    if (heading && (heading[1] ?? '').length <= level) {
      current = line.startsWith(marker) ? { title: heading[2] ?? '', body: '' } : undefined;
      if (current) sections.push(current);
      continue;
    }
    if (current) current.body += `${line}\n`;
  }
  return sections;
}

function sectionTitled(markdown: string, level: number, title: string): string {
  const section = sectionsOf(markdown, level).find((s) => s.title.startsWith(title));
  if (section === undefined) throw new Error(`the spec has no section "${title}"`);
  return section.body;
}

interface Table {
  header: string[];
  rows: Record<string, string>[];
}

function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** The markdown tables of a text, rows keyed by header cell. */
function tablesOf(markdown: string): Table[] {
  const tables: Table[] = [];
  let block: string[] = [];
  const flush = () => {
    const [headerLine, , ...rowLines] = block;
    if (headerLine !== undefined) {
      const header = cellsOf(headerLine);
      const rows = rowLines.map((line) => {
        const cells = cellsOf(line);
        return Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']));
      });
      tables.push({ header, rows });
    }
    block = [];
  };
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('|')) block.push(line);
    else flush();
  }
  flush();
  return tables;
}

/** `Address1..Address4` and `HomePhone, MobilePhone` both name several fields. */
function fieldNamesOf(cell: string): string[] {
  return cell
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .flatMap((name) => {
      const range = /^([A-Za-z]+)(\d+)\.\.\1(\d+)$/.exec(name);
      if (!range) return [name];
      const [, prefix = '', from = '0', to = '0'] = range;
      return Array.from({ length: Number(to) - Number(from) + 1 }, (_, i) => {
        return `${prefix}${Number(from) + i}`;
      });
    });
}

/** `Guid (member), LastAttended (date)` or `Firstname, KnownAs and Lastname` -> the names. */
function namesInList(text: string): string[] {
  return text
    .replace(/\([^)]*\)/g, '')
    .replace(/`/g, '')
    .split(/,|\band\b/)
    .map((name) => name.trim())
    .filter((name) => /^[A-Z][A-Za-z0-9]*$/.test(name));
}

/**
 * The member names of "objects with A, B", "objects: A (x), B (y)", "each has A, B" or "each with
 * `A` (x) and `B` (array of objects with C, D)", at any depth of parentheses.
 */
function nestedFieldNamesOf(text: string): string[] {
  const plain = text.replace(/`/g, '');
  const chunks = [plain, ...[...plain.matchAll(/\(([^()]*)\)/g)].map((m) => m[1] ?? '')];
  const list =
    /\b(?:with|has|objects?:)\s+((?:[A-Z]\w*(?:\s*\([^()]*\))?(?:\s*,\s*|\s+and\s+)?)+)/g;
  return chunks.flatMap((chunk) =>
    [...chunk.matchAll(list)].flatMap((m) => namesInList(m[1] ?? '')),
  );
}

function pascalCase(words: string): string {
  return words
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

// ---------------------------------------------------------------------------------------------
// What the spec's tables say, read from the markdown.

const resourcesSection = sectionTitled(specText, 2, 'Resources and their fields');

interface SpecField {
  name: string;
  required: boolean;
  /** The type / format column (the notes if the table has none). */
  type: string;
  /** Type and notes together. */
  text: string;
  readOnly: boolean;
}
interface SpecResource {
  name: string;
  body: string;
  fields: SpecField[];
  /** "All fields are strings with max length N unless stated" */
  stringsDefaultToMax?: number;
}

const specResources: SpecResource[] = sectionsOf(resourcesSection, 3).map(({ title, body }) => {
  const name = title.split(' ')[0] ?? title;
  const table = tablesOf(body)[0];
  const typeColumn = table?.header.find((h) => h.startsWith('Type'));
  const fields = (table?.rows ?? []).flatMap((row) => {
    const type = (typeColumn ? row[typeColumn] : row['Notes']) ?? '';
    const text = [type, row['Notes'] ?? ''].join(' ; ');
    return fieldNamesOf(row['Field'] ?? '').map((fieldName) => ({
      name: fieldName,
      required: row['Required'] === 'yes',
      type,
      text,
      readOnly: row['Required'] === 'read only' || /\bread only\b/.test(text),
    }));
  });
  const stringsDefaultToMax = /strings with max length (\d+) unless stated/.exec(body)?.[1];
  return {
    name,
    body,
    fields,
    ...(stringsDefaultToMax ? { stringsDefaultToMax: Number(stringsDefaultToMax) } : {}),
  };
});
const tabledResources = specResources.filter((r) => r.fields.length > 0);

const endpointsSection = sectionTitled(specText, 2, 'Endpoints');
const endpointRows = tablesOf(endpointsSection)[0]?.rows ?? [];

const limitsSection = sectionTitled(specText, 2, 'Limits');
const limitRows = tablesOf(limitsSection)[0]?.rows ?? [];
const limitRow = (limit: string) => limitRows.find((row) => row['Limit'] === limit) ?? {};
const pageSize = Number(/(\d+) records/.exec(limitRow('Page size')['Value'] ?? '')?.[1]);
const pageParameter = /parameter `([^`]+)`/.exec(limitRow('Page selection')['Value'] ?? '')?.[1];
const remainingHeader = /header `([^`]+)`/.exec(
  limitRow('Remaining-calls indicator')['Value'] ?? '',
)?.[1];

const authenticationSection = sectionTitled(specText, 2, 'Authentication');
const tokenHeader = /the header `([^`]+)`/.exec(authenticationSection)?.[1];

const errorRows = tablesOf(sectionTitled(specText, 2, 'Errors'))[0]?.rows ?? [];

/**
 * Resolves an endpoint row's paths: "archive of a user" is the item path of the User resource;
 * "update of a user" is that item path and, as some public clients send it (club-service-notes),
 * the collection path with the Guid in the body.
 */
function pathsOf(row: Record<string, string>): string[] {
  const shape = row['Path shape'] ?? '';
  if (shape.startsWith('/')) return [shape];
  const [, action, noun] = /(update|archive) of an? (.+)$/.exec(shape) ?? [];
  if (noun === undefined) throw new Error(`unknown path shape "${shape}"`);
  const resource = pascalCase(noun);
  const itemRow = endpointRows.find(
    (r) =>
      r['Method'] === 'GET' && r['Path shape']?.endsWith('/{guid}') && r['Response'] === resource,
  );
  const item = itemRow?.['Path shape'];
  if (item === undefined) throw new Error(`no item path answers a ${resource}`);
  return action === 'update' ? [item, item.replace(/\/\{guid\}$/, '')] : [item];
}

const specEndpoints = endpointRows.flatMap((row) =>
  pathsOf(row).map((path) => ({
    method: (row['Method'] ?? '').toLowerCase() as HttpMethod,
    shape: path === row['Path shape'] ? path : `${path} (${row['Path shape'] ?? ''})`,
    path,
    request: row['Request'] ?? '',
    response: row['Response'] ?? '',
  })),
);
const collectionGets = specEndpoints.filter((e) => e.response.startsWith('page of'));

// ---------------------------------------------------------------------------------------------
// What a field's type text means for its schema.

function problemsOf(resource: SpecResource, field: SpecField, property: Schema): string[] {
  const problems: string[] = [];
  const schema = effective(property);
  const where = `${resource.name}.${field.name}`;
  const expectThat = (ok: boolean, what: string) => {
    if (!ok) problems.push(`${where} ${what}`);
  };

  if (field.readOnly) {
    expectThat(property.readOnly === true || schema.readOnly === true, 'is readOnly');
  }

  const otherName = /\b(?:written|as) ([A-Z][A-Za-z]+)/.exec(field.text)?.[1];
  if (otherName !== undefined) {
    expectThat(
      (property.description ?? schema.description ?? '').includes(otherName),
      `says in its description that it is also written ${otherName}`,
    );
  }

  // A list: its text describes its items, so only its items are checked.
  if (/\barray\b|\blist of\b|\bdate ranges?\b/.test(field.text)) {
    expectThat(schema.type === 'array', 'is an array');
    const items = effective(schema.items ?? {});
    if (/\bdate ranges?\b/.test(field.type)) {
      const pattern = new RegExp(items.pattern ?? '(?!)');
      const accepts = ['2025-12-24', '2025-12-22/2026-01-02'].every((d) => pattern.test(d));
      const rejects = ['24/12/2025', '2025-12-22 to 2026-01-02'].every((d) => !pattern.test(d));
      expectThat(accepts && rejects, 'holds yyyy-mm-dd dates and yyyy-mm-dd/yyyy-mm-dd ranges');
    }
    for (const name of nestedFieldNamesOf(field.text)) {
      expectThat(name in (items.properties ?? {}), `declares ${name} in its array items`);
    }
    return problems;
  }

  let typed = false;
  const max = /\bmax (\d+)/.exec(field.type)?.[1];
  if (max !== undefined) {
    typed = true;
    expectThat(
      schema.type === 'string' && schema.maxLength === Number(max),
      `has maxLength ${max}`,
    );
  }
  if (/\bdates?\b/.test(field.type)) {
    typed = true;
    expectThat(schema.type === 'string' && schema.format === 'date', 'is a string of format date');
  }
  if (/\b24h time\b|\btimes?\b.*\bhh:mm\b/.test(field.type)) {
    typed = true;
    const pattern = new RegExp(schema.pattern ?? '(?!)');
    const accepts = ['00:00', '09:05', '18:30', '23:59'].every((t) => pattern.test(t));
    const rejects = ['24:00', '9:05', '18:60', '18:30:00', '6pm'].every((t) => !pattern.test(t));
    expectThat(schema.type === 'string' && accepts && rejects, 'is a 24-hour hh:mm time');
  }
  if (/\bflags? 1\/0\b/.test(field.type)) {
    typed = true;
    expectThat(
      schema.type === 'integer' && JSON.stringify(schema.enum) === '[0,1]',
      'is an integer flag with enum [0, 1]',
    );
  }
  if (/\bdecimal\b|\bnumber\b/.test(field.type)) {
    typed = true;
    expectThat(schema.type === 'number' || schema.type === 'integer', 'is a number');
  }
  const oneOf =
    /\bone of: ([^;]+)/.exec(field.text)?.[1] ??
    (/\bM or F\b/.test(field.text) ? 'M, F' : undefined);
  if (oneOf !== undefined) {
    typed = true;
    const values = oneOf.split(',').map((v) => v.trim());
    expectThat(
      JSON.stringify(schema.enum) === JSON.stringify(values),
      `has enum ${values.join('|')}`,
    );
  }
  if (/\bstring\b|^text$/.test(field.type)) {
    typed = true;
    expectThat(schema.type === 'string', 'is a string');
  }
  if (!typed && resource.stringsDefaultToMax !== undefined) {
    expectThat(
      schema.type === 'string' && schema.maxLength === resource.stringsDefaultToMax,
      `is a string with the default maxLength ${resource.stringsDefaultToMax}`,
    );
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------

describe('The club-service OpenAPI document', () => {
  it.skipIf(!existsSync(sharedSpecPath))(
    'the committed copy of the spec is the shared spec, formatted by Prettier',
    async () => {
      const options = (await prettier.resolveConfig(specCopyPath)) ?? {};
      const formatted = await prettier.format(readFileSync(sharedSpecPath, 'utf8'), {
        ...options,
        filepath: specCopyPath,
      });
      expect(specText).toBe(formatted);
    },
  );

  it('is an OpenAPI 3.0.3 document without 3.1 type arrays', () => {
    expect(doc.openapi).toBe('3.0.3');
    const typeArrays: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'type' && Array.isArray(value)) typeArrays.push(at);
        walk(value, `${at}/${key}`);
      }
    };
    walk(doc, '#');
    expect(typeArrays).toEqual([]);
  });

  it('the spec walk finds the resources, endpoints and limits it is meant to check', () => {
    expect(tabledResources.length).toBeGreaterThanOrEqual(10);
    expect(specResources.map((r) => r.name)).toContain('WhosWho');
    expect(specEndpoints.length).toBeGreaterThanOrEqual(30);
    expect(pageSize).toBeGreaterThan(0);
    expect(pageParameter).toBeDefined();
    expect(remainingHeader).toBeDefined();
    expect(tokenHeader).toBeDefined();
    expect(errorRows.length).toBeGreaterThanOrEqual(5);
  });

  describe('resources', () => {
    it.each(specResources.map((r) => [r.name, r] as const))(
      'the spec resource %s is a schema under components/schemas',
      (name) => {
        expect(Object.keys(doc.components.schemas)).toContain(name);
      },
    );

    it.each(tabledResources.map((r) => [r.name, r] as const))(
      'the %s schema declares every field of its spec table',
      (name, resource) => {
        const declared = Object.keys(schemaNamed(name).properties ?? {});
        const missing = resource.fields.map((f) => f.name).filter((f) => !declared.includes(f));
        expect(missing).toEqual([]);
      },
    );

    it.each(tabledResources.map((r) => [r.name, r] as const))(
      "the %s schema's fields have the types, formats, lengths, enums and read-only marks of the spec table",
      (name, resource) => {
        const properties = schemaNamed(name).properties ?? {};
        const problems = resource.fields.flatMap((field) => {
          const property = properties[field.name];
          return property ? problemsOf(resource, field, property) : [];
        });
        expect(problems).toEqual([]);
      },
    );

    it.each(tabledResources.map((r) => [r.name, r] as const))(
      'what a POST of %s must carry is exactly the spec table\'s required fields ("required on POST")',
      (name, resource) => {
        const required = resource.fields.filter((f) => f.required).map((f) => f.name);
        const post = operations.find(
          (o) => o.method === 'post' && isOrExtends(requestSchemaOf(o.operation), name),
        );
        const body = (post && requestSchemaOf(post.operation)) ?? schemaNamed(name);
        expect(requiredOf(body).sort()).toEqual([...required].sort());
      },
    );

    it('an update requires nothing but the Guid that names the record (a partial PUT)', () => {
      const puts = operations.filter((o) => o.method === 'put');
      expect(puts.length).toBeGreaterThanOrEqual(4);
      for (const { path, operation } of puts) {
        const body = requestSchemaOf(operation) ?? {};
        expect(requiredOf(body), path).toEqual(path.includes('{guid}') ? [] : ['Guid']);
      }
    });

    it("the user schema declares the narrower list's fields and the sample's keys", () => {
      const user = specResources.find((r) => r.name === 'User');
      const userBody = user?.body ?? '';
      const narrower = /narrower user field list: (.*?)\.(?:\s|$)/.exec(userBody)?.[1] ?? '';
      const items = narrower.split(/,\s*(?![^()]*\))/).map((item) => {
        const [, fieldName = '', annotation = ''] = /^\s*(\w+)\s*(?:\((.*)\))?/.exec(item) ?? [];
        return { fieldName, annotation };
      });
      const sampleKeys = namesInList(/shows the keys ([^.]+)\./.exec(userBody)?.[1] ?? '');
      expect(items.length).toBeGreaterThanOrEqual(3);
      expect(sampleKeys.length).toBeGreaterThanOrEqual(2);

      const properties = schemaNamed('User').properties ?? {};
      const declared = Object.keys(properties);
      expect(
        [...items.map((i) => i.fieldName), ...sampleKeys].filter((f) => !declared.includes(f)),
      ).toEqual([]);
      const problems = items.flatMap(({ fieldName, annotation }) => {
        const field = {
          name: fieldName,
          required: false,
          type: annotation,
          text: annotation,
          readOnly: false,
        };
        const property = properties[fieldName];
        return user && property ? problemsOf(user, field, property) : [];
      });
      expect(problems).toEqual([]);
    });

    it('a swim time record declares and requires the fields the spec says it contains at least', () => {
      const paragraph = /^Swim time record:.*$/m.exec(resourcesSection)?.[0] ?? '';
      const names = [...paragraph.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
      expect(names.length).toBeGreaterThanOrEqual(2);
      for (const resource of ['ClubEvent', 'Meet']) {
        const swimTimes = schemaNamed(resource).properties?.['SwimTimes'];
        const record = effective(effective(swimTimes ?? {}).items ?? {});
        expect(Object.keys(record.properties ?? {})).toEqual(expect.arrayContaining(names));
        expect(record.required ?? []).toEqual(expect.arrayContaining(names));
      }
    });

    it('a resource whose spec entry says it has the same fields as users is the User schema', () => {
      const sameAsUsers = specResources.filter(
        (r) =>
          r.fields.length === 0 && !r.body.includes('`') && /same fields as .*users/.test(r.body),
      );
      expect(sameAsUsers.length).toBeGreaterThanOrEqual(1);
      for (const resource of sameAsUsers) {
        const schema = schemaNamed(resource.name);
        expect(schema.$ref ?? schema.allOf?.[0]?.$ref).toBe('#/components/schemas/User');
      }
    });

    it("the who's who schema declares every field the spec's Categories description names", () => {
      const described = specResources.filter((r) => r.fields.length === 0 && r.body.includes('`'));
      expect(described.length).toBeGreaterThanOrEqual(1);
      for (const resource of described) {
        const names = [
          ...[...resource.body.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''),
          ...nestedFieldNamesOf(resource.body),
        ];
        expect(names.length).toBeGreaterThanOrEqual(7);
        const declared = propertyNamesDeep(schemaNamed(resource.name));
        expect(names.filter((n) => !declared.has(n))).toEqual([]);
      }
    });
  });

  describe('endpoints', () => {
    it.each(specEndpoints.map((e) => [e.method.toUpperCase(), e.shape, e] as const))(
      'the spec endpoint %s %s is an operation of the document with an operationId',
      (_method, _shape, endpoint) => {
        const operation = doc.paths[endpoint.path]?.[endpoint.method];
        expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
        expect(operation?.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      },
    );

    it('the document declares no operation the spec does not list', () => {
      const listed = specEndpoints.map((e) => `${e.method} ${e.path}`).sort();
      expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(listed);
    });

    it("each endpoint's request body and answer are the resources the spec's table names", () => {
      const problems: string[] = [];
      for (const endpoint of specEndpoints) {
        const operation = doc.paths[endpoint.path]?.[endpoint.method];
        if (operation === undefined) continue;
        const where = `${endpoint.method} ${endpoint.path}`;
        const requestSchema = operation.requestBody?.content?.['application/json']?.schema;
        if (endpoint.request === 'none') {
          if (operation.requestBody !== undefined) problems.push(`${where} takes no body`);
        } else if (!isOrExtends(requestSchema, endpoint.request)) {
          problems.push(`${where} takes a ${endpoint.request}`);
        }
        const answer = successSchema(operation);
        const page = /^page of (\w+)$/.exec(endpoint.response)?.[1];
        const single = endpoint.response
          .split(/[^A-Za-z]+/)
          .find((word) => word in doc.components.schemas);
        if (endpoint.response.startsWith('page of')) {
          if (answer?.type !== 'array' || answer.maxItems !== pageSize) {
            problems.push(`${where} answers a page: an array of at most ${pageSize}`);
          }
          if (
            page &&
            page in doc.components.schemas &&
            answer?.items?.$ref !== `#/components/schemas/${page}`
          ) {
            problems.push(`${where} answers a page of ${page}`);
          }
        } else if (single && answer?.$ref !== `#/components/schemas/${single}`) {
          problems.push(`${where} answers a ${single}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('the resources the spec calls GET only have no write operations', () => {
      const sentence = /^- (.*) are GET only\.$/m.exec(endpointsSection)?.[1] ?? '';
      const collections = namesInList(sentence);
      expect(collections.length).toBeGreaterThanOrEqual(6);
      const writes = operations.filter(
        (o) =>
          o.method !== 'get' &&
          collections.some((c) => o.path === `/api/${c}` || o.path.startsWith(`/api/${c}/`)),
      );
      expect(writes.map((o) => `${o.method} ${o.path}`)).toEqual([]);
    });

    it.each(collectionGets.map((e) => [e.path, e] as const))(
      'the collection GET %s takes the page number as a query parameter and as a header',
      (path) => {
        const operation = operations.find((o) => o.path === path && o.method === 'get');
        const pageParameters = (operation?.parameters ?? []).filter(
          (p) => p.name === pageParameter,
        );
        expect(pageParameters.map((p) => p.in).sort()).toEqual(['header', 'query']);
        for (const parameter of pageParameters) {
          expect(parameter.schema).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
        }
      },
    );
  });

  describe('across every operation', () => {
    it('every response of every operation declares the remaining-calls header as an integer', () => {
      const missing = operations.flatMap(({ path, method, operation }) =>
        Object.entries(operation.responses)
          .filter(([, response]) => {
            const header = deref(response).headers?.[remainingHeader ?? ''];
            return header === undefined || deref(header).schema?.type !== 'integer';
          })
          .map(([status]) => `${method} ${path} ${status}`),
      );
      expect(operations.length).toBeGreaterThan(0);
      expect(missing).toEqual([]);
    });

    it("every request is authenticated by the spec's token header, as a global apiKey scheme", () => {
      expect(doc.security).toHaveLength(1);
      const [schemeName = ''] = Object.keys(doc.security?.[0] ?? {});
      expect(doc.security?.[0]?.[schemeName]).toEqual([]);
      expect(doc.components.securitySchemes[schemeName]).toMatchObject({
        type: 'apiKey',
        in: 'header',
        name: tokenHeader,
      });
      expect(operations.filter((o) => 'security' in o.operation)).toEqual([]);
    });

    it("each error code of the spec is a reusable response that states the spec's meaning", () => {
      for (const row of errorRows) {
        const response = Object.values(doc.components.responses).find((r) =>
          r.description?.startsWith(`${row['Meaning']}:`),
        );
        expect(response, `${row['Code']} ${row['Meaning']}`).toBeDefined();
      }
    });

    it('401, 403 and 500 are declared on every operation, 400 on every POST, PUT and paged GET, 404 on every item path and update', () => {
      const problems: string[] = [];
      for (const { path, method, operation } of operations) {
        for (const row of errorRows) {
          const code = row['Code'] ?? '';
          const applies =
            code === '400'
              ? method === 'post' ||
                method === 'put' ||
                (operation.parameters ?? []).some((parameter) =>
                  JSON.stringify(parameter).includes('Page'),
                )
              : code === '404'
                ? path.includes('{guid}') || method === 'put'
                : true;
          const declared = operation.responses[code];
          const isShared = declared?.$ref?.startsWith('#/components/responses/') ?? false;
          if (applies !== isShared) {
            problems.push(`${method} ${path} ${applies ? 'lacks' : 'should not declare'} ${code}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
