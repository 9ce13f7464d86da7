/**
 * Runs in the page before the app (context.addInitScript): the app's language, and the offline
 * outline as the map (no tiles can load here).
 */
export function appSettings({ language }: { language: string }) {
  localStorage.setItem(
    'xunji.app',
    JSON.stringify({ state: { pickedLanguage: language, mapSource: 'none' }, version: 1 }),
  );
}
