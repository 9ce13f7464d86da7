/*
 * Xunji service worker (hand-written): caches the app shell and every page's code.
 * - Install: the shell, and every file of the build's assets/ (the list below, written by
 *   scripts/precache-assets.ts at build), so any page opens offline, not only those visited.
 * - Navigations: network first; offline, the cached index.html (every route is the same shell).
 * - /assets/*: cache first; their names carry a content hash, so a cached file never goes stale.
 *   A new build's worker drops the files its build no longer has.
 * - /map/*.json (the offline China outline): from the cache at once, refreshed in the background
 *   (its name has no hash; it changes only with a new build), so the outline shows offline.
 * - Everything else, the API included, goes to the network untouched.
 * - Push: the server's alarm pushes ({alarmId, title, body, terminalId}) become notifications, one
 *   per alarm; tapping one opens that alarm's details in an app window.
 */
const SHELL_CACHE = 'xunji-shell-v1';
const ASSET_CACHE = 'xunji-assets-v1';
const MAP_CACHE = 'xunji-map-v1';
const SHELL_URL = '/';
const PRECACHE = [SHELL_URL, '/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png'];
// Filled at build; empty when served by the development server.
const BUILD_ASSETS = [];

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

/** The shell, and the build's assets not cached yet (a hashed file cached once stays good). */
async function precache() {
  await (await caches.open(SHELL_CACHE)).addAll(PRECACHE);
  const assets = await caches.open(ASSET_CACHE);
  const cached = new Set((await assets.keys()).map((request) => new URL(request.url).pathname));
  await assets.addAll(BUILD_ASSETS.filter((path) => !cached.has(path)));
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([dropOtherCaches(), dropOldAssets()]).then(() => self.clients.claim()),
  );
});

async function dropOtherCaches() {
  const current = [SHELL_CACHE, ASSET_CACHE, MAP_CACHE];
  const keys = await caches.keys();
  await Promise.all(keys.filter((key) => !current.includes(key)).map((key) => caches.delete(key)));
}

/** The files of earlier builds (only a built worker knows which those are). */
async function dropOldAssets() {
  if (BUILD_ASSETS.length === 0) return;
  const assets = await caches.open(ASSET_CACHE);
  const wanted = new Set(BUILD_ASSETS);
  const requests = await assets.keys();
  await Promise.all(
    requests
      .filter((request) => !wanted.has(new URL(request.url).pathname))
      .map((request) => assets.delete(request)),
  );
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (/^\/map\/[^/]+\.json$/.test(url.pathname))
    event.respondWith(staleWhileRevalidate(event));
});

async function networkFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    const isShell = (response.headers.get('content-type') || '').includes('text/html');
    if (response.ok && isShell) await cache.put(SHELL_URL, response.clone());
    return response;
  } catch (error) {
    const shell = await cache.match(SHELL_URL);
    if (shell) return shell;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** Kept by path: a version query added later replaces the entry instead of adding one. */
async function staleWhileRevalidate(event) {
  const cache = await caches.open(MAP_CACHE);
  const key = new URL(event.request.url).pathname;
  const cached = await cache.match(key);
  const refresh = fetch(event.request).then(async (response) => {
    if (response.ok) await cache.put(key, response.clone());
    return response;
  });
  if (!cached) return refresh;
  event.waitUntil(refresh.catch(() => undefined));
  return cached;
}

const ALARM_DETAILS = '/pagesMore/message/statement';
const MESSAGE_TAB = '/pages/message/msg';

/** The alarm push's JSON; a payload that is not JSON still shows as its text. */
function readPush(data) {
  if (!data) return null;
  try {
    const payload = data.json();
    return payload && typeof payload === 'object' ? payload : null;
  } catch {
    return { title: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const alarm = readPush(event.data);
  if (!alarm || !alarm.title) return;
  event.waitUntil(
    self.registration.showNotification(String(alarm.title), {
      body: alarm.body ? String(alarm.body) : '',
      // One notification per alarm: a repeated push replaces it instead of stacking.
      tag: alarm.alarmId ? `alarm-${alarm.alarmId}` : 'alarm',
      icon: '/icons/icon-192.png',
      data: { alarmId: alarm.alarmId ?? null, terminalId: alarm.terminalId ?? null },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const alarmId = event.notification.data && event.notification.data.alarmId;
  const path = alarmId ? `${ALARM_DETAILS}?id=${encodeURIComponent(alarmId)}` : MESSAGE_TAB;
  event.waitUntil(openApp(new URL(path, self.location.origin).href));
});

/** An open app window goes to the page and comes to the front; else a new window opens. */
async function openApp(url) {
  const windows = await self.clients.matchAll({ type: 'window' });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) return self.clients.openWindow(url);
  // Focus first: the click's permission to raise a window does not last.
  const focused = await open.focus();
  return (focused || open).navigate(url);
}
