/**
 * Prints one scenario's figures as one line of JSON, prefixed so they are easy to find in the
 * run's output (`npm run test:resilience | grep RESILIENCE`). The README quotes them.
 */
export function reportFigures(scenario: string, figures: Record<string, unknown>): void {
  console.log(`RESILIENCE ${JSON.stringify({ scenario, ...figures })}`);
}
