/**
 * Runs in the page before the app (context.addInitScript): the app's language, and the offline
 * outline as the map (no tiles can load here).
 */
export function appSettings({ language }: { language: string }) {
  localStorage.setItem(
    'xunji.app',
    JSON.stringify({ state: { language, mapSource: 'none' }, version: 0 }),
  );
}
