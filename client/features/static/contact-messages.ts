export type ContactMessage = { name: string; email: string; subject: string; message: string };

export const CONTACT_MESSAGES_KEY = 'bookHavenContactMessages';

/** Spec 3: contact messages are kept in this browser and never sent anywhere. */
export function saveContactMessage(message: ContactMessage): void {
  let list: unknown[] = [];
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(CONTACT_MESSAGES_KEY) ?? '[]');
    if (Array.isArray(parsed)) list = parsed;
  } catch {
    list = [];
  }
  list.push({ ...message, sentAt: new Date().toISOString() });
  localStorage.setItem(CONTACT_MESSAGES_KEY, JSON.stringify(list));
}
