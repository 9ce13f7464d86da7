import { z } from 'zod';

/** An http(s) origin as a browser writes it: scheme, host and a port only when not the default. */
const origin = (value: string): string | undefined => {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && value.replace(/\/$/, '') === url.origin
      ? url.origin
      : undefined;
  } catch {
    return undefined;
  }
};

/** Operator content the app shows in its web view (issue 18, §9 app manual). */
export const contentEnvironment = {
  /** The user manual's address: with the app manual flag on, a "User manual" row opens it. */
  APP_MANUAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Origins the web view may show in a frame (comma list, e.g. https://help.example.com). */
  WEBVIEW_ORIGINS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((item) => origin(item) !== undefined), {
      message: 'must be a comma list of http(s) origins without a path',
    })
    .transform((list) => list.map((item) => origin(item)!))
    .default([]),
};

type ContentEnvironment = z.output<z.ZodObject<typeof contentEnvironment>>;

export interface ContentSettings {
  manualUrl: string | null;
  /** The allow-list of the web view and of the CSP's frame-src; the manual's origin included. */
  webViewOrigins: string[];
}

export function contentSettings(e: ContentEnvironment): ContentSettings {
  const manualOrigin = e.APP_MANUAL_URL ? new URL(e.APP_MANUAL_URL).origin : undefined;
  return {
    manualUrl: e.APP_MANUAL_URL ?? null,
    webViewOrigins: [...new Set([...e.WEBVIEW_ORIGINS, ...(manualOrigin ? [manualOrigin] : [])])],
  };
}
