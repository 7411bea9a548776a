import { consoleConversations } from '../support/console-conversations.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatUser } from '../../src/core/chat-user.js';
import type { WireRecord } from '../../src/simulator/simulator-collections.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';

/*
 * A near match is a question, never the answer, through the real dispatcher, worker and Redis:
 * a surname nobody has (O'Connor, Smyth) shows nobody's phone, e-mail or address.
 */

const conversations = consoleConversations();
let harness: BotHarness;
let users: WireRecord[];
let welfare: ChatUser;

const contactFields = [
  'Email',
  'MobilePhone',
  'HomePhone',
  'Address1',
  'Address2',
  'Address3',
  'Postcode',
  'PostCode',
  'Town',
];
/** Every phone, e-mail and address line of the club, each long enough to be told apart. */
const everyContact = () =>
  users.flatMap((user) =>
    contactFields.map((field) => user[field]).filter((value) => String(value ?? '').length > 4),
  );

beforeAll(async () => {
  harness = await startBotHarness({
    sinks: { console: conversations.sink },
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  const { admin } = harness.simulator;
  const seeded = admin.records('users');
  const adult = seeded.find((u) => u.IsACoach !== 1 && u.IsAParent === 1) as WireRecord;
  // Connor Hart, whose first name is one letter from "O'Connor", with contacts of his own.
  const connor: WireRecord = {
    ...adult,
    Guid: '0c0cc0aa-1111-4222-8333-444455556666',
    Firstname: 'Connor',
    Lastname: 'Hart',
    KnownAs: '',
    Email: 'connor.hart@example.org',
    MobilePhone: '07700 900432',
    Address1: '12 Lockside Row',
  };
  // As in the demo's club, nobody is called O'Connor.
  const renamed = seeded.map((user) =>
    user.Lastname === "O'Connor" ? { ...user, Lastname: 'Connolly' } : user,
  );
  admin.setRecords('users', [...renamed, connor]);
  users = admin.records('users');
  const role = admin.records('roles').find((r) => r.RoleName === 'Welfare Officer');
  const [guid] = (role?.Members as { Guid: string }[]).map((member) => member.Guid);
  const officer = users.find((user) => user.Guid === guid) as WireRecord;
  welfare = { platform: 'slack', userId: 'U-welfare', email: String(officer.Email) };
});
afterAll(() => harness.stop());

const ask = (slash: string, text: string) =>
  conversations.ask(harness.dispatcher, welfare, slash, text);

describe('when the welfare officer looks up a surname nobody has', () => {
  it("when /member O'Connor is asked, then the answer asks about Connor Hart and shows nobody's phone, e-mail or address", async () => {
    const text = await ask('/member', "O'Connor");
    expect(text).toContain(
      'No member is called "O\'Connor". Did you mean Connor Allen or Connor Hart?',
    );
    for (const contact of everyContact()) expect(text).not.toContain(String(contact));
    expect(text).not.toMatch(/@|\b07\d{3}/);
  });

  it('when /member Smyth is asked, then the Smiths are only offered by name, with no contacts', async () => {
    const text = await ask('/member', 'Smyth');
    expect(text).toContain('No member is called "Smyth". Did you mean Claire Smith or Jane Smith?');
    expect(text).toContain('• Jane Smith (Swimmer)');
    for (const contact of everyContact()) expect(text).not.toContain(String(contact));
    expect(text).not.toMatch(/@|\b07\d{3}/);
  });

  it('when /member details names a near spelling, then no health or contact data is read or shown', async () => {
    const text = await ask('/member', 'details Jane Smyth');
    expect(text).toContain('Did you mean Jane Smith?');
    expect(text).not.toMatch(/Medical|Allerg|DBS|@/);
  });

  it('when /audit Smith names several, then they are listed by name and asked about', async () => {
    const text = await ask('/audit', 'Smith');
    expect(text).toMatch(/\d+ members are called "Smith": which one\?/);
    expect(text).toContain('Jane Smith');
  });

  it('when the chosen name is asked for, then the card is shown', async () => {
    expect(await ask('/member', 'Connor Hart')).toContain('connor.hart@example.org');
    expect(await ask('/member', '0c0cc0aa')).toContain('Connor Hart');
  });
});
