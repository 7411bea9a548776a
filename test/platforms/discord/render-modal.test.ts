import { describe, expect, it } from 'vitest';
import type { Asker } from '../../../src/core/chat-user.js';
import type { FormDefinition } from '../../../src/core/form.js';
import { incidentForm } from '../../../src/commands/incident/incident-new.js';
import { modalLimits, renderModal } from '../../../src/platforms/discord/render-modal.js';

const now = new Date('2026-03-14T18:30:00Z');
const linked: Asker = {
  user: { platform: 'discord', userId: '1' },
  memberGuid: 'g',
  roles: ['everyone', 'welfare'],
};
const unlinked: Asker = { user: { platform: 'discord', userId: '1' }, roles: ['everyone'] };

interface LabelJson {
  type: number;
  label: string;
  description?: string;
  component: {
    type: number;
    custom_id: string;
    value?: string;
    max_length?: number;
    style?: number;
    required?: boolean;
    options?: { value: string; default: boolean }[];
  };
}

const labels = (form: FormDefinition, values?: Record<string, string>) =>
  renderModal(form, values).components as unknown as LabelJson[];

describe('rendering a form as a Discord modal', () => {
  it('when the welfare officer opens the incident form, today and status Open are filled in and lengths are the service’s', () => {
    const form = incidentForm({ asker: linked, now, timezone: 'Europe/London' });
    const modal = renderModal(form);
    expect(modal.custom_id).toBe('form:incident');
    expect(modal.title).toBe('Report an incident');
    const inputs = labels(form);
    expect(inputs).toHaveLength(5);
    expect(
      inputs.every((input) => input.type === 18 && input.label.length <= modalLimits.label),
    ).toBe(true);
    const byId = new Map(inputs.map((input) => [input.component.custom_id, input.component]));
    expect(byId.get('date')).toMatchObject({ value: '2026-03-14', max_length: 30 });
    expect(byId.get('title')).toMatchObject({ type: 4, style: 1, max_length: 50, required: true });
    expect(byId.get('details')).toMatchObject({
      type: 4,
      style: 2,
      max_length: 4000,
      required: false,
    });
    expect(byId.get('status')?.type).toBe(3);
    expect(byId.get('status')?.options?.filter((option) => option.default)).toEqual([
      { label: 'Open', value: 'Open', default: true },
    ]);
  });

  it('when an unlinked person opens it, they are asked their name instead of the status', () => {
    const ids = labels(incidentForm({ asker: unlinked, now, timezone: 'Europe/London' })).map(
      (input) => input.component.custom_id,
    );
    expect(ids).toEqual(['title', 'date', 'details', 'proposedAction', 'reporter']);
  });

  it('when reopened, it shows what was typed, cut to what the input accepts', () => {
    const form = incidentForm({ asker: linked, now, timezone: 'Europe/London' });
    const byId = new Map(
      labels(form, { title: 'x'.repeat(60), date: '2026-02-30', status: 'On Hold' }).map(
        (input) => [input.component.custom_id, input.component],
      ),
    );
    expect(byId.get('title')?.value).toBe('x'.repeat(50));
    expect(byId.get('date')?.value).toBe('2026-02-30');
    expect(byId.get('status')?.options?.find((option) => option.default)?.value).toBe('On Hold');
  });

  it('when a form is longer than Discord allows, the modal keeps to five inputs and a 45-character title', () => {
    const field = (n: number) => ({
      id: `f${n}`,
      label: `Field ${n}`,
      type: 'text' as const,
      required: false,
      maxLength: 9000,
    });
    const form: FormDefinition = {
      id: 'trial',
      title: 'A form whose title is much longer than forty-five characters',
      submitLabel: 'Send',
      fields: Array.from({ length: 7 }, (_, n) => field(n)),
    };
    const modal = renderModal(form);
    expect(modal.title.length).toBeLessThanOrEqual(45);
    expect(modal.components).toHaveLength(5);
    expect(labels(form)[0]?.component.max_length).toBe(4000);
  });
});
