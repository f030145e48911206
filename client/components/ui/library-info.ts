// The library's contact details and opening hours, shown in the footer and on the contact page. Words are
// message ids (the catalogues say them in the member's language); the e-mail and phone number are the same in both.
import type { MessageId } from '../../lib/i18n.ts';

export const LIBRARY_CONTACT = {
  address: 'library.address',
  email: 'info@bookhaven.com',
  phone: '+880 1712-345678',
} as const satisfies { address: MessageId; email: string; phone: string };

export const OPENING_HOURS: { days: MessageId; hours: MessageId }[] = [
  { days: 'library.days.weekdays', hours: 'library.hours.weekdays' },
  { days: 'library.days.friday', hours: 'library.hours.friday' },
  { days: 'library.days.holidays', hours: 'library.hours.closed' },
];
