import { createHash } from 'node:crypto';
import type { AuditTrail } from '../access/audit-trail.js';
import type { AskerResolver } from '../access/asker.js';
import type { ChatUser } from '../core/chat-user.js';
import type { ClubData } from '../core/club-data.js';
import { clubClock, clubMoment } from '../club/time/club-time.js';
import { dataAge, type Reply } from '../core/reply.js';
import type { PostAddress } from '../delivery/reply-address.js';
import type { ReplyOutbox } from '../delivery/reply-outbox.js';
import type { DigestOutcome } from '../jobs/club-queue.js';
import type { Logger } from '../log.js';
import { composeDigest, type DigestBody } from './compose-digest.js';
import { isBudgetOut } from './digest-data.js';
import { digestKinds, entitledTo, type DigestKind } from './digest-kinds.js';
import type { Subscription, SubscriptionStore } from './subscription-store.js';
import type { CodeOfConductReading } from '../cache/read-code-of-conduct.js';
import type { BotRole } from '../core/roles.js';

/** What running a digest needs. */
export interface DigestRunnerDeps {
  store: SubscriptionStore;
  outbox: Pick<ReplyOutbox, 'put'>;
  audit: Pick<AuditTrail, 'writeOf'>;
  /** The club's data at background priority (see `createDigestData`). */
  data: ClubData;
  /** Decides each recipient's roles now, from the club's records. */
  resolveAsker: AskerResolver;
  /** Removes the subscription's job scheduler (when the subscription is gone). */
  dropSchedule(id: string): Promise<void>;
  timezone: string;
  now(): number;
  logger: Logger;
  /** The host's codes of conduct, for the checks digest. Default: not served. */
  codeOfConduct?: () => Promise<CodeOfConductReading>;
  /** An occurrence missed by longer than this is skipped; a shorter miss is posted late. Default: 2 h. */
  lateLimitMs?: number;
}

/** Who gets a digest, decided at send time. */
interface Recipient {
  address: PostAddress;
  user?: ChatUser;
  member?: string;
  roles?: readonly BotRole[];
}

/**
 * Runs one occurrence of a digest: exactly once per occurrence, however often the job runs,
 * because each post's once-mark names the subscription, the occurrence and the recipient.
 */
export async function runDigest(
  id: string,
  occurrence: number,
  deps: DigestRunnerDeps,
): Promise<{ kind?: DigestKind; outcome: DigestOutcome }> {
  const { store, logger } = deps;
  const subscription = await store.get(id);
  if (!subscription) {
    await deps.dropSchedule(id);
    return { outcome: 'gone' };
  }
  const { kind } = subscription;
  const lateMs = deps.now() - occurrence;
  const due = clubMoment(occurrence, deps.timezone);
  if (lateMs > (deps.lateLimitMs ?? 2 * 3_600_000)) {
    logger.warn(
      { digest: id, kind, due: occurrence, lateMs },
      'digest missed by over 2 hours; skipped',
    );
    return { kind, outcome: 'missed' };
  }
  const state = await store.state(id);
  if (state.lastOccurrence !== undefined && state.lastOccurrence >= occurrence) {
    return { kind, outcome: 'already-run' };
  }
  const recipients = await recipientsOf(subscription, deps);
  if (recipients.length === 0) {
    logger.info({ digest: id, kind }, 'digest has nobody entitled to receive it; not sent');
    return { kind, outcome: 'no-recipients' };
  }
  const first = state.lastOccurrence === undefined;
  const since = {
    ...(state.seen ? { seen: new Set(state.seen) } : {}),
    from: clubClock(subscription.addedAt, deps.timezone).date,
  };
  let body: DigestBody;
  try {
    body = await composeDigest(kind, {
      data: deps.data,
      now: new Date(deps.now()),
      timezone: deps.timezone,
      since: first ? { from: since.from } : since,
      // One reader for a digest that goes to its adder: their roles decide what it shows.
      roles: [...new Set(recipients.flatMap((recipient) => recipient.roles ?? []))],
      codeOfConduct: deps.codeOfConduct,
    });
  } catch (error) {
    if (!isBudgetOut(error)) throw error;
    logger.warn({ digest: id, kind }, 'digest skipped: no calls left and nothing cached');
    await post(subscription, occurrence, recipients, skippedReply(kind, due), deps);
    return { kind, outcome: 'skipped' };
  }
  if (body.items === 0 && !first) {
    await store.saveState(id, { lastOccurrence: occurrence, seen: body.seen });
    return { kind, outcome: 'nothing-due' };
  }
  const late = lateMs > 60_000;
  const reply = framed(subscription, body, { first, late, due, now: deps.now() });
  await post(subscription, occurrence, recipients, reply, deps, body.members);
  await store.saveState(id, { lastOccurrence: occurrence, seen: body.seen });
  return { kind, outcome: late ? 'posted-late' : 'posted' };
}

/** Where it goes: the channel; or each entitled person's DMs, checked now, not when it was added. */
async function recipientsOf(
  subscription: Subscription,
  deps: DigestRunnerDeps,
): Promise<Recipient[]> {
  const { kind, platform } = subscription;
  const base = { platform: 'post' as const, on: platform, subscriptionId: subscription.id };
  const goesTo = digestKinds[kind].goesTo;
  if (goesTo === 'channel') {
    const to = subscription.channelId;
    return to ? [{ address: { ...base, post: 'channel', to, teamId: subscription.teamId } }] : [];
  }
  const people = goesTo === 'adder' ? [] : await deps.store.people(platform);
  const candidates = new Map<string, ChatUser>();
  for (const user of [subscription.addedBy, ...people]) candidates.set(user.userId, user);
  const recipients: Recipient[] = [];
  for (const user of candidates.values()) {
    const asker = await deps.resolveAsker(user);
    if (!entitledTo(kind, asker.roles)) continue;
    recipients.push({
      address: { ...base, post: 'dm', to: user.userId, teamId: user.teamId },
      user,
      member: asker.memberGuid,
      roles: asker.roles,
    });
  }
  return recipients;
}

/** Leaves the reply for each recipient, once per occurrence whatever happens to this job. */
async function post(
  subscription: Subscription,
  occurrence: number,
  recipients: readonly Recipient[],
  reply: Reply,
  deps: DigestRunnerDeps,
  members: readonly string[] = [],
): Promise<void> {
  const info = digestKinds[subscription.kind];
  for (const recipient of recipients) {
    const where = createHash('sha256')
      .update(`${recipient.address.on}:${recipient.address.post}:${recipient.address.to}`)
      .digest('hex')
      .slice(0, 16);
    const audit =
      info.personal && recipient.user
        ? deps.audit.writeOf({
            at: deps.now(),
            askedBy: `${recipient.user.platform}:${recipient.user.userId}`,
            askerMember: recipient.member,
            command: `digest ${subscription.kind}`,
            members,
            fieldGroups: [...info.fieldGroups],
          })
        : undefined;
    await deps.outbox.put(
      { id: `digest-${subscription.id}-${occurrence}`, replyTo: recipient.address, reply },
      `digest:${subscription.id}:${occurrence}:${where}`,
      audit,
    );
  }
}

/** The content with what the reader should know: late, first run, the data's age, how to stop it. */
function framed(
  subscription: Subscription,
  body: DigestBody,
  run: { first: boolean; late: boolean; due: string; now: number },
): Reply {
  const notes = [
    ...(run.late ? [`Posted late: this was due at ${run.due}, when the bot was not running.`] : []),
    ...(body.items === 0 ? ['Nothing due.'] : []),
  ];
  const age = dataAge(body.sources, new Date(run.now));
  return {
    ...body.reply,
    sections: [
      ...notes.map((text) => ({ kind: 'text' as const, text })),
      ...(body.reply.sections ?? []),
    ],
    footer: [age, `Digest ${subscription.id}: /digest remove ${subscription.id} stops it.`]
      .filter(Boolean)
      .join(' · '),
  };
}

function skippedReply(kind: DigestKind, due: string): Reply {
  return {
    title: `${digestKinds[kind].title}: skipped`,
    sections: [
      {
        kind: 'text',
        text: `The digest due at ${due} was skipped: the club's daily allowance of calls is nearly used up and the bot holds no copy of these records. It runs again at its next time.`,
      },
    ],
    visibility: 'asker',
    personalData: false,
    tone: 'warning',
  };
}
