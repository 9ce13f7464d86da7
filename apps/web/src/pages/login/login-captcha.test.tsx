import { Codes, hashPasswordForTransport } from '@xunji/shared';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { answerCalls, callInputs, type CallHandlers } from '../../test/call-handlers';
import { buttonNamed, click, pageHarness, typeInto } from '../../test/page-harness';
import LoginPage from './index';

vi.mock('../../api/call', () => ({ call: vi.fn() }));
vi.mock('../../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../router/navigation');

const page = pageHarness();
let handlers: CallHandlers;

// The page loads the sign-in once the form is on screen; here it is in before the first tap.
beforeAll(() => import('./sign-in'));

beforeEach(() => {
  handlers = {};
  answerCalls(() => handlers);
});

const captchaInput = () =>
  page.container.querySelector<HTMLInputElement>('input[aria-label="Picture code"]');

describe('login page', () => {
  it('shows the picture code when the server asks for it and sends it with the next attempt', async () => {
    let captchas = 0;
    handlers.captcha = () => ({
      captchaId: `c${++captchas}`,
      image: 'data:image/svg+xml;base64,PHN2Zy8+',
      expiresIn: 300,
    });
    handlers.login = () => {
      throw new ApiError(Codes.CAPTCHA_REQUIRED.code, Codes.CAPTCHA_REQUIRED.en, {
        captchaRequired: true,
      });
    };
    await page.render('/pages/login/index', <LoginPage />);
    expect(captchaInput()).toBeNull();
    const [username, password] = page.container.querySelectorAll('input');
    await typeInto(username as HTMLInputElement, 'alice');
    await typeInto(password as HTMLInputElement, 'secret123');
    await click(buttonNamed('Sign in'));
    expect(callInputs('login')[0]).toEqual({
      body: expect.not.objectContaining({ captchaId: expect.anything() }) as unknown,
    });
    expect(captchaInput()).not.toBeNull();
    expect(page.container.querySelector('.captcha-image img')).not.toBeNull();

    await click(buttonNamed('Sign in'));
    expect(callInputs('login')).toHaveLength(1);
    expect(page.container.textContent).toContain('Please enter the picture code');

    await typeInto(captchaInput()!, 'ab12');
    await click(buttonNamed('Sign in'));
    expect(callInputs('login')[1]).toMatchObject({
      body: {
        username: 'alice',
        password: hashPasswordForTransport('secret123'),
        captchaId: 'c1',
        captchaCode: 'ab12',
      },
    });
    // Single use: a new picture after the attempt.
    expect(captchas).toBe(2);
    expect(captchaInput()!.value).toBe('');
  });
});
