import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../api/feedback';
import { useAppStore } from '../stores/app';
import { answerCalls, callInputs, type CallHandlers } from '../test/call-handlers';
import { appConfig } from '../test/fixtures';
import { byText, click, pageHarness, pageText, settleUi } from '../test/page-harness';
import { OauthBindings } from './OauthBindings';

vi.mock('../api/call', () => ({ call: vi.fn() }));
vi.mock('../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));

const page = pageHarness();
let handlers: CallHandlers;
const WECHAT = { provider: 'wechat', nickname: 'Ming', headImgUrl: null, boundAt: 1 };

beforeEach(() => {
  handlers = { userOauth: () => [WECHAT] };
  answerCalls(() => handlers);
  useAppStore.setState({ config: appConfig() });
});
afterEach(() => useAppStore.setState({ config: null }));

describe("account-safety's bindings", () => {
  it('shows a bound WeChat and unbinds it after the confirm', async () => {
    await page.render('/', <OauthBindings />);
    expect(pageText()).toContain('Ming');
    // Apple is neither configured nor bound: no row.
    expect(pageText()).not.toContain('Apple ID');
    await click(byText('.adm-list-item', 'WeChatMingUnbind'));
    expect(confirmDialog).toHaveBeenCalledWith(
      'Unbind WeChat? You can no longer sign in with it.',
      expect.any(Function),
    );
    handlers.unbindWechat = () => null;
    handlers.userOauth = () => [];
    vi.mocked(confirmDialog).mock.calls[0]![1]!();
    await settleUi();
    expect(callInputs('unbindWechat')).toHaveLength(1);
  });

  it('shows nothing where no provider is bound or usable in this browser', async () => {
    handlers.userOauth = () => [];
    useAppStore.setState({
      config: appConfig({ oauth: { ...appConfig().oauth, wechatMpAppId: null } }),
    });
    await page.render('/', <OauthBindings />);
    expect(pageText()).toBe('');
  });
});
