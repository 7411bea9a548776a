import { z } from 'zod';
import { clubApiLayoutSettings, type ClubApiLayoutSetting } from '../club/club-layout.js';
import { isTimeZone } from '../config.js';
import { clubIdPattern } from '../redis/club-keys.js';

/**
 * One club of a hosting deployment: what `CLUB_API_URL`, `CLUB_API_TOKEN`, `CLUB_DAILY_LIMIT`,
 * `CLUB_TIMEZONE`, `DISCORD_GUILD_ID`, `ACCESS_POLICY`, `CLUB_REPORTS_MEMBER` and (when set)
 * `CLUB_PERSON_DAILY_SHARE` / `CLUB_PERSON_DAILY_FORMS` say for a single club.
 */
export interface ClubRecord {
  /** Lower-case letters, digits and dashes: it names the club's keys and metric labels. */
  id: string;
  name: string;
  /** Base URL of the club's service. */
  apiUrl: string;
  /** How its service spells the paths. Default: auto. */
  layout: ClubApiLayoutSetting;
  /** The account's API token (sealed in Redis). */
  token: string;
  /** Calls per 24 h the bot may use. Default: 5000. */
  dailyLimit: number;
  /** Default: Europe/London. */
  timezone: string;
  /** The Slack workspaces (team ids) that are this club's. */
  slackTeams: string[];
  /** The Discord servers (guild ids) that are this club's. */
  discordGuilds: string[];
  /** The access policy, as YAML text. Default: the built-in defaults. */
  policy?: string;
  /** The member reports from unlinked people are filed under. Default: unset. */
  reportsMember?: string;
  /** Percent of `dailyLimit` one person may spend on cold reads. Default: `CLUB_PERSON_DAILY_SHARE`. */
  personDailyShare?: number;
  /** Forms one person may file a day. Default: `CLUB_PERSON_DAILY_FORMS`. */
  personDailyForms?: number;
}

const chatIds = z.array(
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,32}$/, 'a Slack or Discord id'),
);

/** A percentage such as `2%` or `2`, more than 0 and at most 100. */
const percent = z.coerce
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?%?$/, 'a percentage such as 2%')
  .transform((value) => Number(value.replace(/%$/, '')))
  .pipe(z.number().positive('a percentage such as 2%').max(100, 'at most 100%'));

/** The checks every record passes before it is stored. */
export const clubRecordSchema = z.strictObject({
  id: z.string().regex(clubIdPattern, 'lower-case letters, digits and dashes, up to 40'),
  name: z.string().trim().min(1, 'a name is required').max(100),
  apiUrl: z
    .url({ protocol: /^https?$/ })
    .transform((value) => value.replace(/\/+$/, ''))
    .describe('an http(s) URL'),
  layout: z.enum(clubApiLayoutSettings).default('auto'),
  token: z.string().trim().min(1, 'the API token is required'),
  dailyLimit: z.coerce.number().int().positive().default(5000),
  timezone: z
    .string()
    .default('Europe/London')
    .refine(isTimeZone, 'a time zone name such as Europe/London'),
  slackTeams: chatIds.default([]),
  discordGuilds: chatIds.default([]),
  policy: z.string().optional(),
  reportsMember: z.string().trim().min(1).optional(),
  personDailyShare: percent.optional(),
  personDailyForms: z.coerce.number().int().positive().optional(),
}) satisfies z.ZodType<ClubRecord, unknown>;

/** A record that failed its checks; `problems` names each field. */
export class ClubRecordError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'ClubRecordError';
  }
}

/** Checks and normalises a record (defaults filled in), or throws {@link ClubRecordError}. */
export function parseClubRecord(input: unknown): ClubRecord {
  const result = clubRecordSchema.safeParse(input);
  if (result.success) return result.data;
  throw new ClubRecordError(
    result.error.issues.map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message}`),
  );
}
