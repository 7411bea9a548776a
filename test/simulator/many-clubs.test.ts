import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ token: 'county', clubs: 200, members: 20, dailyLimit: 3 });
});
afterAll(() => sim.stop());

const roles = (token: string) =>
  fetch(`${sim.url}/api/ClubRoles`, { headers: { 'Authorization-Token': token } });
const members = async (token: string) => {
  const response = await fetch(`${sim.url}/api/Users`, {
    headers: { 'Authorization-Token': token },
  });
  return (await response.json()) as { Firstname: string; Lastname: string }[];
};

describe('one simulator serving many club accounts', () => {
  it('when two clubs ask, each is answered from its own seeded club', async () => {
    sim.club(7).setBudget({ dailyLimit: 100 });
    sim.club(8).setBudget({ dailyLimit: 100 });
    const seventh = await members('county-7');
    const eighth = await members('county-8');
    expect(seventh.length).toBeGreaterThan(0);
    expect(seventh.map((m) => m.Lastname)).not.toEqual(eighth.map((m) => m.Lastname));
  });

  it('when one club spends its daily limit, another club’s calls still pass', async () => {
    for (let i = 0; i < 3; i += 1) expect((await roles('county-3')).status).toBe(200);
    expect((await roles('county-3')).status).toBe(403);
    expect((await roles('county-4')).status).toBe(200);
    expect(sim.club(4).budget().remaining).toBe(2);
  });

  it('when the token is no club’s, the call is refused with 401 and counted by none', async () => {
    expect((await roles('county-201')).status).toBe(401);
    expect((await roles('someone-else')).status).toBe(401);
    expect(sim.club(1).budget().remaining).toBe(3);
  });

  it('when many clubs are served, the plain token is no club’s', async () => {
    expect((await roles('county')).status).toBe(401);
    expect((await roles('county-1')).status).toBe(200);
    expect(sim.club(1).budget().remaining).toBe(2);
  });
});
