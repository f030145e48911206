// Spec 5: non-space text, an at sign, text, a dot, text.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidNewsletterEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export const SUBSCRIPTIONS_KEY = 'bookHavenNewsletter';

/** Subscriptions stay in this browser only (spec 3); a repeated address is stored once. */
export function saveSubscription(email: string): void {
  const normalised = email.trim().toLowerCase();
  let list: string[] = [];
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SUBSCRIPTIONS_KEY) ?? '[]');
    if (Array.isArray(parsed)) list = parsed.filter((item): item is string => typeof item === 'string');
  } catch {
    list = [];
  }
  if (!list.includes(normalised)) list.push(normalised);
  localStorage.setItem(SUBSCRIPTIONS_KEY, JSON.stringify(list));
}
