/**
 * Compose's variable interpolation, as much as the checks need: `${VAR}`, `${VAR:-default}`,
 * `${VAR-default}`, `${VAR:?message}`, `${VAR?message}`, `${VAR:+other}`, `${VAR+other}`, `$VAR`
 * and `$$` (a literal dollar). An operand may itself interpolate (`${A:-${B:+x}}`), as in compose.
 */

/** One `${…}` or `$VAR` in a value. */
export interface Interpolation {
  name: string;
  /** `:-`, `-`, `:?`, `?`, `:+`, `+`, or undefined for a bare `${VAR}` / `$VAR`. */
  operator?: string;
  operand?: string;
}

type Piece = string | { literalDollar: true } | Interpolation;

const head = /^\$\{([A-Za-z_][A-Za-z0-9_]*)(:?[-?+])?/;
const bareName = /^\$([A-Za-z_][A-Za-z0-9_]*)/;

/** The index of the `}` closing a `${` whose body starts at `from`, counting nested `${…}`. */
function closingBrace(value: string, from: number): number {
  let depth = 1;
  for (let at = from; at < value.length; at++) {
    if (value.startsWith('$$', at)) at++;
    else if (value.startsWith('${', at)) {
      depth++;
      at++;
    } else if (value[at] === '}' && --depth === 0) return at;
  }
  throw new Error(`an unclosed \${ in ${JSON.stringify(value)}`);
}

/** The value split into text, `$$` and interpolations (operands left raw). */
function piecesOf(value: string): Piece[] {
  const pieces: Piece[] = [];
  let text = '';
  for (let at = 0; at < value.length;) {
    const rest = value.slice(at);
    const braced = head.exec(rest);
    const bare = braced ? null : bareName.exec(rest);
    if (rest.startsWith('$$')) {
      if (text) pieces.push(text);
      text = '';
      pieces.push({ literalDollar: true });
      at += 2;
    } else if (braced?.[1]) {
      if (text) pieces.push(text);
      text = '';
      const bodyAt = at + braced[0].length;
      const end = closingBrace(value, bodyAt);
      pieces.push({
        name: braced[1],
        ...(braced[2] ? { operator: braced[2], operand: value.slice(bodyAt, end) } : {}),
      });
      at = end + 1;
    } else if (bare?.[1]) {
      if (text) pieces.push(text);
      text = '';
      pieces.push({ name: bare[1] });
      at += bare[0].length;
    } else {
      text += value[at];
      at++;
    }
  }
  if (text) pieces.push(text);
  return pieces;
}

/** The variables a value refers to, those inside operands included. */
export function interpolationsIn(value: string): Interpolation[] {
  return piecesOf(value).flatMap((piece) => {
    if (typeof piece === 'string' || 'literalDollar' in piece) return [];
    const { name, operator, operand } = piece;
    const found: Interpolation = { name, ...(operator ? { operator, operand } : {}) };
    return [found, ...(operand ? interpolationsIn(operand) : [])];
  });
}

/** Thrown for `${VAR:?message}` when VAR is unset or empty (compose stops the same way). */
export class MissingVariableError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`${variable}: ${detail || 'required but not set'}`);
    this.name = 'MissingVariableError';
  }
}

/** The value as compose would pass it, given the variables of the shell and `.env`. */
export function interpolate(
  value: string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  return piecesOf(value)
    .map((piece) => {
      if (typeof piece === 'string') return piece;
      if ('literalDollar' in piece) return '$';
      const { name, operator } = piece;
      const operand = () => interpolate(piece.operand ?? '', env);
      const current = env[name];
      const set = current !== undefined;
      const nonEmpty = set && current !== '';
      switch (operator) {
        case ':-':
          return nonEmpty ? current : operand();
        case '-':
          return set ? current : operand();
        case ':?':
          if (!nonEmpty) throw new MissingVariableError(name, operand());
          return current;
        case '?':
          if (!set) throw new MissingVariableError(name, operand());
          return current;
        case ':+':
          return nonEmpty ? operand() : '';
        case '+':
          return set ? operand() : '';
        default:
          return current ?? '';
      }
    })
    .join('');
}
