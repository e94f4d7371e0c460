/** The sandbox's developer console, in Russian (main/phrases/en/console.ts). */
import type { console as en } from '../en/console.js';
import type { Catalogue } from '../catalogue.js';

export const console: Catalogue<typeof en> = {
  otherEnvironment:
    'Консоль разработчика показывает встроенную песочницу, а приложение сейчас работает в окружении «{{environment}}»; чтобы открыть консоль, переключитесь на песочницу в Настройках.',
};
