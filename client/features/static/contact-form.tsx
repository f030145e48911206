import { useI18n } from '../../lib/i18n.ts';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { showSuccess } from '../../components/ui/dialogs.ts';
import { saveContactMessage } from './contact-messages.ts';
import type { ContactMessage } from './contact-messages.ts';

export const SIMULATED_SEND_MS = 1500;
export const SENT_ALERT_MS = 3000;

const EMPTY: ContactMessage = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const { formatMessage: t } = useI18n();
  const [form, setForm] = useState(EMPTY);
  const [sending, setSending] = useState(false);

  const update = (field: keyof ContactMessage) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setForm((current) => ({ ...current, [field]: value }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    // Nothing is sent (spec 4): a short pause stands in for the network so the button feedback reads naturally.
    setTimeout(() => {
      saveContactMessage(form);
      setSending(false);
      setForm(EMPTY);
      void showSuccess(t({ id: 'contact.sent' }), t({ id: 'contact.sentText' }), { timer: SENT_ALERT_MS });
    }, SIMULATED_SEND_MS);
  };

  const field = (id: keyof ContactMessage, label: string, type: string) => (
    <div>
      <label htmlFor={`contact-${id}`} className="form-label">
        {label}
      </label>
      <input id={`contact-${id}`} type={type} required value={form[id]} onChange={update(id)} className="form-input" />
    </div>
  );

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading" className="text-2xl font-bold text-slate-900">
        {t({ id: 'contact.formTitle' })}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name', t({ id: 'contact.name' }), 'text')}
        {field('email', t({ id: 'contact.email' }), 'email')}
      </div>
      {field('subject', t({ id: 'contact.subject' }), 'text')}
      <div>
        <label htmlFor="contact-message" className="form-label">
          {t({ id: 'contact.message' })}
        </label>
        <textarea
          id="contact-message"
          required
          rows={6}
          value={form.message}
          onChange={update('message')}
          className="form-input"
        />
      </div>
      <button type="submit" disabled={sending} className="btn-primary">
        {t({ id: sending ? 'contact.sending' : 'contact.send' })}
      </button>
    </form>
  );
}
