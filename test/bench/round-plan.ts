/**
 * How a benchmark with a baseline takes turns with it: rounds of `perRound` each side, the first
 * `warmUpRounds` not timed (until both run warm: the JIT takes thousands of requests), then
 * `rounds` timed. Turns make a change in the machine's load fall on both sides alike.
 */
export interface RoundPlan {
  perRound: number;
  warmUpRounds: number;
  rounds: number;
}
