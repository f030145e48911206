import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { DeskField } from '../desk-field.tsx';
import { useI18n } from '../../../lib/i18n.ts';
import { useEditMember } from './use-member-actions.ts';
import { useSubmission } from '../use-submission.ts';

type Details = { name: string; email: string; phone: string };
type Props = { uid: string; details: Details; onClose: (saved: boolean) => void };

/** Edit details: a member's name, e-mail (their sign-in's too) and phone. */
export function MemberDetailsForm({ uid, details, onClose }: Props) {
  const id = useId();
  const t = useI18n().formatMessage;
  const [fields, setFields] = useState<Details>(details);
  const [editMember] = useEditMember();
  const { busy, error, setError, run } = useSubmission();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { name: fields.name.trim(), email: fields.email.trim(), phone: fields.phone.trim() || null };
    if (!input.name || !input.email) {
      setError(t({ id: 'desk.register.required' }));
      return;
    }
    const ok = await run(['edit', uid, input], async (idempotencyKey) => {
      await editMember({ variables: { uid, input, idempotencyKey } });
    });
    if (ok) onClose(true);
  };
  const field = (name: keyof Details, type: string, label: string) => (
    <DeskField
      id={`${id}-${name}`}
      type={type}
      label={label}
      value={fields[name]}
      onChange={(value) => setFields((current) => ({ ...current, [name]: value }))}
    />
  );

  return (
    <form
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-lg border border-slate-200 p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t({ id: 'desk.edit.title' })}
      </h3>
      {field('name', 'text', t({ id: 'desk.register.name' }))}
      {field('email', 'email', t({ id: 'desk.register.email' }))}
      {field('phone', 'tel', t({ id: 'desk.register.phone' }))}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {t({ id: busy ? 'desk.edit.saving' : 'desk.edit.save' })}
        </button>
        <button type="button" className="btn-quiet" onClick={() => onClose(false)}>
          {t({ id: 'common.cancel' })}
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
