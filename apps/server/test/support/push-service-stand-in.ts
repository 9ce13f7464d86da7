import { randomUUID, verify } from 'node:crypto';
import type { PushSubscription } from '../../src/providers/push/web-push-sender.js';
import { localHttpServer, readBody } from './local-http.js';
import {
  decryptPushMessage,
  newPushReceiver,
  p256PublicKey,
  type PushReceiver,
} from './web-push-receiver.js';

export interface ReceivedPush {
  endpoint: string;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  contentType: string | undefined;
  claims: { aud: unknown; exp: unknown; sub: unknown };
  /** The `k=` of the Authorization header. */
  applicationServerKey: string;
  plaintext: string;
}

class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const part = (text: string | undefined) =>
  JSON.parse(Buffer.from(text ?? '', 'base64url').toString()) as Record<string, unknown>;

/** Checks `vapid t=…, k=…` as a push service does (RFC 8292): ES256 with k, audience, expiry. */
function verifyVapid(authorization: string | undefined, origin: string, nowS: number) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Refused(401, 'no vapid authorization');
  const [, token = '', key = ''] = match;
  const [header, payload, signature = ''] = token.split('.');
  if (JSON.stringify(part(header)) !== JSON.stringify({ typ: 'JWT', alg: 'ES256' }))
    throw new Refused(403, 'JWT header is not {typ: JWT, alg: ES256}');
  const jose = Buffer.from(signature, 'base64url');
  const valid =
    jose.length === 64 &&
    verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key: p256PublicKey(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
      jose,
    );
  if (!valid) throw new Refused(403, 'JWT signature does not verify with k');
  const claims = part(payload);
  if (claims.aud !== origin) throw new Refused(403, `aud ${String(claims.aud)} is not ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp <= nowS || claims.exp > nowS + 86_400)
    throw new Refused(403, 'exp is not within the next 24 hours');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    throw new Refused(403, 'sub is not a mailto: or https: contact');
  return { claims: { aud: claims.aud, exp: claims.exp, sub: claims.sub }, key };
}

/**
 * A push service on a local port, with the test as the browser: `subscribe()` makes the
 * subscription's keys; a message is accepted (201) only with valid VAPID and a body that the
 * subscription's private key decrypts, and is then recorded in `received`.
 */
export function startPushServiceStandIn() {
  let origin = '';
  const subscriptions = new Map<
    string,
    { receiver: PushReceiver; serverKey?: string; gone?: true }
  >();
  const received: ReceivedPush[] = [];
  const refusals: string[] = [];
  let nextStatus: number | undefined;

  async function accept(
    path: string,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): Promise<string> {
    const subscription = subscriptions.get(path);
    if (!subscription || subscription.gone) throw new Refused(410, 'subscription expired');
    const { claims, key } = verifyVapid(
      headers.authorization as string | undefined,
      origin,
      Date.now() / 1000,
    );
    if (subscription.serverKey && key !== subscription.serverKey)
      throw new Refused(403, 'k is not the applicationServerKey of the subscription');
    if (!/^\d+$/.test(String(headers.ttl))) throw new Refused(400, 'TTL missing');
    if (headers['content-encoding'] !== 'aes128gcm') throw new Refused(415, 'not aes128gcm');
    let plaintext: Buffer;
    try {
      plaintext = decryptPushMessage(body, subscription.receiver);
    } catch (error) {
      throw new Refused(400, `undecryptable: ${String(error)}`);
    }
    received.push({
      endpoint: `${origin}${path}`,
      ttl: headers.ttl as string | undefined,
      urgency: headers.urgency as string | undefined,
      topic: headers.topic as string | undefined,
      contentType: headers['content-type'] as string | undefined,
      claims,
      applicationServerKey: key,
      plaintext: plaintext.toString(),
    });
    return `${origin}/message/${received.length}`;
  }

  const server = localHttpServer(async (request, response) => {
    const body = await readBody(request);
    try {
      if (nextStatus) {
        const status = nextStatus;
        nextStatus = undefined;
        throw new Refused(status, 'answered as the test asked');
      }
      const location = await accept(request.url ?? '/', request.headers, body);
      response.writeHead(201, { location }).end();
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      refusals.push(error.message);
      response.writeHead(error.status, { 'content-type': 'text/plain' }).end(error.message);
    }
  });

  return {
    received,
    refusals,
    listen: async () => {
      origin = new URL(await server.listen()).origin;
      return origin;
    },
    close: () => server.close(),
    /** A new subscription, restricted to `applicationServerKey` when given. */
    subscribe(applicationServerKey?: string): {
      subscription: PushSubscription;
      receiver: PushReceiver;
    } {
      const receiver = newPushReceiver();
      const path = `/push/${randomUUID()}`;
      subscriptions.set(path, {
        receiver,
        ...(applicationServerKey ? { serverKey: applicationServerKey } : {}),
      });
      return { subscription: { endpoint: `${origin}${path}`, keys: receiver.keys }, receiver };
    },
    /** The browser unsubscribed: the endpoint answers 410 from now on. */
    expire(endpoint: string) {
      const entry = subscriptions.get(new URL(endpoint).pathname);
      if (entry) entry.gone = true;
    },
    answerNextWith(status: number) {
      nextStatus = status;
    },
  };
}
