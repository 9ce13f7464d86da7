/** Where `/pagesUser/webView?url=…` leads: in a frame, outside (a link), or nowhere. */
export type WebViewTarget =
  { kind: 'frame'; url: string } | { kind: 'outside'; url: string } | { kind: 'invalid' };

/**
 * A page is framed only when its origin is in the operator's allow-list (`webViewOrigins` of the
 * application configuration); any other http(s) address opens outside; anything else not at all.
 */
export function webViewTarget(
  raw: string | null,
  allowedOrigins: readonly string[],
): WebViewTarget {
  let url: URL;
  try {
    url = new URL(raw ?? '');
  } catch {
    return { kind: 'invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'invalid' };
  return allowedOrigins.includes(url.origin)
    ? { kind: 'frame', url: url.href }
    : { kind: 'outside', url: url.href };
}
