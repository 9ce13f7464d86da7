import { APPLICATION_ID_HEADER, RENEWED_TOKEN_HEADER, routes } from '@xunji/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reLaunch } from '../router/navigation';
import { useAccountStore } from '../stores/account';
import { useUserStore } from '../stores/user';
import { speakEnglish } from '../test/english';
import { settle } from '../test/settle';
import { call } from './call';
import { serverAnswered, serverUnreachable, useServerReach } from './connectivity';
import { ApiError } from './errors';
import { Dialog, Toast } from './overlays';
import { request, requestEarly } from './request';

vi.mock('./overlays', () => ({
  Toast: { show: vi.fn(), clear: vi.fn() },
  Dialog: { confirm: vi.fn() },
}));
vi.mock('../router/navigation', () => ({ reLaunch: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function reply(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers });
}
const envelope = (code: number, data: unknown = null, message = 'ok') => ({
  code,
  message,
  data,
  succeeded: code === 0,
});

/** A fetch that answers after `ms`, or fails with AbortError when its signal aborts first. */
function answerAfter(ms: number, response: () => Response) {
  fetchMock.mockImplementation(
    (_input, init) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(response()), ms);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        });
      }),
  );
}

const toasts = () => vi.mocked(Toast.show).mock.calls.map(([props]) => props);
const get = () => request<unknown>({ method: 'GET', path: '/x' });

beforeAll(speakEnglish);

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  useAccountStore.setState(useAccountStore.getInitialState(), true);
  useUserStore.setState(useUserStore.getInitialState(), true);
  serverAnswered();
});

afterEach(async () => {
  await vi.runOnlyPendingTimersAsync();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  vi.clearAllMocks();
});

describe('request headers and URL', () => {
  it('sends applicationId, Accept-Language and the bearer token to the service root', async () => {
    useAccountStore.setState({ isAuthenticated: true, access_token: 'tok-1' });
    fetchMock.mockResolvedValue(reply(envelope(0, { id: 5 })));

    await call(routes.noticeById, { params: { id: 5 } });

    const [url, init] = fetchMock.mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/notice/5');
    expect(init?.method).toBe('GET');
    expect(headers.get(APPLICATION_ID_HEADER)).toBe('1');
    expect(headers.get('Accept-Language')).toBe('en');
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('sends no Authorization without a token, and a JSON body with its content type', async () => {
    fetchMock.mockResolvedValue(reply(envelope(0)));

    await call(routes.updateNickname, { body: { nickName: '小明' } });

    const [url, init] = fetchMock.mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/system/user/nickname');
    expect(init?.method).toBe('PUT');
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"nickName":"小明"}');
  });

  it('puts the query in the URL, leaving out undefined values', async () => {
    fetchMock.mockResolvedValue(reply(envelope(0)));
    await request({
      method: 'GET',
      path: '/sms-code',
      query: { phoneNumber: '13812341234', captchaId: undefined },
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/sms-code?phoneNumber=13812341234');
  });
});

describe('envelope codes (spec §8)', () => {
  it('code 0 resolves with data and says nothing', async () => {
    fetchMock.mockResolvedValue(reply(envelope(0, { a: 1 })));
    await expect(get()).resolves.toEqual({ a: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(Toast.show).not.toHaveBeenCalled();
  });

  it('stores the renewed token of a response (sliding session)', async () => {
    useAccountStore.setState({ isAuthenticated: true, access_token: 'old' });
    fetchMock.mockResolvedValue(reply(envelope(0), 200, { [RENEWED_TOKEN_HEADER]: 'renewed' }));
    await get();
    expect(useAccountStore.getState().access_token).toBe('renewed');
  });

  it('code 401 signs out, relaunches to / and toasts "sign in again"', async () => {
    useAccountStore.setState({ isAuthenticated: true, access_token: 'tok' });
    useUserStore.setState({ user: { username: 'demo' } as never });
    fetchMock.mockResolvedValue(reply(envelope(401, null, 'Your session has ended'), 401));

    const outcome = settle(get());
    await vi.advanceTimersByTimeAsync(100);

    expect(outcome.error).toEqual(new ApiError(401, 'Your session has ended'));
    expect(useAccountStore.getState()).toMatchObject({
      isAuthenticated: false,
      access_token: null,
    });
    expect(useUserStore.getState().user).toBeNull();
    expect(reLaunch).toHaveBeenCalledWith('/');
    expect(toasts()).toEqual([{ content: 'Please sign in again' }]);
  });

  it('code 401 speaks even with toastState false', async () => {
    fetchMock.mockResolvedValue(reply(envelope(401, null, 'ended'), 401));
    settle(request({ method: 'GET', path: '/x' }, { toastState: false }));
    await vi.advanceTimersByTimeAsync(100);
    expect(toasts()).toEqual([{ content: 'Please sign in again' }]);
  });

  it('code 9006 opens a confirm dialog with the message; confirm runs onConfirm', async () => {
    const onConfirm = vi.fn();
    fetchMock.mockResolvedValue(reply(envelope(9006, { id: 3 }, 'Really delete?'), 409));

    const outcome = settle(request({ method: 'POST', path: '/x' }, { onConfirm }));
    await vi.advanceTimersByTimeAsync(100);

    expect(outcome.error).toEqual(new ApiError(9006, 'Really delete?', { id: 3 }));
    expect(Dialog.confirm).toHaveBeenCalledTimes(1);
    const props = vi.mocked(Dialog.confirm).mock.calls[0]![0];
    expect(props).toMatchObject({
      content: 'Really delete?',
      confirmText: 'OK',
      cancelText: 'Cancel',
    });
    expect(onConfirm).not.toHaveBeenCalled();
    void props.onConfirm?.();
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(Toast.show).not.toHaveBeenCalled();
  });

  it('another code toasts the server message after the 100 ms toast delay', async () => {
    fetchMock.mockResolvedValue(reply(envelope(1201, null, 'Wrong account or password'), 400));

    const outcome = settle(get());
    await vi.advanceTimersByTimeAsync(99);
    expect(outcome.error).toEqual(new ApiError(1201, 'Wrong account or password'));
    expect(Toast.show).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(toasts()).toEqual([{ content: 'Wrong account or password' }]);
  });

  it('another code with toastState false rejects without a toast', async () => {
    fetchMock.mockResolvedValue(reply(envelope(1201, null, 'Wrong account or password'), 400));
    const outcome = settle(request({ method: 'GET', path: '/x' }, { toastState: false }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcome.error).toEqual(new ApiError(1201, 'Wrong account or password'));
    expect(Toast.show).not.toHaveBeenCalled();
  });
});

describe('transport failures (spec §8)', () => {
  it('a non-2xx answer without an envelope toasts "try again later" and rejects with the status', async () => {
    fetchMock.mockResolvedValue(reply('<html>Bad gateway</html>', 502));
    const outcome = settle(get());
    await vi.advanceTimersByTimeAsync(100);
    expect(outcome.error).toEqual(new ApiError(502, 'System error please try again later'));
    expect(toasts()).toEqual([{ content: 'System error please try again later' }]);
  });

  it('a network failure toasts and rejects 2002 "check the network" (not "system error")', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const outcome = settle(get());
    await vi.advanceTimersByTimeAsync(100);
    expect(outcome.error).toBeInstanceOf(ApiError);
    expect(outcome.error).toMatchObject({
      code: 2002,
      message: 'Please check the network connection',
    });
    expect(toasts()).toEqual([{ content: 'Please check the network connection' }]);
  });

  it('times out after 20 s with 2002 "Request Timeout"', async () => {
    answerAfter(60_000, () => reply(envelope(0)));
    const outcome = settle(get());
    await vi.advanceTimersByTimeAsync(19_999);
    expect(outcome.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome.error).toMatchObject({ code: 2002, message: 'Request Timeout' });
    await vi.advanceTimersByTimeAsync(100);
    expect(toasts()).toContainEqual({ content: 'Request Timeout' });
  });

  it('takes a longer timeout as an option (the track call waits 60 s)', async () => {
    answerAfter(30_000, () => reply(envelope(0, 'track')));
    const outcome = settle(request({ method: 'GET', path: '/x' }, { timeout: 60_000 }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(outcome.value).toBe('track');
  });

  it('an aborted connection rejects 2002 "check the network" without a toast', async () => {
    answerAfter(10_000, () => reply(envelope(0)));
    const controller = new AbortController();
    const outcome = settle(
      request({ method: 'GET', path: '/x' }, { signal: controller.signal, loading: false }),
    );
    controller.abort();
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcome.error).toMatchObject({
      code: 2002,
      message: 'Please check the network connection',
    });
    expect(Toast.show).not.toHaveBeenCalled();
  });
});

describe('whether the server can be reached', () => {
  const reachable = () => useServerReach.getState().reachable;

  it('a failed exchange says no, and the next answer of the server says yes again', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    settle(get());
    await vi.advanceTimersByTimeAsync(0);
    expect(reachable()).toBe(false);
    fetchMock.mockResolvedValueOnce(reply(envelope(1000, null, 'Invalid input'), 400));
    settle(get());
    await vi.advanceTimersByTimeAsync(0);
    expect(reachable()).toBe(true);
  });

  it('a call that times out says no', async () => {
    answerAfter(60_000, () => reply(envelope(0)));
    settle(get());
    await vi.advanceTimersByTimeAsync(20_000);
    expect(reachable()).toBe(false);
  });

  it("a proxy's gateway error says no; another answer without an envelope says yes", async () => {
    fetchMock.mockResolvedValueOnce(reply('<html>Bad gateway</html>', 502));
    settle(get());
    await vi.advanceTimersByTimeAsync(0);
    expect(reachable()).toBe(false);
    fetchMock.mockResolvedValueOnce(reply('<html>Oops</html>', 500));
    settle(get());
    await vi.advanceTimersByTimeAsync(0);
    expect(reachable()).toBe(true);
  });

  it('a call its caller cancelled says nothing', async () => {
    serverUnreachable();
    answerAfter(10_000, () => reply(envelope(0)));
    const controller = new AbortController();
    settle(request({ method: 'GET', path: '/x' }, { signal: controller.signal }));
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(reachable()).toBe(false);
    serverAnswered();
    answerAfter(10_000, () => reply(envelope(0)));
    const again = new AbortController();
    settle(request({ method: 'GET', path: '/x' }, { signal: again.signal }));
    again.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(reachable()).toBe(true);
  });
});

describe('loading indicator', () => {
  const loadingShown = () =>
    toasts().some((props) => typeof props === 'object' && props.icon === 'loading');

  it('does not show for a call answered within 200 ms', async () => {
    answerAfter(150, () => reply(envelope(0)));
    const outcome = settle(get());
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcome.done).toBe(true);
    expect(loadingShown()).toBe(false);
    expect(Toast.clear).not.toHaveBeenCalled();
  });

  it('shows after 200 ms and clears when the call ends', async () => {
    answerAfter(500, () => reply(envelope(0)));
    settle(get());
    await vi.advanceTimersByTimeAsync(199);
    expect(loadingShown()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(toasts()).toEqual([
      { icon: 'loading', content: 'Loading…', duration: 0, maskClickable: false },
    ]);
    expect(Toast.clear).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    expect(Toast.clear).toHaveBeenCalledTimes(1);
  });

  it('never shows with loading: false', async () => {
    answerAfter(500, () => reply(envelope(0)));
    settle(request({ method: 'GET', path: '/x' }, { loading: false }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(loadingShown()).toBe(false);
  });
});

describe('a request sent early (the data of a page at launch)', () => {
  const early = () => requestEarly<unknown>({ method: 'GET', path: '/x' });

  it('is sent at once and handled only when taken: a 401 before then changes nothing', async () => {
    useAccountStore.setState({ isAuthenticated: true, access_token: 'tok' });
    fetchMock.mockResolvedValue(reply(envelope(401, null, 'Your session has ended'), 401));

    const take = early();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(useAccountStore.getState().isAuthenticated).toBe(true);
    expect(reLaunch).not.toHaveBeenCalled();
    expect(Toast.show).not.toHaveBeenCalled();

    const outcome = settle(take());
    await vi.advanceTimersByTimeAsync(100);
    expect(outcome.error).toEqual(new ApiError(401, 'Your session has ended'));
    expect(useAccountStore.getState().isAuthenticated).toBe(false);
    expect(reLaunch).toHaveBeenCalledWith('/');
    expect(toasts()).toEqual([{ content: 'Please sign in again' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives the data and stores the renewed token when taken', async () => {
    useAccountStore.setState({ isAuthenticated: true, access_token: 'old' });
    fetchMock.mockResolvedValue(
      reply(envelope(0, { points: [1, 2] }), 200, { [RENEWED_TOKEN_HEADER]: 'renewed' }),
    );
    const take = early();
    await vi.advanceTimersByTimeAsync(1000);
    expect(useAccountStore.getState().access_token).toBe('old');
    await expect(take()).resolves.toEqual({ points: [1, 2] });
    expect(useAccountStore.getState().access_token).toBe('renewed');
  });

  it('reports a network failure only when taken', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const take = early();
    await vi.advanceTimersByTimeAsync(1000);
    expect(Toast.show).not.toHaveBeenCalled();

    const outcome = settle(take());
    await vi.advanceTimersByTimeAsync(100);
    expect(outcome.error).toMatchObject({
      code: 2002,
      message: 'Please check the network connection',
    });
    expect(toasts()).toEqual([{ content: 'Please check the network connection' }]);
  });

  it('shows the loading indicator only while it is awaited after being taken', async () => {
    answerAfter(1000, () => reply(envelope(0)));
    const take = early();
    await vi.advanceTimersByTimeAsync(300);
    expect(Toast.show).not.toHaveBeenCalled();
    settle(take());
    await vi.advanceTimersByTimeAsync(199);
    expect(Toast.show).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(toasts()).toEqual([
      { icon: 'loading', content: 'Loading…', duration: 0, maskClickable: false },
    ]);
  });
});

describe('reading the body', () => {
  it('reads it as asked, and handles what it gives as the envelope', async () => {
    fetchMock.mockResolvedValue(reply('compact'));
    const readBody = vi.fn(async (response: Response) => ({
      code: 0,
      message: 'ok',
      data: { read: await response.text() },
    }));
    await expect(request({ method: 'GET', path: '/x' }, { readBody })).resolves.toEqual({
      read: 'compact',
    });
  });
});
