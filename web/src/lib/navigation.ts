/** Navigation helpers shared by pages: back with a home fallback, and the login redirect target. */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from './constants';

/** Goes back when there is somewhere to go back to inside the app, else to `fallback`. */
export function useGoBack(fallback: string = ROUTES.home): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key !== 'default') navigate(-1);
    else navigate(fallback, { replace: true });
  }, [fallback, location.key, navigate]);
}

/** The login route that brings the user back to `path` afterwards. */
export function loginRouteFor(path: string): string {
  return `${ROUTES.login}?redirect=${encodeURIComponent(path)}`;
}

/** Accepts only in-app routes as redirect targets. */
export function safeRedirect(target: string | null): string {
  if (target && target.startsWith('/pages/') && !target.startsWith(ROUTES.login)) return target;
  return ROUTES.home;
}
