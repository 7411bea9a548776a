const discordEpoch = 1_420_070_400_000n;
let increment = 0n;

/** A Discord id whose timestamp is `at` (the interaction token's 15 minutes count from it). */
export function snowflake(at: number = Date.now()): string {
  increment = (increment + 1n) & 0xfffn;
  return (((BigInt(at) - discordEpoch) << 22n) | increment).toString();
}
