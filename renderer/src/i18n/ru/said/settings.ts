/** Settings and environments, in Russian (main/phrases/en/settings.ts); an environment is named in «». */
import type { settings as en } from '../../../../../main/phrases/en/settings.js';
import type { Catalogue } from '../../catalogue.js';

export const settings: Catalogue<typeof en> = {
  env: { sandbox: 'песочница', test: 'тестовое', production: 'боевое', custom: 'своё' },
  sandboxNotRunning: 'Встроенная песочница не запущена',
  baseUrlUserinfo:
    'Базовый URL не должен содержать имя пользователя или пароль (user:password@): пользователь и пароль API хранятся в хранилище ключей ОС; введите их в поля учётных данных',
  baseUrlUserinfoOf:
    'Базовый URL не должен содержать имя пользователя или пароль (user:password@): пользователь и пароль API хранятся в хранилище ключей ОС; введите их в поля учётных данных (окружение «{{environment}}»)',
  baseUrlHadUserinfo:
    'Сохранённый базовый URL содержал имя пользователя или пароль (user:password@), что больше не допускается: он показывается и используется без них; проверьте его и сохраните подключение ещё раз, чтобы убрать их из файла настроек, а пользователя и пароль API храните в полях учётных данных (пароль уходит в хранилище ключей ОС)',
  noBaseUrl: 'Для окружения «{{environment}}» не задан базовый URL',
  notAUrl: 'Базовый URL окружения «{{environment}}» — не URL: {{url}}',
  httpsOnly: 'Окружение «{{environment}}» должно работать по HTTPS, а не {{protocol}}',
  unsupportedProtocol: 'Протокол {{protocol}} не поддерживается',
  invalidSettings: 'Недопустимые настройки: {{fields}}',
  invalidConnection: 'Недопустимое подключение: {{fields}}',
  sandboxCredentials: 'Учётные данные песочницы заданы заранее и открыты; сохранять нечего',
  noEnvironmentOpen: 'Ни одно окружение не открыто',
  noToken: 'Для окружения «{{environment}}» не задан токен API',
  noPassword: 'Для окружения «{{environment}}» не заданы пользователь и пароль API',
  signatureNoKey: 'Окружение «{{environment}}» требует подписанных запросов, а активного ключа подписи нет',
  keyActiveBut: 'Ключ активен, но окружение «{{environment}}» нельзя использовать, пока не исправлено:',
  savedBut: 'Сохранено, но окружение «{{environment}}» нельзя использовать, пока не исправлено:',
  keychainLocked: 'её учётные данные хранятся в хранилище ключей ОС, а оно заблокировано',
  keychainUnusable: 'её учётные данные хранятся в хранилище ключей ОС, а оно сейчас недоступно',
  connected: 'Подключено: шлюз ответил',
  credentialsAccepted: 'Подключено: шлюз принял учётные данные',
  input: {
    language: 'нужен двухбуквенный код языка',
    nothingToChange: 'укажите хотя бы одну настройку',
    secretEmpty: 'не должно быть пустым',
    currencyTwice: 'валюта не должна повторяться',
  },
};
