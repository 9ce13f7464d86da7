import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/call';
import { ApiError } from '../api/errors';
import { prepareWechatShare } from './wechat-sdk';

vi.mock('../api/call', () => ({ call: vi.fn() }));

const CARD = { title: 'Where Car is now', desc: 'Until 18:00', link: 'https://x.example/s?code=a' };
const SIGNATURE = { appId: 'wx1', timestamp: 1_700_000_000, nonceStr: 'n', signature: 's' };

/** happy-dom loads no scripts: the test plays the script's load or failure. */
let appended: HTMLScriptElement[];

const sdk = (accepts: boolean) => ({
  config: vi.fn(),
  ready: vi.fn((callback: () => void) => (accepts ? callback() : undefined)),
  error: vi.fn((callback: (reason: unknown) => void) => (accepts ? undefined : callback({}))),
  updateAppMessageShareData: vi.fn(),
  updateTimelineShareData: vi.fn(),
});

beforeEach(() => {
  appended = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    appended.push(node as unknown as HTMLScriptElement);
    return node;
  });
});

afterEach(() => {
  delete window.wx;
  vi.restoreAllMocks();
});

// In order: the module keeps the script once it has loaded.
describe('prepareWechatShare', () => {
  it('loads nothing when the server has no WeChat (js-sign refused)', async () => {
    vi.mocked(call).mockRejectedValue(new ApiError(1004, 'No such API call'));
    expect(await prepareWechatShare(CARD)).toBe(false);
    expect(appended).toHaveLength(0);
  });

  it('gives up when the script does not load', async () => {
    vi.mocked(call).mockResolvedValue(SIGNATURE);
    const failed = prepareWechatShare(CARD);
    await vi.waitFor(() => expect(appended).toHaveLength(1));
    appended[0]?.onerror?.(new Event('error'));
    expect(await failed).toBe(false);
  });

  it("signs this page's URL, loads the JS-SDK and sets the card once WeChat accepts", async () => {
    vi.mocked(call).mockResolvedValue(SIGNATURE);
    const prepared = prepareWechatShare(CARD);
    await vi.waitFor(() => expect(appended).toHaveLength(1));
    expect(appended[0]?.src).toBe('https://res.wx.qq.com/open/js/jweixin-1.6.0.js');
    expect(vi.mocked(call).mock.calls.at(-1)?.[1]).toEqual({
      body: { url: window.location.href.split('#')[0] },
    });
    const wx = sdk(true);
    window.wx = wx;
    appended[0]?.onload?.(new Event('load'));
    expect(await prepared).toBe(true);
    expect(wx.config).toHaveBeenCalledWith(expect.objectContaining({ ...SIGNATURE, debug: false }));
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith(expect.objectContaining(CARD));
  });

  it('gives up when WeChat refuses the signature', async () => {
    vi.mocked(call).mockResolvedValue(SIGNATURE);
    window.wx = sdk(false);
    expect(await prepareWechatShare(CARD)).toBe(false);
    expect(appended).toHaveLength(0);
  });
});
