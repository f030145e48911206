import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullScreenLoading } from '../components/ui/full-screen-loading.tsx';
import { useAuth } from '../lib/auth.tsx';
import { getToken, removeToken } from '../lib/token-storage.ts';

/** Spec 4: a user counts as signed in only with both a Firebase user and a stored session token. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, signedIn, signedOutHere } = useAuth();
  const location = useLocation();
  // Whether this page was shown signed in: one the member signs out on is being left for Home (the user menu and
  // My Account go there first), and Home may not have taken its place yet when the session goes.
  const [shown, setShown] = useState(signedIn);
  useEffect(() => {
    if (signedIn) setShown(true);
  }, [signedIn]);

  useEffect(() => {
    if (!loading && !signedIn && getToken() !== null) removeToken();
  }, [loading, signedIn]);

  if (loading) return <FullScreenLoading />;
  if (!signedIn && shown && signedOutHere()) return null;
  if (!signedIn) return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}
