import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY =
  /^(password|oldPassword|newPassword|code|captchaCode|captcha|token|access_token)$/i;

/** Strips secrets from a logged URL: a query value of a secret-like name becomes "[redacted]". */
export function redactUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (!query) return url;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_QUERY.test(key)) params.set(key, '[redacted]');
  return `${path}?${params.toString()}`;
}

/** pino options: passwords, tokens and codes never reach the log. */
export function loggerOptions(
  level: string,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["x-renewed-token"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
