import { describe, expect, it } from 'vitest';
import { unlinkedNote } from '../../../src/commands/incident/incident-reporter.js';
import {
  mapBlockAction,
  mapSlashCommand,
  mapViewSubmission,
} from '../../../src/platforms/slack/map-request.js';

describe('mapping Slack payloads to who is asking', () => {
  it('when a slash command comes, the user_name Slack sends is the display name', () => {
    const { user } = mapSlashCommand(
      {
        command: '/incident',
        text: 'new',
        user_id: 'U123',
        user_name: 'jo.bloggs',
        team_id: 'T1',
        channel_id: 'C1',
        response_url: 'https://hooks.slack.test/1',
      },
      { id: 'id-1', now: 0 },
    );
    expect(user).toEqual({
      platform: 'slack',
      userId: 'U123',
      displayName: 'jo.bloggs',
      teamId: 'T1',
    });
  });

  it('when a button is pressed or a form sent, the user’s name (or username) is the display name', () => {
    const pressed = mapBlockAction(
      {
        user: { id: 'U1', name: 'Jo', team_id: 'T1' },
        team: null,
        channel: { id: 'C1', name: 'c' },
      } as never,
      { now: 0 },
    );
    expect(pressed.user.displayName).toBe('Jo');
    const sent = mapViewSubmission(
      { user: { id: 'U1', username: 'jo.b', team_id: 'T1' }, team: null } as never,
      { form: 'incident', channelId: 'C1', issuedAt: 0 },
      {},
    );
    expect(sent.user.displayName).toBe('jo.b');
  });

  it('when an unlinked person reports, the note names them as Slack shows them, with their user id', () => {
    const { user } = mapSlashCommand(
      {
        command: '/incident',
        text: 'new',
        user_id: 'U123',
        user_name: 'Jo B',
        team_id: 'T1',
        channel_id: 'C1',
        response_url: 'https://hooks.slack.test/2',
      },
      { id: 'id-1', now: 0 },
    );
    expect(unlinkedNote(user, { reporter: 'Jo Bloggs' })).toBe(
      'Reported in Slack by Jo B (U123), not linked to a member; name given: Jo Bloggs.',
    );
  });
});
