import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullScreenLoading } from '../components/ui/full-screen-loading.tsx';
import { useAuth } from '../lib/auth.tsx';
import { getToken, removeToken } from '../lib/token-storage.ts';

/** Spec 4: a user counts as signed in only with both a Firebase user and a stored session token. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, signedIn } = useAuth();
  const location = useLocation();

  useEffect(() => {
    if (!loading && !signedIn && getToken() !== null) removeToken();
  }, [loading, signedIn]);

  if (loading) return <FullScreenLoading />;
  if (!signedIn) return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}
