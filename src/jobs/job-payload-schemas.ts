import { z } from 'zod';
import { chatUserSchema, formIdSchema, formValuesSchema } from '../core/core-schemas.js';
import { replyAddressSchema } from '../delivery/reply-address-schema.js';
import type { JobName, JobPayloads } from './job-types.js';

/** Each job's payload as zod reads it back from its sealed job data (Redis is untrusted). */
export const jobPayloadSchemas = {
  command: z.object({
    request: z.object({
      id: z.string(),
      command: z.string(),
      options: z.record(z.string(), z.string()),
      user: chatUserSchema,
      replyTo: replyAddressSchema,
      receivedAt: z.number(),
    }),
  }),
  form: z.object({
    submission: z.object({
      id: z.string(),
      key: z.string(),
      form: formIdSchema,
      values: formValuesSchema,
      confirmed: z.boolean().optional(),
      user: chatUserSchema,
      replyTo: replyAddressSchema,
      receivedAt: z.number(),
    }),
  }),
  digest: z.object({ subscriptionId: z.string() }),
} satisfies { [N in JobName]: z.ZodType<JobPayloads[N]> };
