import type { SimulatorAccount } from './create-simulator-account.js';
import type { SimulatorOptions } from './simulator-options.js';

/**
 * The club accounts one simulator serves (`--clubs N`): club `n` answers `<token>-<n>`; each is
 * seeded on its first call, so a thousand idle clubs cost nothing. A token of no club is answered
 * by club 1's pipeline, which refuses it (401) without counting it.
 */
export function createSimulatorClubs(
  options: Pick<SimulatorOptions, 'token' | 'seed' | 'clubs'>,
  first: SimulatorAccount,
  open: (token: string, seed: number) => SimulatorAccount,
) {
  const count = options.clubs ?? 1;
  const accounts = new Map<number, SimulatorAccount>([[1, first]]);
  const account = (n: number): SimulatorAccount => {
    if (!Number.isInteger(n) || n < 1 || n > count) throw new RangeError(`no club ${n}`);
    let found = accounts.get(n);
    if (!found) {
      found = open(`${options.token}-${n}`, (options.seed ?? 1) + n - 1);
      accounts.set(n, found);
    }
    return found;
  };
  const prefix = `${options.token}-`;
  return {
    account,
    byToken(header: string | string[] | undefined): SimulatorAccount {
      const token = Array.isArray(header) ? header[0] : header;
      if (count > 1 && token?.startsWith(prefix)) {
        const n = Number(token.slice(prefix.length));
        if (Number.isInteger(n) && n >= 1 && n <= count) return account(n);
      }
      return first;
    },
  };
}
