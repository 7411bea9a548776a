import { z } from 'zod';
import { weekdays } from '../club/domain.js';
import { chatUserSchema } from '../core/core-schemas.js';
import { isDigestKind, type DigestKind } from './digest-kinds.js';
import type { DigestSchedule } from './digest-schedule.js';

/**
 * The digests' records as zod reads them back from Redis (untrusted storage). subscription-store.ts
 * returns what they parse as its types, so the compiler keeps the two in step.
 */

const kindSchema = z.custom<DigestKind>(
  (value) => typeof value === 'string' && isDigestKind(value),
);

const scheduleSchema = z.object({
  at: z.string(),
  on: z.enum([...weekdays, 'weekdays', 'weekends']).optional(),
}) satisfies z.ZodType<DigestSchedule>;

export const subscriptionSchema = z.object({
  id: z.string(),
  kind: kindSchema,
  schedule: scheduleSchema,
  platform: z.enum(['slack', 'discord', 'console']),
  channelId: z.string().optional(),
  channelName: z.string().optional(),
  teamId: z.string().optional(),
  addedBy: chatUserSchema,
  addedByMember: z.string().optional(),
  addedAt: z.number(),
});

export const digestStateSchema = z.object({
  lastOccurrence: z.number().optional(),
  seen: z.array(z.string()).optional(),
});

export const digestLogEntrySchema = z.object({
  at: z.number(),
  action: z.enum(['added', 'removed', 'gone']),
  id: z.string(),
  kind: kindSchema,
  by: z.string(),
  byMember: z.string().optional(),
});
