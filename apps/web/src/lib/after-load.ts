/** Runs `task` once the page has loaded, so that it never competes with the first render. */
export function afterLoad(task: () => void): void {
  const run = () => setTimeout(task, 0);
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
