import { isSimulatorProfile } from '../../src/simulator/simulator-profile.js';
import type { SimulatorOptions } from '../../src/simulator/start-simulator.js';

/**
 * The simulator's profile and layout as the environment asks (`TEST_SIM_PROFILE=spec|real|
 * real-2025|chaos`, `TEST_SIM_LAYOUT=spec|bare`), so one CI run can drive the end-to-end suites
 * against the service as it really is: `TEST_SIM_PROFILE=real` serves the real service's forms in
 * its bare layout. Unset, the simulator keeps its defaults. `TEST_SIM_QUIRKS` is retired.
 */
export function simulatorOptionsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): Pick<SimulatorOptions, 'layout' | 'profile'> {
  if (env.TEST_SIM_QUIRKS !== undefined) {
    throw new Error(
      'TEST_SIM_QUIRKS is retired: set TEST_SIM_PROFILE=real (the real service) or TEST_SIM_PROFILE=chaos (every form mixed)',
    );
  }
  const layout = env.TEST_SIM_LAYOUT?.trim() || undefined;
  if (layout !== undefined && layout !== 'spec' && layout !== 'bare') {
    throw new Error(`TEST_SIM_LAYOUT must be spec or bare, not "${layout}"`);
  }
  const profile = env.TEST_SIM_PROFILE?.trim() || undefined;
  if (profile !== undefined && !isSimulatorProfile(profile)) {
    throw new Error(`TEST_SIM_PROFILE must be spec, real, real-2025 or chaos, not "${profile}"`);
  }
  return {
    ...(layout === undefined ? {} : { layout }),
    ...(profile === undefined ? {} : { profile }),
  };
}
