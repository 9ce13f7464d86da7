import { act } from 'react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../stores/account';
import { answerCalls, callInputs, type CallHandlers } from '../test/call-handlers';
import { pageHarness, settleUi } from '../test/page-harness';
import TabLayout from './TabLayout';

vi.mock('../api/call', () => ({ call: vi.fn() }));
vi.mock('./navigation', () => ({ switchTab: vi.fn() }));
// A device's alarm refetches the counts; here it is played by hand.
const live = vi.hoisted(() => ({ alarm: () => {} }));
vi.mock('../live/socket', () => ({
  useLiveReady: () => {},
  useLiveAlarms: (listener: () => void) => {
    live.alarm = listener;
  },
}));

const page = pageHarness();
let handlers: CallHandlers;
const messageBadge = () =>
  page.container.querySelectorAll('.adm-tab-bar-item')[1]?.querySelector('.adm-badge-content')
    ?.textContent ?? null;

const showMine = () =>
  page.render(
    '/pages/mi/index',
    <Routes>
      <Route element={<TabLayout />}>
        <Route path="/pages/mi/index" element={<div>mine</div>} />
      </Route>
    </Routes>,
  );

beforeEach(() => {
  useAccountStore.setState(useAccountStore.getInitialState(), true);
  handlers = { alarmStatistics: () => ({ total: 5, byTerminal: [], byType: [] }) };
  answerCalls(() => handlers);
});

describe('tab bar', () => {
  it('shows the unread alarms on the message tab, and follows new alarms', async () => {
    useAccountStore.setState({ isAuthenticated: true, access_token: 'tok' });
    await showMine();
    expect(messageBadge()).toBe('5');

    handlers.alarmStatistics = () => ({ total: 120, byTerminal: [], byType: [] });
    await act(async () => live.alarm());
    await settleUi();
    expect(messageBadge()).toBe('99+');

    handlers.alarmStatistics = () => ({ total: 0, byTerminal: [], byType: [] });
    await act(async () => live.alarm());
    await settleUi();
    expect(messageBadge()).toBeNull();
  });

  it('asks nothing for a guest', async () => {
    await showMine();
    expect(callInputs('alarmStatistics')).toHaveLength(0);
    expect(messageBadge()).toBeNull();
  });
});
