import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import { loadSession } from '../../../lib/session';
import LoginPage from '../pages/LoginPage';

function renderLogin() {
  const store = makeStore({ ...loadSession(), lang: 'en' });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/pages/common/login']}>
        <Routes>
          <Route path="/pages/common/login" element={<LoginPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('login form', () => {
  const fetchMock = vi.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the validation message and does not call the server when the password is too short', async () => {
    renderLogin();
    fireEvent.change(screen.getByPlaceholderText('E-mail or mobile number'), { target: { value: 'demo@bourse.local' } });
    fireEvent.change(screen.getByPlaceholderText('Enter your password'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('The password must be 7 to 32 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the account when it is empty', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your e-mail or mobile number')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs in with valid input and stores the token', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/user/login')) {
        return new Response(JSON.stringify({ type: 'ok', message: 'token-abc' }), { status: 200 });
      }
      return new Response(
        JSON.stringify({ type: 'ok', message: { id: 7, account: 'demo@bourse.local', invite_code: 'X1', email: 'demo@bourse.local' } }),
        { status: 200 },
      );
    });
    const store = renderLogin();
    fireEvent.change(screen.getByPlaceholderText('E-mail or mobile number'), { target: { value: 'demo@bourse.local' } });
    fireEvent.change(screen.getByPlaceholderText('Enter your password'), { target: { value: 'Demo123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(store.getState().session.token).toBe('token-abc'));
    const [, init] = fetchMock.mock.calls[0];
    expect(String(init.body)).toContain('user_string=demo%40bourse.local');
    expect(String(init.body)).toContain('password=Demo123456');
    await waitFor(() => expect(store.getState().session.user?.id).toBe(7));
  });
});
