/** The shared components, in Russian. */
import type { Catalogue } from '../catalogue.js';
import type { components as en } from '../en/components.js';

export const components: Catalogue<typeof en> = {
  amount: {
    empty: 'Введите сумму',
    notNumber: 'Только цифры, дробная часть — через точку или запятую',
    ambiguous: '«{{text}}» можно прочесть двояко: не разделяйте тысячи, а дробную часть отделяйте точкой',
    noDecimals: 'У этой валюты нет дробной части',
    decimals_one: 'Не больше {{count}} знака после запятой для этой валюты',
    decimals_few: 'Не больше {{count}} знаков после запятой для этой валюты',
    decimals_many: 'Не больше {{count}} знаков после запятой для этой валюты',
    decimals_other: 'Не больше {{count}} знака после запятой для этой валюты',
    tooLarge: 'Слишком большая сумма',
    zero: 'Сумма должна быть больше нуля',
  },
  copy: {
    label: 'Скопировать: {{what}}',
    copy: 'Копировать',
    copied: 'Скопировано',
  },
  csv: {
    chooseFile: 'Выбрать CSV-файл…',
    read: 'Прочитан файл {{name}}',
    dropHere: 'или перетащите файл сюда',
  },
  error: {
    details: 'Подробности',
  },
  progress: {
    of: '{{value}} из {{max}}',
  },
  toasts: {
    dismiss: 'Закрыть сообщение',
  },
  upcoming: {
    notYet: 'Этого раздела в текущей версии ещё нет: его службы уже работают, а экран появится в следующей версии.',
  },
};
