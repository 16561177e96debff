import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { stubFetch } from '../test-fetch.ts';
import { SignIn } from './sign-in.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('SignIn', () => {
  test('asks for a key before calling the API', () => {
    const sent = stubFetch();
    render(<SignIn onSignedIn={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Paste a management API key/);
    expect(sent).toEqual([]);
  });

  test('checks the key with /keys/me and keeps it in sessionStorage only', async () => {
    const sent = stubFetch({
      body: { name: 'ops', role: 'editor', capabilities: ['svc_manage_servers'], prefix: 'tgk_abcdefgh' },
    });
    const signedIn = vi.fn();
    render(<SignIn onSignedIn={signedIn} />);
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: ' tgk_secret ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith(expect.objectContaining({ role: 'editor' })));
    expect(sent[0]).toMatchObject({ url: '../api/svc/v1/keys/me', authorization: 'Bearer tgk_secret' });
    expect(Object.values(sessionStorage)).toEqual(['tgk_secret']);
    expect(localStorage.length).toBe(0);
  });

  test('a refused key is not kept and is described in plain words, not API wording', async () => {
    stubFetch({
      status: 401,
      body: { code: 'rest_not_logged_in', message: 'You are not currently logged in', data: { status: 401 } },
    });
    render(<SignIn onSignedIn={() => undefined} />);
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'tgk_bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('That key was not accepted. Check it and try again.');
    expect(screen.queryByText(/rest_not_logged_in|not currently logged in/)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });
});
