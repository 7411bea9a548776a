/** One part of the process, whether it is fine, and a word on why (never personal data). */
export interface HealthPart {
  ok: boolean;
  detail: string;
}

/** A platform connection's part: `what` when it is up, `not <what>` when it is down. */
export function connectionPart(up: boolean, what: string): HealthPart {
  return { ok: up, detail: up ? what : `not ${what}` };
}

/** How to learn a part's state now; a check that throws counts as not ok. */
export type PartCheck = () => HealthPart | Promise<HealthPart>;

/** The part a process holds while its other parts start: never ready. */
export const startingPart: PartCheck = () => ({ ok: false, detail: 'still starting' });

/** The part a process holds while it stops: never ready, though the ops port stays up to the end. */
export const stoppingPart: PartCheck = () => ({ ok: false, detail: 'shutting down' });

/** Every part's state, and whether all are fine. */
export interface PartsReport {
  ok: boolean;
  parts: Record<string, HealthPart>;
}

/** Asks every part at once; one that throws is reported with its error, not dropped. */
export async function checkParts(checks: Record<string, PartCheck>): Promise<PartsReport> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<[string, HealthPart]> => {
      try {
        return [name, await check()];
      } catch (error) {
        return [name, { ok: false, detail: `the check failed: ${String(error)}` }];
      }
    }),
  );
  const parts = Object.fromEntries(entries);
  return { ok: entries.every(([, part]) => part.ok), parts };
}
