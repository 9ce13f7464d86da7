import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../stores/account';
import { gateToLogin } from './guard';
import { RequireAuth } from './RequireAuth';

vi.mock('./guard', () => ({ gateToLogin: vi.fn(() => cancel) }));
const cancel = vi.fn();

let container: HTMLDivElement;
let root: Root;

function renderAt(path: string) {
  act(() =>
    root.render(
      <MemoryRouter initialEntries={[path]}>
        <RequireAuth>
          <p>mine</p>
        </RequireAuth>
      </MemoryRouter>,
    ),
  );
}

beforeEach(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  container = document.createElement('div');
  root = createRoot(container);
  useAccountStore.setState(useAccountStore.getInitialState(), true);
});

afterEach(() => {
  act(() => root.unmount());
  vi.clearAllMocks();
});

describe('RequireAuth', () => {
  it('shows a protected page to a signed-in user without gating', () => {
    useAccountStore.setState({ isAuthenticated: true, access_token: 't' });
    renderAt('/pages/mi/index');
    expect(container.textContent).toBe('mine');
    expect(gateToLogin).not.toHaveBeenCalled();
  });

  it('renders nothing for a guest and gates with the full path to return to', () => {
    renderAt('/pagesUser/account/amend-pwd?x=1');
    expect(container.textContent).toBe('');
    expect(gateToLogin).toHaveBeenCalledExactlyOnceWith('/pagesUser/account/amend-pwd?x=1');
  });

  it('cancels the pending redirect when the guest signs in meanwhile', () => {
    renderAt('/pages/mi/index');
    act(() => useAccountStore.setState({ isAuthenticated: true, access_token: 't' }));
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe('mine');
  });

  it('does not gate when the session ends on the page (its ender navigates)', () => {
    useAccountStore.setState({ isAuthenticated: true, access_token: 't' });
    renderAt('/pages/mi/index');
    act(() => useAccountStore.setState({ isAuthenticated: false, access_token: null }));
    expect(container.textContent).toBe('');
    expect(gateToLogin).not.toHaveBeenCalled();
  });
});
