/**
 * The protocol's field rules (main/protocol: the spec's type text, "String [3], ISO 4217 numeric code")
 * in the request's language. The type notation itself (String [1..36], Integer [1..19], Boolean, YYYYMM)
 * is the spec's and stays as it is in both languages; the words around it are Russian in a Russian answer.
 * The protocol is shared with the gateway client, whose rules stay English (a developer's detail), so the
 * sandbox translates them where it answers; a rule it does not know is quoted as it is.
 */
import { texts, type Texts } from './messages.js';

/** Rules by their whole English text. */
const WHOLE: Readonly<Record<string, string>> = {
  'String [3], ISO 4217 numeric code': 'String [3], цифровой код ISO 4217',
  'String [2], ISO 639-1 code': 'String [2], код ISO 639-1',
  'String [15..19] of digits': 'String [15..19] из цифр',
  'String [3], digits only': 'String [3], только цифры',
  'one of CI, F, U, RI, R, II, I (or empty)': 'одно из CI, F, U, RI, R, II, I (или пусто)',
  'an object of name/value pairs': 'объект из пар имя/значение',
  'an object of name/value attributes': 'объект из атрибутов имя/значение',
  'Unix time in milliseconds': 'время Unix в миллисекундах',
  'String [2..45]: Latin letters, space, full stop, hyphen, apostrophe': 'String [2..45]: латинские буквы, пробел, точка, дефис, апостроф',
  'comma-separated merchant logins, String [1..255] each': 'логины продавцов через запятую, каждый String [1..255]',
  'a time before to': 'время раньше, чем to',
  'String [19], format yyyy-MM-ddTHH:mm:ss': 'String [19] в формате yyyy-MM-ddTHH:mm:ss',
  'String [14], format YYYYMMDDHHmmss': 'String [14] в формате YYYYMMDDHHmmss',
  'String [7..15]: 7 to 15 digits, optional leading + or 00': 'String [7..15]: от 7 до 15 цифр, в начале можно + или 00',
  'a JSON object': 'объект JSON',
  'an object': 'объект',
  'an array': 'массив',
  'exactly one element': 'ровно один элемент',
  'String [0..50], Latin characters only': 'String [0..50], только латинские символы',
  'String [2], ISO 3166-1 two-letter code': 'String [2], двухбуквенный код ISO 3166-1',
  'an array of sub-merchants': 'массив субпродавцов',
  'Number [1..18] with at most 3 decimal places': 'Number [1..18], не более 3 знаков после запятой',
  'itemPrice multiplied by quantity': 'itemPrice, умноженная на quantity',
  'a cart item or an array of them': 'позиция корзины или массив позиций',
  'at least one cart item': 'хотя бы одна позиция корзины',
};

/** Rules built from a list of values: the words before the list translated, the values kept. */
const LEADS: readonly (readonly [RegExp, string])[] = [
  [/^one of (.+)$/s, 'одно из: $1'],
  [/^features from (.+)$/s, 'признаки из списка: $1'],
  [/^comma-separated subset of (.+)$/s, 'подмножество через запятую из: $1'],
  [/^a value of type (.+)$/s, 'значение типа $1'],
];

export function ruleWords(rule: string): Texts {
  const whole = WHOLE[rule];
  if (whole !== undefined) return texts(rule, whole);
  for (const [lead, ru] of LEADS) if (lead.test(rule)) return texts(rule, rule.replace(lead, ru));
  return texts(rule, rule);
}
