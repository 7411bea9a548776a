import type { SimulatorOptions } from '../../src/simulator/start-simulator.js';

/**
 * The simulator's layout and quirk mode as the environment asks (`TEST_SIM_LAYOUT=spec|bare`,
 * `TEST_SIM_QUIRKS=1`), so one CI run can drive the end-to-end suites against the service as it
 * really is: bare paths and quirky records. Unset, the simulator keeps its defaults.
 */
export function simulatorOptionsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): Pick<SimulatorOptions, 'layout' | 'quirks'> {
  const layout = env.TEST_SIM_LAYOUT?.trim() || undefined;
  if (layout !== undefined && layout !== 'spec' && layout !== 'bare') {
    throw new Error(`TEST_SIM_LAYOUT must be spec or bare, not "${layout}"`);
  }
  const quirks = env.TEST_SIM_QUIRKS?.trim();
  if (quirks !== undefined && quirks !== '' && quirks !== '0' && quirks !== '1') {
    throw new Error(`TEST_SIM_QUIRKS must be 1 or 0, not "${quirks}"`);
  }
  return {
    ...(layout === undefined ? {} : { layout }),
    ...(quirks === '1' ? { quirks: true } : {}),
  };
}
