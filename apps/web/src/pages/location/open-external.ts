/** How long a page that handed a geo: URI to another app waits to be left before it gives up. */
export const APP_SWITCH_WAIT_MS = 2000;

/**
 * Opens a link of another map app. Web links go to a new tab (or the system browser of an
 * installed app, which hands vendor links to the vendor's app); false when the browser refused
 * (a blocked pop-up). A geo: URI replaces nothing: the page only counts it as opened if it loses
 * focus or visibility soon after (an app or a chooser took over), since a scheme nobody handles
 * fails silently.
 */
export function openExternalUrl(url: string, win: Window = window): Promise<boolean> {
  if (/^https?:/i.test(url)) {
    try {
      const opened = win.open(url, '_blank');
      if (!opened) return Promise.resolve(false);
      try {
        opened.opener = null;
      } catch {
        // a cross-origin window may refuse; the link is open all the same
      }
      return Promise.resolve(true);
    } catch {
      return Promise.resolve(false);
    }
  }
  return new Promise((resolve) => {
    let left = false;
    const onLeave = () => {
      left = true;
    };
    const onVisibility = () => {
      if (win.document.visibilityState === 'hidden') left = true;
    };
    const cleanup = () => {
      win.removeEventListener('blur', onLeave);
      win.removeEventListener('pagehide', onLeave);
      win.document.removeEventListener('visibilitychange', onVisibility);
    };
    win.addEventListener('blur', onLeave);
    win.addEventListener('pagehide', onLeave);
    win.document.addEventListener('visibilitychange', onVisibility);
    try {
      win.location.href = url;
    } catch {
      cleanup();
      resolve(false);
      return;
    }
    setTimeout(() => {
      cleanup();
      resolve(left);
    }, APP_SWITCH_WAIT_MS);
  });
}

/** Copies text; the old execCommand path where the Clipboard API is missing (plain http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the old way
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.appendChild(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}
