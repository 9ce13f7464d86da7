import { List } from 'antd-mobile';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../stores/app';
import { click, pageHarness, pageText } from '../test/page-harness';
import type * as PushModule from './push';
import { disablePush, enablePush, pushPermission, type PushPermission } from './push';
import { PushSwitch } from './PushSwitch';

vi.mock('./push', async (original) => ({
  ...(await original<typeof PushModule>()),
  pushPermission: vi.fn(),
  enablePush: vi.fn(),
  disablePush: vi.fn(),
}));
vi.mock('../api/feedback', () => ({ toast: vi.fn() }));

const page = pageHarness();
const allow = (permission: PushPermission) => vi.mocked(pushPermission).mockReturnValue(permission);
const toggle = () => page.container.querySelector('.adm-switch')!;
const state = () => page.container.querySelector('.adm-list-item-description')?.textContent;
const show = () =>
  page.render(
    '/pages/mi/index',
    <List>
      <PushSwitch />
    </List>,
  );

beforeEach(() => {
  useAppStore.setState({ pushClientId: null });
});

describe('alarm notifications switch (mine page)', () => {
  it('says so when the browser cannot, or the user blocked it, and cannot be turned on', async () => {
    allow('unsupported');
    await show();
    expect(pageText()).toContain('This browser does not support notifications');
    expect(toggle().className).toContain('adm-switch-disabled');
    page.unmount();
    allow('denied');
    await show();
    expect(pageText()).toContain('Notifications are blocked');
    await click(toggle());
    expect(enablePush).not.toHaveBeenCalled();
  });

  it('turns push on and off', async () => {
    allow('default');
    vi.mocked(enablePush).mockImplementation(async () => {
      allow('granted');
      useAppStore.setState({ pushClientId: 'pc-1' });
      return 'pc-1';
    });
    await show();
    expect(state()).toBe('Off');
    await click(toggle());
    expect(enablePush).toHaveBeenCalled();
    expect(state()).toBe('On');
    expect(toggle().className).toContain('adm-switch-checked');

    vi.mocked(disablePush).mockImplementation(async () => {
      useAppStore.setState({ pushClientId: null });
    });
    await click(toggle());
    expect(disablePush).toHaveBeenCalled();
    expect(toggle().className).not.toContain('adm-switch-checked');
    expect(state()).toBe('Off');
  });
});
