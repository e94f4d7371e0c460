/** Orders a UI test looks for, made at the app's embedded sandbox before it runs. */
import type { Sandbox } from '../../main/sandbox/index.js';
import { paidOrder, register, uniqueNumber } from '../sandbox/client.js';

/** `count` orders numbered from `prefix`, every `paidEvery`-th one paid and the rest only registered: their numbers, in order. */
export async function ordersAt(sb: Sandbox, count: number, prefix: string, paidEvery: number): Promise<string[]> {
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) {
    const orderNumber = uniqueNumber(`${prefix}${i}`);
    await (i % paidEvery === 0 ? paidOrder(sb, { orderNumber }) : register(sb, { orderNumber }));
    numbers.push(orderNumber);
  }
  return numbers;
}
