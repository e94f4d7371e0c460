/**
 * A fault rule in one plain sentence, as it stands now (its remaining uses counted), for the developer
 * console and GET /sandbox/faults: "The next 1 request to getOrderStatusExtended.do answers HTTP 503".
 */
import type { FaultRule } from '../http/faults.js';

type Rule = Pick<FaultRule, 'path' | 'mode' | 'count' | 'skip' | 'latencyMs' | 'status' | 'retryAfterSec' | 'seen' | 'applied'>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The endpoint as developers name it: register.do for the REST paths, the whole path otherwise. */
function endpointName(path: string): string {
  if (path === '*') return 'any endpoint';
  return path.startsWith('/payment/rest/') ? path.slice('/payment/rest/'.length) : path;
}

/** What happens to an affected request, as a verb phrase for one request and for several. */
function outcome(rule: Rule, one: boolean): string {
  const verb = (singular: string, pluralForm: string) => (one ? singular : pluralForm);
  const its = one ? 'its' : 'their';
  switch (rule.mode) {
    case 'latency':
      return `${verb('waits', 'wait')} ${rule.latencyMs} ms, then ${verb('is', 'are')} handled normally`;
    case 'status':
      return `${verb('answers', 'answer')} HTTP ${rule.status} without being processed`;
    case 'throttle':
      return `${verb('answers', 'answer')} 429 with Retry-After: ${rule.retryAfterSec} without being processed`;
    case 'reset':
      return `${verb('is', 'are')} not processed: the connection is reset`;
    case 'lost':
      return `${verb('is', 'are')} processed, then ${its} answer is lost (connection reset)`;
    case 'truncate':
      return `${verb('is', 'are')} processed, then only half of ${its} answer is sent before the connection is reset`;
  }
}

export function describeFault(rule: Rule): string {
  const target = endpointName(rule.path);
  const remaining = rule.count === 0 ? Infinity : rule.count - rule.applied;
  if (remaining <= 0) return `Used up: it affected ${plural(rule.applied, 'request')} to ${target} and does nothing more`;
  // "Every request" takes the singular, as "the next 1 request" does.
  const one = remaining === 1 || remaining === Infinity;
  const delayed = rule.mode !== 'latency' && rule.latencyMs > 0;
  const what = delayed ? `${one ? 'waits' : 'wait'} ${rule.latencyMs} ms, then ${outcome(rule, one)}` : outcome(rule, one);
  const subject = remaining === Infinity ? `Every request to ${target}` : `The next ${plural(remaining, 'request')} to ${target}`;
  const toSkip = Math.max(rule.skip - rule.seen, 0);
  const lead = toSkip > 0 ? `After ${plural(toSkip, 'request')} to ${target} ${toSkip === 1 ? 'goes' : 'go'} through untouched, ` : '';
  const sentence = `${subject} ${what}`;
  return lead ? `${lead}${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}` : sentence;
}

/** The rules as the console shows them: each with its sentence. */
export function faultsView(rules: readonly FaultRule[]) {
  return { rules: rules.map((r) => ({ ...r, describe: describeFault(r) })) };
}
