import {
  APPLICATION_ID_HEADER,
  Codes,
  LOADING_DELAY_MS,
  RENEWED_TOKEN_HEADER,
  REQUEST_TIMEOUT_MS,
  type Envelope,
  type HttpMethod,
} from '@xunji/shared';
import i18next from 'i18next';
import { API_ROOT, APPLICATION_ID } from '../config';
import { reLaunch } from '../router/navigation';
import { PATHS } from '../router/paths';
import { useAccountStore } from '../stores/account';
import { useAppStore } from '../stores/app';
import { renewToken, signOut } from '../stores/session';
import { serverAnswered, serverUnreachable } from './connectivity';
import { ApiError, GATEWAY_STATUSES } from './errors';
import { confirmDialog, hideLoading, showLoading, toast } from './feedback';

/** Request options of spec §7. */
export interface RequestOptions {
  /** Show the global loading indicator when the call takes longer than 200 ms (default true). */
  loading?: boolean;
  /** Toast the error of a failed call (default true); 401 and 9006 always speak. */
  toastState?: boolean;
  /** Milliseconds before the call fails with 2002 (default 20 s; the track call uses 60 s). */
  timeout?: number;
  /** Runs when the user confirms the dialog of a 9006 answer. */
  onConfirm?: () => void;
  signal?: AbortSignal;
  /** Reads the body of the answer; as JSON by default (a track's points are read in a worker). */
  readBody?: (response: Response) => Promise<unknown>;
}

export interface HttpRequest {
  method: HttpMethod;
  /** Path under the service root, already filled. */
  path: string;
  query?: object;
  body?: unknown;
}

/** For calls the user did not ask for (launch steps): no loading indicator, no error toast. */
export const QUIET: RequestOptions = { loading: false, toastState: false };

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** What came back: an answer, or the failure of the transport (not yet reported to anyone). */
type Outcome = { answer: Answer } | { failure: unknown; timedOut: boolean };

export async function request<T>(req: HttpRequest, options: RequestOptions = {}): Promise<T> {
  return handle<T>(send(req, options), options);
}

/**
 * Sends a request now and handles its answer only when the returned function is called, exactly
 * as `request` would: for a page's data sent at launch, alongside the page's code. Until then
 * nothing is shown or done (no loading indicator, no §8 handling: a 401 before the router exists
 * could not relaunch).
 */
export function requestEarly<T>(req: HttpRequest, options: RequestOptions = {}): () => Promise<T> {
  const sent = send(req, options);
  return () => handle<T>(sent, options);
}

async function handle<T>(sent: Promise<Outcome>, options: RequestOptions): Promise<T> {
  const stopLoading = options.loading === false ? () => undefined : startLoading();
  try {
    const outcome = await sent;
    recordReach(outcome, options);
    if ('failure' in outcome) throw transportError(outcome.failure, outcome.timedOut, options);
    return settle<T>(outcome.answer, options);
  } finally {
    stopLoading();
  }
}

/**
 * Tells the app whether the server could be reached: an answer of its own says yes; a failed
 * exchange or a proxy's gateway error says no (a call its caller cancelled says nothing).
 */
function recordReach(outcome: Outcome, options: RequestOptions): void {
  if ('answer' in outcome) {
    const { status, body } = outcome.answer;
    if (!isEnvelope(body) && GATEWAY_STATUSES.has(status)) serverUnreachable();
    else serverAnswered();
  } else if (outcome.timedOut || options.signal?.aborted !== true) {
    serverUnreachable();
  }
}

function startLoading(): () => void {
  let shown = false;
  const timer = setTimeout(() => {
    shown = true;
    showLoading();
  }, LOADING_DELAY_MS);
  return () => {
    clearTimeout(timer);
    if (shown) hideLoading();
  };
}

/** The exchange over the network; never rejects. */
async function send(req: HttpRequest, options: RequestOptions): Promise<Outcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel);
  try {
    const response = await fetch(url(req), {
      method: req.method,
      headers: headers(req),
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: controller.signal,
    });
    const body = await (options.readBody ?? readJson)(response);
    return { answer: { status: response.status, headers: response.headers, body } };
  } catch (failure) {
    return { failure, timedOut };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

function url({ path, query }: HttpRequest): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_ROOT}${path}${qs ? `?${qs}` : ''}`;
}

function headers(req: HttpRequest): Headers {
  const result = new Headers({
    [APPLICATION_ID_HEADER]: String(APPLICATION_ID),
    'Accept-Language': useAppStore.getState().language,
  });
  const token = useAccountStore.getState().access_token;
  if (token) result.set('Authorization', `Bearer ${token}`);
  if (req.body !== undefined) result.set('Content-Type', 'application/json');
  return result;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Spec §8: timeout → 2002 "Request Timeout"; a dropped or aborted connection → 2002 "check the network" (toasted as such). */
function transportError(error: unknown, timedOut: boolean, options: RequestOptions): ApiError {
  if (timedOut) {
    const message = i18next.t('errors.requestTimeout');
    if (options.toastState !== false) toast(message);
    return new ApiError(Codes.REQUEST_TIMEOUT.code, message);
  }
  // Issue 16: a lost connection says so (§8's network text), never "system error".
  const message = i18next.t('errors.checkNetwork');
  const callerAborted = options.signal?.aborted === true;
  if (!callerAborted && options.toastState !== false) toast(message);
  return new ApiError(Codes.REQUEST_TIMEOUT.code, message, error);
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  if (typeof body !== 'object' || body === null) return false;
  const { code, message } = body as Record<string, unknown>;
  return typeof code === 'number' && typeof message === 'string';
}

function settle<T>({ status, headers, body }: Answer, options: RequestOptions): T {
  const renewed = headers.get(RENEWED_TOKEN_HEADER);
  if (renewed) renewToken(renewed);

  if (!isEnvelope(body)) {
    const message = i18next.t('errors.tryAgainLater');
    if (options.toastState !== false) toast(message);
    const ok = status >= 200 && status < 300;
    throw new ApiError(ok ? Codes.SYSTEM_ERROR.code : status, message);
  }
  const { code, message, data } = body;
  if (code === Codes.OK.code) return data as T;

  if (code === Codes.UNAUTHORIZED.code) {
    signOut();
    reLaunch(PATHS.home);
    toast(i18next.t('errors.loginAgain'));
  } else if (code === Codes.CONFIRM_REQUIRED.code) {
    confirmDialog(message, options.onConfirm);
  } else if (options.toastState !== false) {
    toast(message);
  }
  throw new ApiError(code, message, data);
}
