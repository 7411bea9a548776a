import { z } from 'zod';

const rate = z.number().min(0).max(1);

/**
 * Faults the simulator injects into club API calls (never into `/__sim/`). All off by default.
 * Faults hit only calls that passed the token check and the budget: those are what the service
 * counted, and the fault is what happened to them afterwards.
 */
export const faultSettingsSchema = z.strictObject({
  /** Added to every affected call before it is answered, in ms. Default 0. */
  latencyMs: z.number().int().min(0).max(600_000),
  /** Share of affected calls answered 500, from 0 to 1. Default 0. */
  errorRate: rate,
  /** Share of affected calls never answered until the server closes them, 0 to 1. Default 0. */
  hangRate: rate,
  /**
   * When a write (POST, PUT, DELETE) meets an injected 500 or hang, carry it out first: the service
   * filed it but the answer was lost, the ambiguous case. Default false (nothing is written).
   */
  commitBeforeError: z.boolean(),
  /**
   * Which calls the faults affect: path prefixes (`/api/IncidentBook`, which also covers
   * `/api/IncidentBook/{guid}`) or a method and a prefix (`POST /api/IncidentBook`). Empty: every
   * club API call. Default [].
   */
  paths: z.array(
    z.string().regex(/^([A-Za-z]+ )?\/\S*$/, 'a path prefix, or a method and a path prefix'),
  ),
  /** Seed of the generator that draws the 500s and hangs, so a run repeats exactly. Default 1. */
  seed: z.number().int().safe(),
});

export type FaultSettings = z.infer<typeof faultSettingsSchema>;

export const noFaults: FaultSettings = {
  latencyMs: 0,
  errorRate: 0,
  hangRate: 0,
  commitBeforeError: false,
  paths: [],
  seed: 1,
};

/** Reads a partial update of the fault settings; throws an Error naming each bad field. */
export function parseFaultUpdate(value: unknown): Partial<FaultSettings> {
  const parsed = faultSettingsSchema.partial().safeParse(value);
  if (parsed.success) return parsed.data;
  throw new RangeError(
    parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'faults'}: ${issue.message}`)
      .join('; '),
  );
}
