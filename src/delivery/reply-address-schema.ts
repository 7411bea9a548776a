import { z } from 'zod';
import type { ReplyAddress } from './reply-address.js';

/** Where a reply goes, as zod reads it back from Redis (jobs and the outbox hold it sealed). */
export const replyAddressSchema = z.discriminatedUnion('platform', [
  z.object({
    platform: z.literal('slack'),
    userId: z.string(),
    channelId: z.string(),
    channelName: z.string().optional(),
    teamId: z.string().optional(),
    responseUrl: z.string().optional(),
    issuedAt: z.number(),
  }),
  z.object({
    platform: z.literal('discord'),
    userId: z.string(),
    channelId: z.string().optional(),
    channelName: z.string().optional(),
    applicationId: z.string(),
    interactionToken: z.string(),
    issuedAt: z.number(),
    ephemeral: z.boolean(),
  }),
  z.object({ platform: z.literal('console'), conversationId: z.string() }),
  z.object({
    platform: z.literal('post'),
    on: z.enum(['slack', 'discord', 'console']),
    post: z.enum(['channel', 'dm', 'home']),
    to: z.string(),
    teamId: z.string().optional(),
    subscriptionId: z.string().optional(),
  }),
]) satisfies z.ZodType<ReplyAddress>;
