import { describe, expect, it } from 'vitest';
import { unlinkedNoteRoom } from '../../src/commands/incident/incident-reporter.js';
import { registry } from '../../src/commands/registry.js';
import { askerWith, london } from './command-context.js';

describe('the command registry', () => {
  it('when listed, then every name is unique and the /help order starts with what everyone uses', () => {
    const names = registry.map((command) => command.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([
      'help',
      'today',
      'whoswho',
      'sessions',
      'events',
      'meets',
      'session',
      'member',
      'member details',
      'incident new',
      'incident mine',
      'incident list',
      'incident show',
      'trial new',
      'trials',
      'waitinglist',
      'waitinglist add',
      'emaillist from',
      'event new',
      'places',
      'checks',
      'audit',
      'digest add',
      'digest list',
      'digest remove',
      'digest preview',
      'quota',
      'link',
    ]);
  });

  it('when deployed to Discord, then descriptions fit 100 characters and only the last option takes the rest', () => {
    for (const command of registry) {
      expect(command.description.length, command.name).toBeLessThanOrEqual(100);
      command.options.forEach((option, index) => {
        expect(option.description.length).toBeLessThanOrEqual(100);
        if (option.rest)
          expect(index, `${command.name} ${option.name}`).toBe(command.options.length - 1);
        expect(option.choices === undefined || option.autocomplete === undefined).toBe(true);
      });
    }
  });

  it('when a command can show personal data, then it says so', () => {
    const personal = registry
      .filter((command) => command.personalData)
      .map((command) => command.name);
    expect(personal).toEqual(
      expect.arrayContaining(['session', 'member', 'incident list', 'trials', 'waitinglist']),
    );
    expect(personal).not.toContain('sessions');
  });

  it('when a form opens for a linked or an unlinked person, then its title fits 45 characters and it has at most five inputs', () => {
    for (const command of registry) {
      if (command.kind !== 'form') continue;
      for (const asker of [askerWith([], 'guid-1'), askerWith([])]) {
        const form = command.buildForm({
          asker,
          now: new Date('2026-03-10T12:00:00Z'),
          timezone: london,
        });
        expect(form.id).toBe(command.form);
        expect(form.title.length).toBeLessThanOrEqual(45);
        expect(form.fields.length).toBeGreaterThan(0);
        expect(form.fields.length).toBeLessThanOrEqual(5);
        // The spec's limits; an unlinked reporter's details leave room for the note on who sent them.
        const limits = [10, 50, 100, 4000, 4000 - unlinkedNoteRoom];
        for (const field of form.fields) expect(limits).toContain(field.maxLength);
      }
    }
  });
});
