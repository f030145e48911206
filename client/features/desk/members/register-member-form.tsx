import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { DeskField } from '../desk-field.tsx';
import { useI18n } from '../../../lib/i18n.ts';
import { useRegisterMember } from './use-member-actions.ts';
import { useSubmission } from '../use-submission.ts';

type Fields = { name: string; email: string; phone: string; cardNumber: string };
const EMPTY: Fields = { name: '', email: '', phone: '', cardNumber: '' };

/**
 * Register a member at the desk: name, e-mail, phone and a card they already hold (empty: the next number).
 * The gateway makes their sign-in account; they set a password with "Forgot password".
 */
export function RegisterMemberForm({ onRegistered }: { onRegistered: (uid: string) => void }) {
  const id = useId();
  const t = useI18n().formatMessage;
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [done, setDone] = useState('');
  const [register] = useRegisterMember();
  const { busy, error, setError, run } = useSubmission();
  const set = (name: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    const input = {
      name: fields.name.trim(),
      email: fields.email.trim(),
      phone: fields.phone.trim() || null,
      cardNumber: fields.cardNumber.trim() || null,
    };
    if (!input.name || !input.email) {
      setError(t({ id: 'desk.register.required' }));
      return;
    }
    let registered: { uid: string; name: string; cardNumber?: string | null } | undefined;
    const ok = await run(input, async (idempotencyKey) => {
      const { data } = await register({ variables: { input, idempotencyKey } });
      registered = data?.registerMember;
    });
    if (!ok || !registered) return;
    setFields(EMPTY);
    setDone(t({ id: 'desk.register.done' }, { name: registered.name, card: registered.cardNumber ?? '' }));
    onRegistered(registered.uid);
  };

  const field = (name: keyof Fields, type: string, label: string, hint?: string) => (
    <DeskField id={`${id}-${name}`} type={type} label={label} value={fields[name]} onChange={set(name)} hint={hint} />
  );

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id={`${id}-title`} className="mb-3 text-xl font-semibold">
        {t({ id: 'desk.register.title' })}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3 md:grid-cols-2">
        {field('name', 'text', t({ id: 'desk.register.name' }))}
        {field('email', 'email', t({ id: 'desk.register.email' }))}
        {field('phone', 'tel', t({ id: 'desk.register.phone' }))}
        {field('cardNumber', 'text', t({ id: 'desk.register.card' }), t({ id: 'desk.register.cardHint' }))}
        <div className="md:col-span-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {t({ id: busy ? 'desk.register.submitting' : 'desk.register.submit' })}
          </button>
        </div>
      </form>
      <p role="status" className="mt-3 text-green-800">
        {done}
      </p>
      {error && (
        <p role="alert" className="mt-3 text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
