import type { User } from '@xunji/shared';
import { List } from 'antd-mobile';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/call';
import { toast } from '../api/feedback';
import AboutPage from '../pagesUser/mi/as';
import { navigateTo } from '../router/navigation';
import { useAccountStore } from '../stores/account';
import { useAppStore } from '../stores/app';
import { answerCalls } from '../test/call-handlers';
import { appConfig } from '../test/fixtures';
import { click, pageHarness, pageText } from '../test/page-harness';
import { MineExtraRows, TestEnvironmentMark } from './MineRows';

vi.mock('../api/call', () => ({ call: vi.fn() }));
vi.mock('../api/feedback', () => ({ toast: vi.fn() }));
vi.mock('../router/navigation', () => ({ navigateTo: vi.fn(), navigateBack: vi.fn() }));

const page = pageHarness();
const NOT_ENABLED = 'Developer mode is not enabled for this account';
const user = (developerMode: boolean) => ({ userId: 1, username: 'u', developerMode }) as User;

beforeEach(() => {
  useAppStore.setState({ config: appConfig(), auditMode: false });
  useAccountStore.setState({ access_token: 'tok' });
});

describe('the way into developer mode (about page)', () => {
  const tapVersion = async (times: number) => {
    for (let i = 0; i < times; i++) await click(page.container.querySelector('[data-version]')!);
  };

  it('opens the developer page at the 7th tap when the server says the flag is on', async () => {
    answerCalls(() => ({ userInfo: () => user(true) }));
    await page.render('/pagesUser/mi/as', <AboutPage />);
    await tapVersion(6);
    expect(navigateTo).not.toHaveBeenCalled();
    expect(toast).toHaveBeenLastCalledWith('1 more taps to open developer mode');
    await tapVersion(1);
    await vi.waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/pagesUser/mi/developers/dev'));
  });

  it('says developer mode is not enabled for an account without the flag, or signed out', async () => {
    answerCalls(() => ({ userInfo: () => user(false) }));
    await page.render('/pagesUser/mi/as', <AboutPage />);
    await tapVersion(7);
    await vi.waitFor(() => expect(toast).toHaveBeenLastCalledWith(NOT_ENABLED));
    useAccountStore.setState({ access_token: null });
    vi.mocked(call).mockClear();
    await tapVersion(7);
    const notEnabled = () =>
      vi.mocked(toast).mock.calls.filter(([text]) => text === NOT_ENABLED).length;
    await vi.waitFor(() => expect(notEnabled()).toBe(2));
    expect(call).not.toHaveBeenCalled();
    expect(navigateTo).not.toHaveBeenCalled();
  });
});

describe("mine's rows of §9 content flags and developer mode", () => {
  const show = (account: User | undefined) =>
    page.render(
      '/pages/mi/index',
      <>
        <TestEnvironmentMark />
        <List>
          <MineExtraRows user={account} />
        </List>
      </>,
    );

  it('shows the manual only with the flag on and a manual configured, opening the web view', async () => {
    await show(user(false));
    expect(pageText()).not.toContain('User manual');
    useAppStore.setState({ config: appConfig({ appManual: true, manualUrl: null }) });
    await show(user(false));
    expect(pageText()).not.toContain('User manual');
    useAppStore.setState({
      config: appConfig({ appManual: true, manualUrl: 'https://help.example.com/m?a=1' }),
    });
    await show(user(false));
    await click(page.container.querySelector('[data-link="manual"]')!);
    expect(navigateTo).toHaveBeenCalledWith(
      '/pagesUser/webView?url=https%3A%2F%2Fhelp.example.com%2Fm%3Fa%3D1',
    );
  });

  it('shows developer mode only for a flagged account', async () => {
    await show(user(false));
    expect(page.container.querySelector('[data-link="developer"]')).toBeNull();
    await show(user(true));
    expect(pageText()).toContain('Developer mode');
  });

  it('marks a test environment (production env off) only', async () => {
    await show(undefined);
    expect(pageText()).not.toContain('Test environment');
    useAppStore.setState({ config: appConfig({ productionEnv: false }) });
    await show(undefined);
    expect(pageText()).toContain('Test environment');
  });
});
