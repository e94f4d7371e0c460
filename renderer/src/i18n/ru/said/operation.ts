/** Deposit, reverse and refund on an order, in Russian (main/phrases/en/operation.ts). */
import type { operation as en } from '../../../../../main/phrases/en/operation.js';
import type { Catalogue } from '../../catalogue.js';

export const operation: Catalogue<typeof en> = {
  kind: {
    deposit: 'списание',
    reverse: 'отмена',
    refund: 'возврат',
  },
  statusUnreadable:
    'Не удалось узнать текущий статус заказа, поэтому ничего не отправлено. {{what}} Повторите через минуту; если не поможет, проверьте окружение в Настройках.',
  stillOpen:
    'Операция «{{kind}}» по этому заказу (её начал {{operator}}) ещё без ответа; по заказу ничего не отправляется, пока она не будет сверена',
  onlyHeld: 'Списать можно только захолдированную сумму: заказ сейчас в состоянии «{{status}}» (статус {{code}}); ничего не отправлено',
  onlyHeldOrCharged:
    'Отменить можно только холдирование или списание: заказ сейчас в состоянии «{{status}}» (статус {{code}}); ничего не отправлено',
  onlyCharged:
    'Вернуть можно только списанный заказ с невозвращённым остатком: заказ сейчас в состоянии «{{status}}» (статус {{code}}); ничего не отправлено',
  unknownCode: 'неизвестен',
  inStatus: 'Заказ в статусе {{status}}',
  reasonTooLong: 'не длиннее 200 символов',
  reasonHasCard: 'содержит номер карты; укажите причину без него',
};
