/**
 * Signing in, shared by the login page and registration (which signs the new
 * account in at once): store the token, drop what was cached for anyone else,
 * load the user, and go where the person was going.
 */
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { api } from '../../lib/api';
import { safeRedirect } from '../../lib/navigation';
import { loggedIn } from '../../lib/session';
import { useLoginMutation } from './api';

export function useSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [login] = useLoginMutation();
  return async (account: string, password: string, redirect: string | null) => {
    const token = await login({ user_string: account, password }).unwrap();
    dispatch(loggedIn(token));
    // Nothing cached for a previous account may show for this one.
    dispatch(api.util.invalidateTags(['User', 'Unread', 'Feedback', 'Invite', 'Profit']));
    await dispatch(api.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true }));
    navigate(safeRedirect(redirect), { replace: true });
  };
}
