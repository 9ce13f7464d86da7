/**
 * Runs `task` once the page has loaded and the next frame is painted, so that it never competes
 * with the first page's render: a page that commits and then asks for more starts its fetches
 * after its frame is on screen.
 */
export function afterLoad(task: () => void): void {
  const run = () => requestAnimationFrame(() => setTimeout(task, 0));
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
