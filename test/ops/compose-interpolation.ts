/**
 * Compose's variable interpolation, as much as the checks need: `${VAR}`, `${VAR:-default}`,
 * `${VAR-default}`, `${VAR:?message}`, `${VAR?message}`, `${VAR:+other}`, `${VAR+other}`, `$VAR`
 * and `$$` (a literal dollar). Defaults are taken literally (no nested interpolation).
 */
const pattern =
  /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** One `${…}` or `$VAR` in a value. */
export interface Interpolation {
  name: string;
  /** `:-`, `-`, `:?`, `?`, `:+`, `+`, or undefined for a bare `${VAR}` / `$VAR`. */
  operator?: string;
  operand?: string;
}

/** The variables a value refers to. */
export function interpolationsIn(value: string): Interpolation[] {
  const found: Interpolation[] = [];
  for (const match of value.matchAll(pattern)) {
    if (match[0] === '$$') continue;
    const name = match[1] ?? match[4] ?? '';
    found.push({
      name,
      ...(match[2] !== undefined ? { operator: match[2], operand: match[3] ?? '' } : {}),
    });
  }
  return found;
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
  return value.replace(
    pattern,
    (whole, braced?: string, operator?: string, operand = '', bare?: string) => {
      if (whole === '$$') return '$';
      const name = braced ?? bare ?? '';
      const current = env[name];
      const set = current !== undefined;
      const nonEmpty = set && current !== '';
      switch (operator) {
        case ':-':
          return nonEmpty ? current : operand;
        case '-':
          return set ? current : operand;
        case ':?':
          if (!nonEmpty) throw new MissingVariableError(name, operand);
          return current;
        case '?':
          if (!set) throw new MissingVariableError(name, operand);
          return current;
        case ':+':
          return nonEmpty ? operand : '';
        case '+':
          return set ? operand : '';
        default:
          return current ?? '';
      }
    },
  );
}
