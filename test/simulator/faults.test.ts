import { describe, expect, it } from 'vitest';
import { ClubServiceFaultError } from '../../src/club/club-errors.js';
import { noFaults } from '../../src/simulator/fault-settings.js';
import { waitFor } from '../support/wait-for.js';
import { useSimulators } from './simulator-fixture.js';

const start = useSimulators();

describe('fault injection', () => {
  it('is off by default', async () => {
    const { sim } = await start();
    expect(sim.admin.faults()).toEqual(noFaults);
    expect(noFaults).toMatchObject({ latencyMs: 0, errorRate: 0, hangRate: 0, paths: [] });
  });

  it('with an error rate of 1, answers every call 500 with a message, which the client reads as a fault', async () => {
    const { api, call } = await start({ errorRate: 1 });
    const answer = await call('GET', '/api/Users');
    expect(answer).toMatchObject({
      status: 500,
      json: { Message: expect.stringContaining('fault') },
    });
    await expect(api.listSessions()).rejects.toBeInstanceOf(ClubServiceFaultError);
  });

  it('draws 500s from a seeded generator: the same seed gives the same calls failing', async () => {
    const statuses = async () => {
      const { call } = await start({ faults: { errorRate: 0.5, seed: 42 } });
      const seen: number[] = [];
      for (let i = 0; i < 20; i++) seen.push((await call('GET', '/api/Meets')).status);
      return seen;
    };
    const first = await statuses();
    expect(await statuses()).toEqual(first);
    expect(first).toContain(500);
    expect(first).toContain(200);
  });

  it('hits only the selected paths and methods', async () => {
    const { api, call, sim } = await start();
    sim.admin.setFaults({ errorRate: 1, paths: ['POST /api/IncidentBook', '/api/Meets'] });
    expect((await call('GET', '/api/IncidentBook')).status).toBe(200);
    expect((await call('GET', '/api/Meets')).status).toBe(500);
    expect(
      (await call('GET', `/api/Meets/${String(sim.admin.records('Meets')[0]?.Guid)}`)).status,
    ).toBe(500);
    expect((await call('GET', '/api/MeetsX')).status).toBe(404);
    await expect(
      api.fileIncident({
        title: 'T',
        date: '2026-03-01',
        status: 'Open',
        reporterGuid: String(sim.admin.records('Users')[0]?.Guid),
      }),
    ).rejects.toBeInstanceOf(ClubServiceFaultError);
    expect(await api.listMembers()).toHaveLength(40);
  });

  it('adds latency to each affected call', async () => {
    const { call } = await start({ latencyMs: 150 });
    const began = performance.now();
    expect((await call('GET', '/api/Meets')).status).toBe(200);
    expect(performance.now() - began).toBeGreaterThanOrEqual(140);
  });

  it('with a hang rate of 1, never answers: the client times out, and stop still closes at once', async () => {
    const { api, sim } = await start({ hangRate: 1, timeoutMs: 300 });
    const error = await api.listMeets().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClubServiceFaultError);
    expect((error as Error).message).toContain('did not answer within 300 ms');
    expect(sim.admin.calls().calls).toEqual([
      { method: 'GET', path: '/api/Meets', status: 0, count: 1 },
    ]);
    const hanging = fetch(`${sim.url}/api/Meets`, {
      headers: { 'Authorization-Token': 'sim-test-token-7c1e' },
    });
    // Held once the simulator has logged it (unanswered, like the first).
    await waitFor(() => sim.admin.calls().calls[0]?.count === 2, 'the second call to hang');
    const began = performance.now();
    await sim.stop();
    await expect(hanging).rejects.toThrow();
    expect(performance.now() - began).toBeLessThan(1000);
  });

  describe('the ambiguous write', () => {
    const draft = (reporterGuid: string) => ({
      title: 'Lost property',
      date: '2026-03-01',
      status: 'Open' as const,
      reporterGuid,
    });

    it('with commitBeforeError, files the incident and then answers 500', async () => {
      const { api, sim } = await start({
        faults: { errorRate: 1, commitBeforeError: true, paths: ['POST /api/IncidentBook'] },
      });
      const before = sim.admin.records('incidents').length;
      await expect(
        api.fileIncident(draft(String(sim.admin.records('users')[0]?.Guid))),
      ).rejects.toBeInstanceOf(ClubServiceFaultError);
      expect(sim.admin.records('incidents')).toHaveLength(before + 1);
      expect(sim.admin.records('incidents').at(-1)).toMatchObject({
        IncidentTitle: 'Lost property',
      });
    });

    it('without it, answers 500 and files nothing', async () => {
      const { api, sim } = await start({
        faults: { errorRate: 1, paths: ['POST /api/IncidentBook'] },
      });
      const before = sim.admin.records('incidents').length;
      await expect(
        api.fileIncident(draft(String(sim.admin.records('users')[0]?.Guid))),
      ).rejects.toBeInstanceOf(ClubServiceFaultError);
      expect(sim.admin.records('incidents')).toHaveLength(before);
    });

    it('with commitBeforeError and a hang, files it and never answers', async () => {
      const { api, sim } = await start({
        timeoutMs: 300,
        faults: { hangRate: 1, commitBeforeError: true },
      });
      const before = sim.admin.records('incidents').length;
      await expect(
        api.fileIncident(draft(String(sim.admin.records('users')[0]?.Guid))),
      ).rejects.toThrow('did not answer within 300 ms');
      expect(sim.admin.records('incidents')).toHaveLength(before + 1);
    });
  });

  it('refuses bad fault settings with a message naming the field', async () => {
    const { sim } = await start();
    expect(() => sim.admin.setFaults({ errorRate: 2 })).toThrow(/errorRate/);
    expect(() => sim.admin.setFaults({ paths: ['api/Users'] })).toThrow(/paths/);
    expect(sim.admin.faults().errorRate).toBe(0);
  });
});
