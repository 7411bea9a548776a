import { describe, expect, it } from 'vitest';
import { defaultAccessPolicy, mayRun } from '../../../src/access/access-policy.js';
import { findCommand } from '../../../src/commands/registry.js';
import { replyToPlainText } from '../../../src/core/reply.js';
import { memoryClubData } from '../../support/memory-club-data.js';
import { askerWith, run } from '../command-context.js';

const welfare = askerWith(['welfare'], 'welfare-guid');

describe('/incident show', () => {
  it('when the welfare officer gives the 8-character reference, then the one incident is read from the club service and shown in full', async () => {
    const club = memoryClubData();
    const wire = club.club.incidents.find((record) => typeof record.IncidentDetails === 'string');
    if (!wire) throw new Error('the seeded club has no incident with details');
    const guid = String(wire.Guid);
    const reply = await run('incident show', {
      data: club.data,
      asker: welfare,
      options: { ref: guid.slice(0, 8).toUpperCase() },
    });
    const text = replyToPlainText(reply);
    expect(reply.title).toBe(wire.IncidentTitle);
    expect(text).toContain(`Reference: ${guid.slice(0, 8)}`);
    expect(text).toContain(String(wire.IncidentDetails).trim().split('\n')[0]);
    expect(club.incidentReads).toEqual([guid]);
    expect(reply.personalData).toBe(true);
    expect(reply.audit?.fieldGroups).toEqual(['incidents']);
  });

  it('when the reference is unknown or too short, then it says so and reads nothing from the club service', async () => {
    const club = memoryClubData();
    const unknown = await run('incident show', {
      data: club.data,
      asker: welfare,
      options: { ref: 'zzzzzzzz' },
    });
    expect(replyToPlainText(unknown)).toContain('No incident has the reference "zzzzzzzz"');
    const short = await run('incident show', {
      data: club.data,
      asker: welfare,
      options: { ref: '1a' },
    });
    expect(replyToPlainText(short)).toContain('at least 4 characters');
    expect(club.incidentReads).toEqual([]);
  });

  it('when someone other than the welfare officer asks, then the command is not theirs', () => {
    const command = findCommand('incident show');
    if (!command) throw new Error('no /incident show');
    expect(mayRun(askerWith(['coach'], 'g'), command, defaultAccessPolicy)).toBe(false);
    expect(mayRun(welfare, command, defaultAccessPolicy)).toBe(true);
  });
});
