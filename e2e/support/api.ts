import type { Page } from 'playwright-core';

/** An API call from the signed-in page, with its token: answers the envelope's data. */
export async function callAs<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const envelope = await page.evaluate(
    async ({ method, path, body }) => {
      const { state } = JSON.parse(localStorage.getItem('xunji.account') ?? '{}') as {
        state: { access_token: string };
      };
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${state.access_token}`,
          applicationId: '1',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as { code: number; message: string; data: unknown };
    },
    { method, path, body },
  );
  if (envelope.code !== 0)
    throw new Error(`${method} ${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data as T;
}

/** The id of the signed-in user's device with this number. */
export async function deviceIdOf(page: Page, terminalNo: string): Promise<number> {
  const { list } = await callAs<{ list: { id: number; terminalNo: string }[] }>(
    page,
    'GET',
    '/terminal/page?page=1&limit=100',
  );
  const device = list.find((item) => item.terminalNo === terminalNo);
  if (!device) throw new Error(`no device ${terminalNo} in the list`);
  return device.id;
}
