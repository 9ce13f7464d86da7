import { signAliyunRpc } from '../../src/providers/aliyun/aliyun-rpc.js';
import { localHttpServer } from './local-http.js';

/**
 * A local stand-in for an Aliyun RPC API (dysmsapi, dyvmsapi): it recomputes the v1.0 signature
 * with `secret` and answers SignatureDoesNotMatch (HTTP 400) as Aliyun does when it differs.
 */
export function startAliyunStandIn(secret: string, success: Record<string, string>) {
  const received: Record<string, string>[] = [];
  const ok = { Code: 'OK', Message: 'OK', ...success };
  let answer: { status: number; body: object } = { status: 200, body: ok };
  const server = localHttpServer((request, response) => {
    const params = Object.fromEntries(new URL(request.url ?? '/', 'http://x').searchParams);
    const { Signature, ...signed } = params;
    const valid = Signature === signAliyunRpc('GET', signed, secret);
    received.push(params);
    const { status, body } = valid
      ? answer
      : { status: 400, body: { Code: 'SignatureDoesNotMatch', Message: 'bad signature' } };
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ RequestId: 'r1', ...body }));
  });
  return {
    ...server,
    received,
    answerWith: (body: { Code: string; Message: string }, status = 200) =>
      (answer = { status, body }),
    reset: () => {
      received.length = 0;
      answer = { status: 200, body: ok };
    },
  };
}
