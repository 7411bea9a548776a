/**
 * How a benchmark with a baseline takes turns with it: rounds of `perRound` each side, the first
 * `warmUpRounds` not timed (connections, caches, the JIT), then `rounds` timed. Turns make a
 * change in the machine's load fall on both sides alike.
 */
export interface RoundPlan {
  perRound: number;
  warmUpRounds: number;
  rounds: number;
}

/** The plan in words, for the report's method text: "rounds of 500 requests a side: 4 of warm-up, not timed, then 4 timed". */
export function roundsInWords(plan: RoundPlan, items: string): string {
  return `rounds of ${plan.perRound.toLocaleString('en')} ${items} a side: ${plan.warmUpRounds} of warm-up, not timed, then ${plan.rounds} timed`;
}
