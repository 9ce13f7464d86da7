import { routes } from '@xunji/shared';
import { call } from '../api/call';

/** A new picture code (no loading indicator: the form stays usable). */
export const requestCaptcha = () => call(routes.captcha, undefined, { loading: false });
