/** Waits until `check` holds, asking every 20 ms for at most `ms`; then asserts it, so a failure says what did not hold. */
import { expect } from 'vitest';

export async function eventually(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) if (await check()) return;
  expect(await check()).toBe(true);
}
