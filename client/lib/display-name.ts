// Spec section 3: the user listing has loose shapes, so the shown name falls back through several fields.
export type NamedUser = {
  name?: string | null;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  displayName?: string | null;
  email?: string | null;
};

export const UNKNOWN_USER = 'Unknown User';

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function displayNameOf(user: NamedUser): string {
  const first = present(user.firstName);
  const last = present(user.lastName);
  const emailLocal = present(user.email?.split('@')[0]);
  return (
    present(user.name) ??
    present(user.username) ??
    first ??
    present(user.displayName) ??
    // Only reachable with a last name alone, since a first name already matched above.
    present([first, last].filter(Boolean).join(' ')) ??
    emailLocal ??
    UNKNOWN_USER
  );
}

export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || name?.trim() === UNKNOWN_USER) return 'U';
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase();
}
