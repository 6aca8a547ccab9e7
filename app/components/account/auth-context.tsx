/**
 * The signed-in user as the whole app sees it (spec §4 auth events): the user, the session and a
 * loading flag. The server resolves the session for every page; this context hands it to the
 * components and re-renders every open tab when someone signs in or out in another.
 */
import { createContext, useContext, useEffect, useMemo } from 'react';
import { useRevalidator } from 'react-router';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  isAdmin: boolean;
  sessionExpiresAt: string;
}

export interface AuthState {
  user: AuthUser | null;
  session: { expiresAt: string } | null;
  /** True while the session is being checked again (after an auth event in this or another tab). */
  loading: boolean;
}

const AuthContext = createContext<AuthState | null>(null);

const CHANNEL = 'storefront-auth';

/** Tells the other tabs that this one signed in or out, so they show it too. */
export function announceAuthChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

export function AuthProvider({
  user,
  children,
}: {
  user: AuthUser | null;
  children: React.ReactNode;
}) {
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void revalidate();
    return () => channel.close();
  }, [revalidate]);
  const state = useMemo<AuthState>(
    () => ({
      user,
      session: user ? { expiresAt: user.sessionExpiresAt } : null,
      loading: revalidator.state === 'loading',
    }),
    [user, revalidator.state],
  );
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  // spec §8: the identity messages
  if (!state) throw new Error('useAuth must be used within an AuthProvider');
  return state;
}
