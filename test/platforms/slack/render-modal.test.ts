import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../src/core/form.js';
import { decodeFormMetadata } from '../../../src/platforms/slack/form-metadata.js';
import { readViewSubmission } from '../../../src/platforms/slack/map-request.js';
import { renderModal } from '../../../src/platforms/slack/render-modal.js';

const form: FormDefinition = {
  id: 'waitinglist',
  title: 'Add someone to the waiting list of the club',
  submitLabel: 'Add them to the waiting list now',
  fields: [
    { id: 'name', label: 'Name', type: 'text', required: true, maxLength: 100 },
    {
      id: 'notes',
      label: 'Notes',
      type: 'long-text',
      required: false,
      maxLength: 4000,
      hint: 'Anything useful',
    },
    {
      id: 'dob',
      label: 'Date of birth',
      type: 'date',
      required: true,
      maxLength: 10,
      defaultValue: '2015-02-30',
    },
    {
      id: 'squad',
      label: 'Squad',
      type: 'select',
      required: true,
      maxLength: 50,
      choices: ['Dolphins', 'Sharks'],
      defaultValue: 'Sharks',
    },
    {
      id: 'email',
      label: 'Parent email',
      type: 'email',
      required: false,
      maxLength: 100,
      placeholder: 'name@example.org',
    },
  ],
};
const metadata = { form: 'waitinglist' as const, channelId: 'C1', issuedAt: 1_700_000_000_000 };

describe('renderModal and readViewSubmission', () => {
  it('when a form is rendered, each field gets the input of its type, with block id = field id', () => {
    const view = renderModal(form, { metadata, values: { name: 'Sam <Lee>' } });
    expect(view.title.text.length).toBeLessThanOrEqual(24);
    expect(view.submit?.text.length).toBeLessThanOrEqual(24);
    expect(view.callback_id).toBe('club-form');
    const elements = Object.fromEntries(
      view.blocks.map((block) => [
        (block as { block_id: string }).block_id,
        (block as { element: unknown }).element,
      ]),
    );
    expect(elements.name).toEqual({
      type: 'plain_text_input',
      action_id: 'value',
      multiline: false,
      max_length: 100,
      initial_value: 'Sam <Lee>',
    });
    expect(elements.notes).toMatchObject({
      type: 'plain_text_input',
      multiline: true,
      max_length: 3000,
    });
    // Not a real date: no initial date rather than a view Slack refuses.
    expect(elements.dob).toEqual({ type: 'datepicker', action_id: 'value' });
    expect(elements.squad).toMatchObject({
      type: 'static_select',
      initial_option: { value: 'Sharks' },
    });
    expect(elements.email).toMatchObject({
      type: 'email_text_input',
      placeholder: { text: 'name@example.org' },
    });
    expect(view.blocks.map((block) => (block as { optional?: boolean }).optional)).toEqual([
      false,
      true,
      false,
      false,
      true,
    ]);
    expect(decodeFormMetadata(view.private_metadata)).toEqual(metadata);
  });

  it('when a submission comes back, the values are read by field id whatever the input', () => {
    const submitted = readViewSubmission({
      private_metadata: JSON.stringify(metadata),
      state: {
        values: {
          name: { value: { type: 'plain_text_input', value: 'Sam Lee' } },
          notes: { value: { type: 'plain_text_input', value: null } },
          dob: { value: { type: 'datepicker', selected_date: '2015-02-28' } },
          squad: {
            value: {
              type: 'static_select',
              selected_option: {
                text: { type: 'plain_text', text: 'Dolphins' },
                value: 'Dolphins',
              },
            },
          },
          email: { value: { type: 'email_text_input', value: 'p@example.org' } },
        },
      },
    });
    expect(submitted).toEqual({
      values: {
        name: 'Sam Lee',
        notes: '',
        dob: '2015-02-28',
        squad: 'Dolphins',
        email: 'p@example.org',
      },
      metadata,
    });
  });

  it('when private_metadata is not the bot’s, no metadata is read', () => {
    expect(decodeFormMetadata('{"form":"payroll","channelId":"C1","issuedAt":1}')).toBeUndefined();
    expect(decodeFormMetadata('not json')).toBeUndefined();
  });
});
