import { describe, expect, it } from 'vitest';
import { parseSimulatorArgs } from '../../src/simulator/parse-simulator-args.js';
import { simulatorOptionsFromEnv } from '../support/simulator-environment.js';

const optionsOf = (...args: string[]) => {
  const parsed = parseSimulatorArgs(args);
  if (parsed.kind !== 'start') throw new Error('expected options');
  return parsed.options;
};

describe('the simulator’s profile flags', () => {
  it('when given --real, --real=2025 or --chaos, then it asks for that profile; none is spec', () => {
    expect(optionsOf()).toMatchObject({ profile: 'spec', layout: undefined, beyondSpec: true });
    expect(optionsOf('--real')).toMatchObject({ profile: 'real' });
    expect(optionsOf('--real=2025')).toMatchObject({ profile: 'real-2025' });
    expect(optionsOf('--real', '--layout', 'spec')).toMatchObject({
      profile: 'real',
      layout: 'spec',
    });
    expect(optionsOf('--chaos', '--spec-only')).toMatchObject({
      profile: 'chaos',
      beyondSpec: false,
    });
  });

  it('when given --quirks, then it refuses, naming --real and --chaos', () => {
    expect(() => optionsOf('--quirks')).toThrow(/--quirks is retired: use --real .* --chaos/);
  });

  it('when given --real=2024 or --real with --chaos, then it says what is wrong', () => {
    expect(() => optionsOf('--real=2024')).toThrow('--real takes no value, or 2025: "2024"');
    expect(() => optionsOf('--real', '--chaos')).toThrow('--real and --chaos exclude each other');
  });

  it('when the test environment names a profile, then the harness uses it; TEST_SIM_QUIRKS is refused', () => {
    expect(simulatorOptionsFromEnv({ TEST_SIM_PROFILE: 'real' })).toEqual({ profile: 'real' });
    expect(simulatorOptionsFromEnv({ TEST_SIM_PROFILE: 'real', TEST_SIM_LAYOUT: 'spec' })).toEqual({
      profile: 'real',
      layout: 'spec',
    });
    expect(simulatorOptionsFromEnv({})).toEqual({});
    expect(() => simulatorOptionsFromEnv({ TEST_SIM_PROFILE: 'quirky' })).toThrow(
      'TEST_SIM_PROFILE must be spec, real, real-2025 or chaos, not "quirky"',
    );
    expect(() => simulatorOptionsFromEnv({ TEST_SIM_QUIRKS: '1' })).toThrow(
      /TEST_SIM_QUIRKS is retired: set TEST_SIM_PROFILE=real/,
    );
  });
});
