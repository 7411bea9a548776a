import { z } from 'zod';
import type { ChatUser } from './chat-user.js';
import type { FormId, FormValues } from './form.js';
import type { Reply, ReplyAction, ReplySection } from './reply.js';
import type { AuditEntry } from './audit-entry.js';

/**
 * The kernel's plain-JSON shapes as zod reads them back from Redis (untrusted storage: jobs, the
 * outbox and button state hold them sealed). `satisfies` keeps each in step with its type.
 */

export const chatUserSchema = z.object({
  platform: z.enum(['slack', 'discord', 'console']),
  userId: z.string(),
  displayName: z.string().optional(),
  teamId: z.string().optional(),
  email: z.string().optional(),
  groups: z.array(z.string()).optional(),
  outsider: z.boolean().optional(),
}) satisfies z.ZodType<ChatUser>;

// Every form, checked by the compiler: a form missing here would have its jobs refused.
const forms: { [K in FormId]: true } = {
  incident: true,
  trial: true,
  waitinglist: true,
  event: true,
  emaillist: true,
};

export const formIdSchema = z.custom<FormId>(
  (value) => typeof value === 'string' && Object.hasOwn(forms, value),
);

export const formValuesSchema = z.record(z.string(), z.string()) satisfies z.ZodType<FormValues>;

const fieldSchema = z.object({ label: z.string(), value: z.string() });
const title = z.string().optional();

const sectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), title, text: z.string() }),
  z.object({ kind: z.literal('list'), title, items: z.array(z.string()) }),
  z.object({ kind: z.literal('fields'), title, fields: z.array(fieldSchema) }),
  z.object({
    kind: z.literal('table'),
    title,
    columns: z.array(z.string()),
    rows: z.array(z.array(z.string())),
  }),
]) satisfies z.ZodType<ReplySection>;

const actionSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(['run-command', 'post-to-channel', 'reopen-form', 'confirm-form']),
  command: z.string().optional(),
  args: z.string().optional(),
  style: z.enum(['primary', 'danger']).optional(),
  form: z.object({ id: formIdSchema, values: formValuesSchema }).optional(),
}) satisfies z.ZodType<ReplyAction>;

const auditFieldGroups = [
  'contact',
  'emergency-contacts',
  'health',
  'safeguarding',
  'roster',
  'incidents',
  'trial-requests',
  'waiting-list',
] as const;

export const replySchema = z.object({
  title,
  fields: z.array(fieldSchema).optional(),
  sections: z.array(sectionSchema).optional(),
  footer: z.string().optional(),
  visibility: z.enum(['asker', 'channel']),
  personalData: z.boolean(),
  actions: z.array(actionSchema).optional(),
  tone: z.enum(['info', 'success', 'warning', 'error']).optional(),
  interim: z.boolean().optional(),
  audit: z
    .object({ members: z.array(z.string()), fieldGroups: z.array(z.enum(auditFieldGroups)) })
    .optional(),
}) satisfies z.ZodType<Reply>;

/** An audit trail entry (plain JSON in its stream: ids only). */
export const auditEntrySchema = z.object({
  at: z.number(),
  askedBy: z.string(),
  askerMember: z.string().optional(),
  command: z.string(),
  members: z.array(z.string()),
  fieldGroups: z.array(z.enum(auditFieldGroups)),
}) satisfies z.ZodType<AuditEntry>;
