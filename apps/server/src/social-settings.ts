import { z } from 'zod';

const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/**
 * The variables of WeChat and Apple sign-in (issue 18, docs/sharing.md). The official account
 * itself (mp OAuth, JS-SDK, followers) reuses WECHAT_APP_ID/WECHAT_APP_SECRET/WECHAT_API_URL.
 */
export const socialEnvironment = {
  /** The open platform's website app, for the QR sign-in on a desktop. */
  WECHAT_OPEN_APP_ID: z.string().min(1).optional(),
  WECHAT_OPEN_APP_SECRET: z.string().min(1).optional(),
  /** WeChat's authorisation pages (the app sends the browser there): a stand-in in tests. */
  WECHAT_OPEN_URL: z.url().default('https://open.weixin.qq.com'),
  /** The official account's QR code image (alarm/wx-mp). */
  WECHAT_MP_QRCODE_URL: z.url().optional(),
  /** The audiences accepted in identity tokens: the app's bundle id and the web Services ID. */
  APPLE_CLIENT_IDS: list.optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  /** The Sign in with Apple key (.p8): inline PEM (\n for line breaks) or a file path. */
  APPLE_PRIVATE_KEY: z.string().min(1).optional(),
  APPLE_API_URL: z.url().default('https://appleid.apple.com'),
  APPLE_JWKS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
  /** The web's return address registered for the Services ID (the form_post callback). */
  APPLE_REDIRECT_URI: z.url().optional(),
};

type SocialEnvironment = z.output<z.ZodObject<typeof socialEnvironment>>;

export interface SocialSettings {
  wechatApiUrl: string;
  /** The official account (mp OAuth inside WeChat, JS-SDK, follower checks). */
  wechatMp: { appId: string; appSecret: string } | undefined;
  /** The open platform's website app (QR sign-in). */
  wechatOpen: { appId: string; appSecret: string } | undefined;
  wechatMpQrCodeUrl: string | undefined;
  /** Where the app sends the browser to authorise with WeChat. */
  wechatOpenUrl: string;
  apple:
    | {
        clientIds: string[];
        apiUrl: string;
        jwksUrl: string;
        redirectUri: string | undefined;
        /** The client secret's signer; without it no refresh token is kept, nothing revoked. */
        signer: { teamId: string; keyId: string; privateKey: string } | undefined;
      }
    | undefined;
}

const APPLE_SIGNER = ['APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'] as const;

export function socialSettings(
  e: SocialEnvironment & {
    WECHAT_API_URL: string;
    WECHAT_APP_ID?: string | undefined;
    WECHAT_APP_SECRET?: string | undefined;
  },
  problems: string[],
): SocialSettings {
  if (!e.WECHAT_OPEN_APP_ID !== !e.WECHAT_OPEN_APP_SECRET)
    problems.push('WECHAT_OPEN_APP_ID and WECHAT_OPEN_APP_SECRET go together');
  const signerKeys = APPLE_SIGNER.filter((key) => e[key] !== undefined);
  if (signerKeys.length > 0 && signerKeys.length < APPLE_SIGNER.length)
    problems.push(`${APPLE_SIGNER.join(', ')} go together`);
  const clientIds = e.APPLE_CLIENT_IDS ?? [];
  return {
    wechatApiUrl: e.WECHAT_API_URL,
    wechatMp:
      e.WECHAT_APP_ID && e.WECHAT_APP_SECRET
        ? { appId: e.WECHAT_APP_ID, appSecret: e.WECHAT_APP_SECRET }
        : undefined,
    wechatOpen:
      e.WECHAT_OPEN_APP_ID && e.WECHAT_OPEN_APP_SECRET
        ? { appId: e.WECHAT_OPEN_APP_ID, appSecret: e.WECHAT_OPEN_APP_SECRET }
        : undefined,
    wechatMpQrCodeUrl: e.WECHAT_MP_QRCODE_URL,
    wechatOpenUrl: e.WECHAT_OPEN_URL,
    apple:
      clientIds.length > 0
        ? {
            clientIds,
            apiUrl: e.APPLE_API_URL,
            jwksUrl: e.APPLE_JWKS_URL,
            redirectUri: e.APPLE_REDIRECT_URI,
            signer:
              e.APPLE_TEAM_ID && e.APPLE_KEY_ID && e.APPLE_PRIVATE_KEY
                ? {
                    teamId: e.APPLE_TEAM_ID,
                    keyId: e.APPLE_KEY_ID,
                    privateKey: e.APPLE_PRIVATE_KEY,
                  }
                : undefined,
          }
        : undefined,
  };
}
