/** Drives the sandbox's ACS page the way a cardholder's browser would. */
import { expect } from 'vitest';
import { getNoFollow } from './client.js';

/** Opens the ACS page, submits the code, follows the gateway's own redirects, and returns the merchant URL reached. */
export async function authenticateAtAcs(acsUrl: string, code: string): Promise<string> {
  const page = await fetch(acsUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const orderId = /name="orderId" value="([^"]+)"/.exec(html)?.[1];
  expect(orderId).toBeDefined();
  const origin = new URL(acsUrl).origin;
  let res = await getNoFollow(`${origin}/payment/acs/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ orderId: orderId!, code, action: 'confirm' }).toString(),
  });
  // 3DS1 passes through the gateway's termUrl before reaching the merchant.
  while (res.status === 303 && res.headers.get('location')!.startsWith(origin)) {
    res = await getNoFollow(res.headers.get('location')!);
  }
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}
