import { describe, expect, it } from 'vitest';
import { createFaultInjector } from '../../src/simulator/create-fault-injector.js';

describe('createFaultInjector', () => {
  it('passes every call untouched with the default settings', () => {
    const faults = createFaultInjector();
    expect(faults.decide('GET', '/api/Users')).toEqual({ latencyMs: 0, outcome: 'pass' });
  });

  it('matches path prefixes at a segment boundary, with or without a method', () => {
    const faults = createFaultInjector({
      errorRate: 1,
      paths: ['/api/Users', 'post /api/IncidentBook'],
    });
    const outcome = (method: string, path: string) => faults.decide(method, path).outcome;
    expect(outcome('GET', '/api/Users')).toBe('error');
    expect(outcome('PUT', '/api/Users/abc')).toBe('error');
    expect(outcome('GET', '/api/UsersX')).toBe('pass');
    expect(outcome('POST', '/api/IncidentBook')).toBe('error');
    expect(outcome('GET', '/api/IncidentBook')).toBe('pass');
  });

  it('repeats its draws after a restart, and a hang wins over an error', () => {
    const faults = createFaultInjector({ errorRate: 0.3, hangRate: 0.3, seed: 9 });
    const draw = () => Array.from({ length: 30 }, () => faults.decide('GET', '/api/Meets').outcome);
    const first = draw();
    faults.restart();
    expect(draw()).toEqual(first);
    expect(new Set(first)).toEqual(new Set(['pass', 'error', 'hang']));
    expect(createFaultInjector({ errorRate: 1, hangRate: 1 }).decide('GET', '/').outcome).toBe(
      'hang',
    );
  });
});
