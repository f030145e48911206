// "Forgot password" in the real Auth emulator: the reset e-mail's code is read from the emulator, the new password
// set with it, and the member signs in with it (a member the desk registered has no password until then).
const KEY = 'key=demo-api-key';

async function post<T>(origin: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${origin}/identitytoolkit.googleapis.com/v1/${path}?${KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`emulator ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * Sets the account's password through the reset flow, then signs in: its uid and a fresh ID token. `origin`:
 * the emulator's http://host:port.
 */
export async function setPasswordAndSignIn(
  origin: string,
  email: string,
  password: string,
  projectId = 'demo-bookhaven',
): Promise<{ uid: string; idToken: string }> {
  await post(origin, 'accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email });
  const codes = (await (await fetch(`${origin}/emulator/v1/projects/${projectId}/oobCodes`)).json()) as {
    oobCodes: { email: string; oobCode: string; requestType: string }[];
  };
  const code = codes.oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET').at(-1);
  if (!code) throw new Error(`no password reset code for ${email}`);
  await post(origin, 'accounts:resetPassword', { oobCode: code.oobCode, newPassword: password });
  const signedIn = await post<{ localId: string; idToken: string }>(origin, 'accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: signedIn.localId, idToken: signedIn.idToken };
}

/** The emulator's account of a uid, as the Admin API sees it (the emulator takes "Bearer owner" as admin). */
export async function lookupAccount(
  origin: string,
  uid: string,
  projectId = 'demo-bookhaven',
): Promise<{ email?: string; displayName?: string } | null> {
  const response = await fetch(`${origin}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: [uid] }),
  });
  const body = (await response.json()) as { users?: { email?: string; displayName?: string }[] };
  return body.users?.[0] ?? null;
}
